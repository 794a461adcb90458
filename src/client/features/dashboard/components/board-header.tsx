import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { backgroundCss } from '@shared/settings/board-settings-core';
import type { ReactNode } from 'react';
import type { BoardControls } from '../hooks/use-board-controls';
import type { HeaderButtonsProps } from './board-controls';
import { BoardTitle } from './board-title';
import { LogoButton } from './logo-button';

export function BoardHeader({
  settings,
  editable,
  onChange,
  onLogoChange,
  menu,
  switcher,
  fetchedNote,
  controls,
  boardName,
  ...buttons
}: HeaderButtonsProps & {
  settings: DashboardSettings;
  editable: boolean;
  onChange: (patch: Partial<DashboardSettings>) => void;
  onLogoChange: (file: File) => void;
  menu: ReactNode;
  /** The board switcher (issue 26): absent when the company has one board. */
  switcher?: ReactNode;
  /** A paired screen says in the header when its numbers were fetched. */
  fetchedNote?: string;
  /** The buttons and the title editor, once loaded (never on a paired screen). */
  controls: BoardControls | null;
  /** The board's name, beside the title (a TV names the board it shows). */
  boardName?: string | undefined;
}) {
  const { appearance } = settings;
  return (
    <header
      className="flex shrink-0 flex-wrap items-center gap-[0.8em] px-[1.2em] py-[0.6em] shadow-md sm:flex-nowrap"
      style={{
        background: backgroundCss(appearance.headerBgColor, appearance.headerGradient),
        color: appearance.headerTextColor,
      }}
      data-testid="board-header"
    >
      {/* No empty upload box unless someone can upload one now (issue 33, item 4). */}
      {(editable || settings.logoUrl) && (
        <LogoButton logoUrl={settings.logoUrl} editable={editable} onChange={onLogoChange} />
      )}
      <div className="flex min-w-0 flex-1 items-baseline gap-[0.6em]">
        {controls ? (
          <controls.EditableTitle
            title={settings.title}
            editable={editable}
            onChange={(title) => onChange({ title })}
          />
        ) : (
          <BoardTitle title={settings.title} editable={false} />
        )}
        {boardName && (
          <span
            className="shrink-0 truncate text-[1.2em] opacity-80 sm:text-[1.5em]"
            data-testid="board-name"
          >
            {boardName}
          </span>
        )}
      </div>
      {/* On a phone the switcher takes a row of its own under the title. */}
      {switcher && (
        <div className="order-last basis-full sm:order-none sm:basis-auto">{switcher}</div>
      )}
      <div className="flex shrink-0 items-center gap-1">
        {fetchedNote && (
          <span className="text-[1.4em] whitespace-nowrap opacity-90" data-testid="header-fetched">
            {fetchedNote}
          </span>
        )}
        {controls && <controls.HeaderButtons {...buttons} />}
        {menu}
      </div>
    </header>
  );
}
