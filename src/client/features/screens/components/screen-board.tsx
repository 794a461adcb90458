import type { ScreenStatus } from '@shared/api/screens';
import { Board } from '@/features/dashboard/components/board';
import { useScreenBoard } from '../hooks/use-screen-board';

type PairedScreen = Extract<ScreenStatus, { status: 'paired' }>['screen'];

/** A paired screen: the company's board, read-only, honest about old or unreachable numbers. */
export function ScreenBoard({ screen }: { screen: PairedScreen }) {
  const { settings, data, offlineSince } = useScreenBoard(screen.viewType);
  return (
    <Board
      live
      signedIn={false}
      canEdit={false}
      screen={{ settings, data, offlineSince, name: screen.name }}
    />
  );
}
