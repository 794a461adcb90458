import type { ScreenStatus } from '@shared/api/screens';
import { Board } from '@/features/dashboard/components/board';
import { useScreenBoard } from '../hooks/use-screen-board';

const ignoreChange = () => undefined;

type PairedScreen = Extract<ScreenStatus, { status: 'paired' }>['screen'];

/** A paired screen: the company's board, read-only, honest about old or unreachable numbers. */
export function ScreenBoard({ screen }: { screen: PairedScreen }) {
  const { settings, data, offlineSince } = useScreenBoard(screen.viewType);
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
    />
  );
}
