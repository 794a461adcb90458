import type { z } from 'zod';
import { ServiceTitanError, type ReadOptions } from './contract.js';
import type { ApiGet, StModule } from './api-request.js';
import { pageEnvelope } from './types.js';

export const PAGE_SIZE = 500;
/** 500 × 200 = 100,000 records: far beyond any tenant's three-week window. Stops a server that never says "no more". */
const MAX_PAGES = 200;

/** An answer that does not match the documented shape, naming where it went wrong. */
export function unexpectedShape(
  resource: string,
  path: string,
  error: z.ZodError,
): ServiceTitanError {
  const issue = error.issues[0];
  const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown';
  return new ServiceTitanError(
    'bad_response',
    `ServiceTitan answered ${resource} in an unexpected shape (${where})`,
    { path },
  );
}

/** Reads page 1, 2, ... while ServiceTitan answers `hasMore: true`. */
export async function listAllPages<T extends z.ZodType>(
  get: ApiGet,
  module: StModule,
  resource: string,
  query: Record<string, string>,
  item: T,
  options?: ReadOptions,
): Promise<z.output<T>[]> {
  const envelope = pageEnvelope(item);
  const all: z.output<T>[] = [];
  const path = `/${module}/v2/tenant/{tenant}/${resource}`;
  for (let page = 1; ; page++) {
    const json = await get(
      module,
      resource,
      { ...query, page: String(page), pageSize: String(PAGE_SIZE) },
      options,
    );
    const parsed = envelope.safeParse(json);
    if (!parsed.success) throw unexpectedShape(resource, path, parsed.error);
    all.push(...parsed.data.data);
    if (!parsed.data.hasMore) return all;
    if (parsed.data.data.length === 0 || page >= MAX_PAGES) {
      throw new ServiceTitanError(
        'bad_response',
        `ServiceTitan kept answering hasMore for ${resource}`,
        { path },
      );
    }
  }
}
