import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNow } from '@/features/dashboard/hooks/use-now';
import { ApiError } from '@/lib/api';
import { SCREEN_STATUS_KEY, startPairing } from '../api/tv-api';
import { PairingView } from './pairing-view';

/** A code the TV shows, with when it runs out by this TV's own clock. */
interface ShownCode {
  code: string;
  expiresAtMs: number;
}

/**
 * `/tv` on a device that is not paired (loaded only there, with the QR encoder): asks for a code,
 * shows it with its countdown, and asks for a new one when it runs out. The status check in
 * TvPage notices the claim and swaps this for the board.
 */
export default function PairingFlow({
  statusFailed,
  tick,
}: {
  /** The last status check could not reach the server. */
  statusFailed: boolean;
  /** Changes with every status check (every 2 s): a failed code request is tried again then. */
  tick: number;
}) {
  const queryClient = useQueryClient();
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

  const secondsLeft = shown ? (shown.expiresAtMs - now.getTime()) / 1000 : 0;
  const needsCode = (shown === null || secondsLeft <= 0) && !pairing.isPending;
  const pairingFailed =
    pairing.isError && !(pairing.error instanceof ApiError && pairing.error.status === 409);
  const { mutate: requestCode } = pairing;
  useEffect(() => {
    if (needsCode) requestCode();
  }, [needsCode, tick, requestCode]);

  const linkRevoked = new URLSearchParams(window.location.search).get('link') === 'invalid';
  const problem =
    statusFailed || pairingFailed
      ? 'Cannot reach the server. This screen keeps trying by itself.'
      : linkRevoked
        ? 'This screen link is no longer valid. Ask an administrator for a new link, or pair with the code.'
        : null;
  return (
    <PairingView
      code={shown && secondsLeft > 0 ? shown.code : null}
      secondsLeft={secondsLeft}
      problem={problem}
    />
  );
}
