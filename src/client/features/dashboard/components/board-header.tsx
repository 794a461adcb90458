import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { backgroundCss } from '@shared/settings/board-settings-core';
import { CircleHelp, Lock, LockOpen, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { EditableTitle } from './editable-title';
import { HelpTip } from './help-tip';
import { LogoButton } from './logo-button';

const ICON_BUTTON =
  'h-[2.6em] w-[2.6em] text-inherit hover:bg-white/10 hover:text-inherit [&_svg]:size-[1.3em]';

export function BoardHeader({
  settings,
  editable,
  boardControls,
  locked,
  lockDenial,
  helpMode,
  onToggleLock,
  onToggleHelp,
  onOpenSettings,
  onChange,
  onLogoChange,
  menu,
  showSettings = true,
  fetchedNote,
}: {
  settings: DashboardSettings;
  editable: boolean;
  boardControls: boolean;
  locked: boolean;
  /** Set when this person may not unlock (nothing would become editable): the toggle is hidden. */
  lockDenial: string | null;
  helpMode: boolean;
  onToggleLock: () => void;
  onToggleHelp: () => void;
  onOpenSettings: () => void;
  onChange: (patch: Partial<DashboardSettings>) => void;
  onLogoChange: (file: File) => void;
  menu: ReactNode;
  /** False on a paired screen: nobody there opens the settings. */
  showSettings?: boolean;
  /** A paired screen says in the header when its numbers were fetched. */
  fetchedNote?: string;
}) {
  const { appearance } = settings;
  return (
    <header
      className="flex shrink-0 items-center gap-[0.8em] px-[1.2em] py-[0.6em] shadow-md"
      style={{
        background: backgroundCss(appearance.headerBgColor, appearance.headerGradient),
        color: appearance.headerTextColor,
      }}
      data-testid="board-header"
    >
      {/* A paired screen without a logo shows no empty upload box. */}
      {(showSettings || settings.logoUrl) && (
        <LogoButton logoUrl={settings.logoUrl} editable={editable} onChange={onLogoChange} />
      )}
      <div className="min-w-0 flex-1">
        <EditableTitle
          title={settings.title}
          editable={editable}
          onChange={(title) => onChange({ title })}
        />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {fetchedNote && (
          <span className="text-[1.4em] whitespace-nowrap opacity-90" data-testid="header-fetched">
            {fetchedNote}
          </span>
        )}
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
        {menu}
      </div>
    </header>
  );
}
