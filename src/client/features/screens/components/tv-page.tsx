import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { useNow } from '@/features/dashboard/hooks/use-now';
import { ApiError } from '@/lib/api';
import { getScreenStatus, SCREEN_STATUS_KEY, startPairing } from '../api/tv-api';
import { ScreenBoard } from './screen-board';

// The pairing screen (with its QR encoder) loads only on a TV that is not paired: a paired
// screen's first load is its board alone.
const PairingView = lazy(() => import('./pairing-view').then((m) => ({ default: m.PairingView })));

/** While a code is shown, the TV asks every 2 s whether an admin has claimed it. */
const PAIRING_POLL_MS = 2_000;
/**
 * Paired, the event stream tells it at once when it is revoked; it also asks every 10 s whether
 * it still is (one indexed read), for when the stream is blocked.
 */
const PAIRED_POLL_MS = 10_000;

/** A code the TV shows, with when it runs out by this TV's own clock. */
interface ShownCode {
  code: string;
  expiresAtMs: number;
}

/**
 * `/tv` (decision 010): a paired screen shows its company's board; any other device shows a
 * pairing code and waits. Revoked, it falls back to a new code by itself.
 */
export function TvPage() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: SCREEN_STATUS_KEY,
    queryFn: ({ signal }) => getScreenStatus(signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'paired' ? PAIRED_POLL_MS : PAIRING_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const [shown, setShown] = useState<ShownCode | null>(null);
  const now = useNow(1_000);
  const pairing = useMutation({
    mutationFn: startPairing,
    onSuccess: (answer) => {
      setShown({ code: answer.code, expiresAtMs: Date.now() + answer.expiresInSeconds * 1000 });
      void queryClient.invalidateQueries({ queryKey: SCREEN_STATUS_KEY });
    },
    onError: (error) => {
      // Paired meanwhile (another tab): the status says so.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: SCREEN_STATUS_KEY });
    },
  });

  const current = status.data;
  const paired = current?.status === 'paired' ? current : null;

  // A claimed code is spent: once revoked, the TV needs a new one at once.
  if (paired && shown !== null) setShown(null);

  const secondsLeft = shown ? (shown.expiresAtMs - now.getTime()) / 1000 : 0;
  const needsCode =
    current !== undefined && !paired && (shown === null || secondsLeft <= 0) && !pairing.isPending;
  const pairingFailed =
    pairing.isError && !(pairing.error instanceof ApiError && pairing.error.status === 409);
  // Asked again at each status check (every 2 s) until a code arrives.
  const tick = status.dataUpdatedAt + status.errorUpdatedAt;
  const { mutate: requestCode } = pairing;
  useEffect(() => {
    if (needsCode) requestCode();
  }, [needsCode, tick, requestCode]);
  if (paired) return <ScreenBoard screen={paired.screen} />;
  if (current === undefined && status.isPending) return <FullPageLoader />;

  const linkRevoked = new URLSearchParams(window.location.search).get('link') === 'invalid';
  const problem =
    status.isError || pairingFailed
      ? 'Cannot reach the server. This screen keeps trying by itself.'
      : linkRevoked
        ? 'This screen link is no longer valid. Ask an administrator for a new link, or pair with the code.'
        : null;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <PairingView
        code={shown && secondsLeft > 0 ? shown.code : null}
        secondsLeft={secondsLeft}
        problem={problem}
      />
    </Suspense>
  );
}
