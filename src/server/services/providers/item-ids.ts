import crypto from 'node:crypto';
import type { ItemType } from '../../../shared/api/item-groups.js';
import type { ProviderId } from '../../../shared/providers/platforms.js';

/**
 * The port's number for an item a platform names with a string (decision 040): the first 48 bits
 * of SHA-256 over the platform, the view and the platform's id. The same on every instance and
 * after a restart, with nothing stored; exact as a JSON number and a bigint column. Two of a
 * company's items would share a number with a chance of about n² / 2^49 (a few hundred items:
 * one in a billion), and a company's items are few.
 */
export function platformItemId(provider: ProviderId, view: ItemType, platformId: string): number {
  const digest = crypto.createHash('sha256').update(`${provider}\u0000${view}\u0000${platformId}`);
  return digest.digest().readUIntBE(0, 6) || 1;
}
