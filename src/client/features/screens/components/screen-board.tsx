import type { CapacityResponse } from '@shared/api/capacity';
import type { ScreenStatus } from '@shared/api/screens';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Board } from '@/features/dashboard/components/board';
import { useBoardStream } from '@/features/live/use-board-stream';
import { SCREEN_STATUS_KEY } from '../api/tv-api';
import { screenCapacityKey, useScreenBoard } from '../hooks/use-screen-board';

const ignoreChange = () => undefined;

type PairedScreen = Extract<ScreenStatus, { status: 'paired' }>['screen'];

/** A paired screen: the company's board, read-only, honest about old or unreachable numbers. */
export function ScreenBoard({ screen }: { screen: PairedScreen }) {
  const { settings, data, offlineSince, names } = useScreenBoard(screen.viewType);
  const queryClient = useQueryClient();
  // Revoked: the status check drops the TV back to a pairing code at once.
  const onScreenRevoked = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: SCREEN_STATUS_KEY }),
    [queryClient],
  );
  // The board's new numbers come in the stream's message (issue 26, item 6): no request after
  // an update, so a wall of screens does not ask all at once. Only for the board it shows: a
  // message for the board it was just moved from is left for the re-read the move makes.
  const { viewType, boardId } = screen;
  const onCapacityAnswer = useCallback(
    (answer: CapacityResponse, forBoard: number | null | undefined) => {
      if ((forBoard ?? null) !== (boardId ?? null)) {
        void queryClient.invalidateQueries({ queryKey: screenCapacityKey(viewType) });
        return;
      }
      queryClient.setQueryData(screenCapacityKey(viewType), answer);
    },
    [queryClient, viewType, boardId],
  );
  // New numbers, settings and versions arrive over the board's event stream (issue 13).
  useBoardStream({ enabled: true, onScreenRevoked, onCapacityAnswer });
  return (
    <Board
      settings={settings}
      onChange={ignoreChange}
      onLogoChange={ignoreChange}
      zipTimeZone="off"
      live
      signedIn={false}
      canEdit={false}
      screen={{ data, offlineSince, name: screen.name }}
      names={names}
    />
  );
}
