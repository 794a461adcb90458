import type { ProviderMetadata } from '@shared/api/providers';
import { platformOf, type Platform } from '@shared/providers/platforms';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { withQuery } from '@/lib/with-query';

/** Every provider-metadata query starts with this (invalidate it after a platform change). */
export const PROVIDER_METADATA_KEY = ['/api/provider/metadata'] as const;

/**
 * `GET /api/provider/metadata[?companyId=]`: the company's platform, its name, whether it is
 * connected, its two kinds of items and (for its admins) its webhook address. `companyId` is the
 * company a master admin looks at; undefined: the person's own.
 */
export function useProviderMetadata(companyId?: number, enabled = true) {
  return useQuery({
    queryKey: [...PROVIDER_METADATA_KEY, companyId ?? null],
    queryFn: ({ signal }) =>
      apiJson<ProviderMetadata>(
        'GET',
        withQuery('/api/provider/metadata', { companyId }),
        undefined,
        { signal },
      ),
    enabled,
  });
}

/**
 * The platform the company runs on, for the words pages say ("No <platform> Credentials",
 * "Service Configuration"); the default platform's until the answer comes (and signed out).
 */
export function usePlatform(companyId?: number, enabled = true): Platform {
  const metadata = useProviderMetadata(companyId, enabled);
  return platformOf(metadata.data?.provider);
}
