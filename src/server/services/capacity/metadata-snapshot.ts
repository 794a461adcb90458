import { z } from 'zod';
import type { NamedItem } from '../../../shared/api/servicetitan.js';

/** Active business units and job types of a tenant, as the board names them. */
export interface TenantMetadata {
  businessUnits: NamedItem[];
  jobTypes: NamedItem[];
}

const namedItems = z.array(z.object({ id: z.number(), name: z.string() }));
const storedMetadataSchema = z.object({
  v: z.literal(1),
  businessUnits: namedItems,
  jobTypes: namedItems,
});

export function encodeMetadata(metadata: TenantMetadata) {
  return { v: 1 as const, ...metadata };
}

export function decodeMetadata(stored: unknown): TenantMetadata | null {
  const parsed = storedMetadataSchema.safeParse(stored);
  if (!parsed.success) return null;
  return { businessUnits: parsed.data.businessUnits, jobTypes: parsed.data.jobTypes };
}

const byName = (a: NamedItem, b: NamedItem) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Only active items are offered; ServiceTitan's `active=True` filter is applied again defensively. */
export function toMetadata(
  businessUnits: { id: number; name: string; active: boolean }[],
  jobTypes: { id: number; name: string; active: boolean }[],
): TenantMetadata {
  return {
    businessUnits: businessUnits
      .filter((b) => b.active !== false)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
    jobTypes: jobTypes
      .filter((j) => j.active !== false)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
  };
}
