import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { webhookReceipts } from '../../db/schema.js';

/** Receipts are kept this long: far beyond the 5 minutes a signed delivery is accepted for. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const digest = (...parts: (string | Buffer)[]) => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url');
};

/**
 * Platform webhooks already seen (decision 041), shared by every instance through the
 * `webhook_receipts` table: the one module that reads and writes it.
 *
 * - `replayed`: this exact delivery (its signature) was accepted before: refused.
 * - `duplicate`: the same event (its body) came before under another signature (the platform
 *   sent it again): answered, not acted on.
 */
export async function recordWebhook(
  db: Database,
  input: { provider: string; companyId: number; signature: string; raw: Buffer; at: Date },
): Promise<'new' | 'replayed' | 'duplicate'> {
  const { provider, companyId, at } = input;
  const signatureKey = `${provider}:signature:${digest(input.signature)}`;
  const bodyKey = `${provider}:body:${companyId}:${digest(input.raw)}`;
  const inserted = await db
    .insert(webhookReceipts)
    .values({ key: signatureKey, companyId, receivedAt: at })
    .onConflictDoNothing()
    .returning({ key: webhookReceipts.key });
  if (inserted.length === 0) return 'replayed';
  const body = await db
    .insert(webhookReceipts)
    .values({ key: bodyKey, companyId, receivedAt: at })
    .onConflictDoNothing()
    .returning({ key: webhookReceipts.key });
  await db
    .delete(webhookReceipts)
    .where(lt(webhookReceipts.receivedAt, new Date(at.getTime() - KEEP_MS)));
  return body.length === 0 ? 'duplicate' : 'new';
}
