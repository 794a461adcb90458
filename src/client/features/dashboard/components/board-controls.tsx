import { CircleHelp, Lock, LockOpen, RefreshCw, Settings } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { HelpTip, loadHelpTooltip } from './help-tip';

/**
 * What a person clicks on the board: the header's settings, lock and help buttons, the footer's
 * Refresh, the side menu and the title and ZIP editors. Loaded beside the board's first paint
 * (useBoardControls), never by a paired screen, which shows the same board with none of them:
 * the buttons' library code and the inline editor stay off the TV's first load (decision 012).
 */
export { EditableTitle } from './editable-title';
export { SideMenu } from './side-menu';
export { ZipEditor } from './zip-editor';

// Help mode is turned on here: its tooltips load a moment after the controls (see help-tip.tsx).
if (typeof window !== 'undefined') setTimeout(() => void loadHelpTooltip(), 2_000);

const ICON_BUTTON =
  'h-[2.6em] w-[2.6em] text-inherit hover:bg-white/10 hover:text-inherit [&_svg]:size-[1.3em]';

/** What the header's buttons show and do (the header passes them through). */
export interface HeaderButtonsProps {
  /** The settings button (everyone but a paired screen). */
  showSettings: boolean;
  /** Lock and help belong to the live board, not the preview. */
  boardControls: boolean;
  locked: boolean;
  /** Set when this person may not unlock (nothing would become editable): the toggle is hidden. */
  lockDenial: string | null;
  helpMode: boolean;
  onToggleLock: () => void;
  onToggleHelp: () => void;
  onOpenSettings: () => void;
}

export function HeaderButtons({
  showSettings,
  boardControls,
  locked,
  lockDenial,
  helpMode,
  onToggleLock,
  onToggleHelp,
  onOpenSettings,
}: HeaderButtonsProps) {
  return (
    <>
      {showSettings && (
        <HelpTip text="Dashboard settings: targets, schedule, weather and appearance">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Settings"
            className={ICON_BUTTON}
            onClick={onOpenSettings}
          >
            <Settings aria-hidden />
          </Button>
        </HelpTip>
      )}
      {boardControls && (
        <>
          {lockDenial === null && (
            <HelpTip
              text={
                locked
                  ? 'Unlock to edit the logo, title, ZIP code and date format'
                  : 'Lock the board against accidental edits'
              }
            >
              <Button
                variant="ghost"
                size="icon"
                aria-label={locked ? 'Unlock Dashboard' : 'Lock Dashboard'}
                aria-pressed={locked}
                data-testid="lock-button"
                className={cn(ICON_BUTTON, 'hidden md:inline-flex')}
                // Keep focus where it is: a blur would commit the edit that locking must cancel.
                onMouseDown={(event) => event.preventDefault()}
                onClick={onToggleLock}
              >
                {locked ? <Lock aria-hidden /> : <LockOpen aria-hidden />}
              </Button>
            </HelpTip>
          )}
          <HelpTip text="Hide these help tips">
            <Button
              variant="ghost"
              size="icon"
              aria-label={helpMode ? 'Hide Help' : 'Show Help'}
              aria-pressed={helpMode}
              data-testid="help-button"
              className={cn(ICON_BUTTON, 'hidden md:inline-flex', helpMode && 'bg-white/15')}
              onClick={onToggleHelp}
            >
              <CircleHelp aria-hidden />
            </Button>
          </HelpTip>
        </>
      )}
    </>
  );
}

export function RefreshButton({
  isRefreshing,
  onRefresh,
}: {
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <HelpTip text="Reload the numbers now (they also reload every 60 seconds)">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Refresh"
        data-testid="refresh-button"
        onClick={onRefresh}
        className="h-[2em] w-[2em] text-inherit hover:bg-white/10 hover:text-inherit [&_svg]:size-[1.1em]"
      >
        <RefreshCw className={cn(isRefreshing && 'animate-spin')} aria-hidden />
      </Button>
    </HelpTip>
  );
}
