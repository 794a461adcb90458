import { clsx } from 'clsx';
import { CircleHelp, Lock, LockOpen, RefreshCw, Settings } from 'lucide-react';
import { HEADER_BUTTON, HEADER_BUTTON_WIDE_ONLY, REFRESH_BUTTON } from '../lib/control-classes';
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

// Help mode is turned on here: its tooltips load with the person's first key or pointer press
// (see help-tip.tsx), not on a timer that a slow machine fires before the numbers show.
if (typeof window !== 'undefined') {
  const load = () => void loadHelpTooltip().catch(() => undefined);
  for (const type of ['pointerdown', 'keydown'])
    window.addEventListener(type, load, { capture: true, once: true, passive: true });
}

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
          <button
            type="button"
            aria-label="Settings"
            className={HEADER_BUTTON}
            onClick={onOpenSettings}
          >
            <Settings aria-hidden />
          </button>
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
              <button
                type="button"
                aria-label={locked ? 'Unlock Dashboard' : 'Lock Dashboard'}
                aria-pressed={locked}
                data-testid="lock-button"
                className={HEADER_BUTTON_WIDE_ONLY}
                // Keep focus where it is: a blur would commit the edit that locking must cancel.
                onMouseDown={(event) => event.preventDefault()}
                onClick={onToggleLock}
              >
                {locked ? <Lock aria-hidden /> : <LockOpen aria-hidden />}
              </button>
            </HelpTip>
          )}
          <HelpTip text="Hide these help tips">
            <button
              type="button"
              aria-label={helpMode ? 'Hide Help' : 'Show Help'}
              aria-pressed={helpMode}
              data-testid="help-button"
              className={clsx(HEADER_BUTTON_WIDE_ONLY, helpMode && 'bg-white/15')}
              onClick={onToggleHelp}
            >
              <CircleHelp aria-hidden />
            </button>
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
      <button
        type="button"
        aria-label="Refresh"
        data-testid="refresh-button"
        onClick={onRefresh}
        className={REFRESH_BUTTON}
      >
        <RefreshCw className={clsx(isRefreshing && 'animate-spin')} aria-hidden />
      </button>
    </HelpTip>
  );
}
