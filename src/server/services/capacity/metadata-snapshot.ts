import { z } from 'zod';
import type { ProviderItems } from '../providers/port.js';

/** The items of both views of a platform account, as the board names them (stored form v1). */
export type TenantMetadata = ProviderItems;

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
