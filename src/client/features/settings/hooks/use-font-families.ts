import { fontListResponseSchema } from '@shared/api/fonts';
import { FALLBACK_FONTS } from '@shared/settings/dashboard-settings';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/**
 * The families the font picker offers: GET /api/fonts, or the 10 fallback families when that
 * call fails or answers something unexpected (seed section 8).
 */
export function useFontFamilies(): { families: string[]; isLoading: boolean } {
  const query = useQuery({
    queryKey: ['/api/fonts'],
    queryFn: async ({ signal }) => {
      const parsed = fontListResponseSchema.safeParse(
        await apiJson<unknown>('GET', '/api/fonts', undefined, { signal }),
      );
      if (!parsed.success || parsed.data.length === 0) throw new Error('Unexpected font list');
      return [...new Set(parsed.data.map((font) => font.family))];
    },
  });
  if (query.isPending && query.fetchStatus === 'fetching') return { families: [], isLoading: true };
  return { families: query.data ?? [...FALLBACK_FONTS], isLoading: false };
}
