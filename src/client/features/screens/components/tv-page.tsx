import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { readAgainOnMount } from '@/lib/api';
import { getScreenStatus, SCREEN_STATUS_KEY } from '../api/tv-api';
import { ScreenBoard } from './screen-board';

// The pairing flow (its code requests and the QR encoder) loads only on a TV that is not paired:
// a paired screen's first load is its board alone.
const PairingFlow = lazy(() => import('./pairing-flow'));

/** While a code is shown, the TV asks every 2 s whether an admin has claimed it. */
const PAIRING_POLL_MS = 2_000;
/**
 * Paired, the event stream tells it at once when it is revoked; it also asks every 10 s whether
 * it still is (one indexed read), for when the stream is blocked.
 */
const PAIRED_POLL_MS = 10_000;

/**
 * `/tv` (decision 010): a paired screen shows its company's board; any other device shows a
 * pairing code and waits. Revoked, it falls back to a new code by itself.
 */
export function TvPage() {
  const status = useQuery({
    queryKey: SCREEN_STATUS_KEY,
    queryFn: ({ signal }) => getScreenStatus(signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'paired' ? PAIRED_POLL_MS : PAIRING_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    // The answer asked for before the page rendered (prefetch-screen.ts) is not asked again.
    refetchOnMount: readAgainOnMount,
  });
  const current = status.data;
  if (current?.status === 'paired') return <ScreenBoard screen={current.screen} />;
  if (status.isPending) return <FullPageLoader />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      {/* Unmounted once paired: a revoked screen starts again with a new code. */}
      <PairingFlow
        statusFailed={status.isError}
        tick={status.dataUpdatedAt + status.errorUpdatedAt}
      />
    </Suspense>
  );
}
