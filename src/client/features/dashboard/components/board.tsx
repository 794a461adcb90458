import { nextDateFormat } from '@shared/calendar/date-formats';
import { DEFAULT_SORT, nextSort, type SortKey, type SortState } from '@shared/capacity/sort-rows';
import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { DEFAULT_TITLE } from '@shared/settings/board-settings-core';
import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useBoardAppearance } from '@/hooks/use-board-appearance';
import { useDashboardLock } from '@/hooks/use-dashboard-lock';
import type { SettingsUpdate } from '@/hooks/use-preview-settings';
import { themeStore } from '@/hooks/use-theme';
import { useWeather } from '../api/get-weather';
import { useBoardControls } from '../hooks/use-board-controls';
import { useBoardData, type BoardData } from '../hooks/use-board-data';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useLocalDateFormat } from '../hooks/use-local-date-format';
import { useNow } from '../hooks/use-now';
import { useZipTimeZone, type ZipTimeZoneMode } from '../hooks/use-zip-time-zone';
import { describeAge, formatClock } from '../lib/describe-age';
import type { BoardNames } from '../lib/board-names';
import { themedSettings } from '../lib/themed-settings';
import { useAlertLines } from '@/features/alerts/api/alert-lines';
import {
  AlertLinesBanner,
  ErrorBanner,
  MeasureBanner,
  OfflineBanner,
  StaleBanner,
} from './board-banners';
import { BoardFooter } from './board-footer';
import { BoardHeader } from './board-header';
import { DayCard } from './day-card';
import { HelpModeProvider, loadHelpTooltip } from './help-tip';

/** What the board hands to the settings panel (built in features/settings, composed by the app). */
export interface SettingsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canEdit: boolean;
  settings: DashboardSettings;
  onChange: (update: SettingsUpdate) => void;
  /** A new logo image (checked for type and size already), or null to remove it. */
  onLogoChange: (file: File | null) => void;
  /**
   * The live board whose history may teach a pace curve (decision 037); absent in the Live
   * Preview and on another company's board without a board id.
   */
  learnedPaceFor?: { boardId: number | undefined } | undefined;
}

const TARGET_KEYS = ['day1', 'day2', 'day3'] as const;

/** What a company's board says when the forecast could not be fetched (issue 33, item 4). */
export const WEATHER_UNAVAILABLE_TEXT = 'Weather unavailable';

/**
 * A paired screen (decision 010): read-only, with the company's settings and numbers fetched by
 * the screen, and nothing a person would click (no settings, lock, help, menu or editors).
 */
export interface ScreenMode {
  data: BoardData;
  /** Since when the server cannot be reached (the last numbers stay up), or null. */
  offlineSince: Date | null;
  /** The screen's name, for whoever inspects the page. */
  name: string;
}

export function Board({
  settings,
  onChange: updateSettings,
  onLogoChange,
  zipTimeZone,
  live,
  signedIn,
  canEdit,
  editDenial = null,
  isMasterAdmin = false,
  renderSettingsPanel,
  renderSubscriptionNeeded,
  banner,
  errorAction,
  companyId,
  boardId,
  switcher,
  screen,
  names,
}: {
  /** What the board shows with: the company's (signed in) or this browser's (Live Preview). */
  settings: DashboardSettings;
  /** A change of settings; whoever passes the settings decides where it is kept. */
  onChange: (update: SettingsUpdate) => void;
  /** A new logo (from the header or the settings panel), or null to remove it. */
  onLogoChange: (file: File | null) => void;
  /** How the ZIP's time zone is adopted (never by someone who may not edit). */
  zipTimeZone: ZipTimeZoneMode;
  /** Live numbers from /api/capacity behind the lock; false is the preview's sample data. */
  live: boolean;
  /** Whoever is looking is signed in (the side menu offers their pages and Logout). */
  signedIn: boolean;
  /** May change board settings in the settings panel (account and master admins; anyone in the preview). */
  canEdit: boolean;
  /** Why this person may not edit (from denialReason): the lock is shown disabled with it. */
  editDenial?: string | null;
  isMasterAdmin?: boolean;
  renderSettingsPanel?: (props: SettingsPanelProps) => ReactNode;
  /** Shown instead of the day cards when the server withholds numbers for billing (402). */
  renderSubscriptionNeeded?: () => ReactNode;
  /** Shown above the day cards (the live preview's welcome). */
  banner?: ReactNode;
  /** Beside an error: what the viewer can do about it (admins: the platform connection). */
  errorAction?: ReactNode;
  /** The company whose board a master admin opened; absent: the viewer's own company. */
  companyId?: number;
  /** The board named in the address (issue 26); absent: the company's first. */
  boardId?: number;
  /** The board switcher in the header (issue 26), when the company has several boards. */
  switcher?: ReactNode;
  /** Set on a paired screen: what it shows, and that nothing on it is editable. */
  screen?: ScreenMode;
  /** A company's board: whose it is (its name stands in for the default title). */
  names?: BoardNames | undefined;
}) {
  // The light theme lightens the header, footer and page too, where they keep their default colours.
  const shown = themedSettings(settings, themeStore.use());
  const { locked, toggleLock } = useDashboardLock();
  const [helpMode, setHelpMode] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const style = useBoardAppearance(shown);
  const ownData = useBoardData(settings, live && !screen, companyId, boardId);
  const data = screen?.data ?? ownData;
  const weather = useWeather(settings.zipCode);
  const alertLines = useAlertLines(live, companyId, screen ? undefined : boardId);
  const now = useNow(15_000);
  // Buttons and editors load beside the first paint; a paired screen has none (decision 012).
  const controls = useBoardControls(!screen);

  // The lock guards a signed-in company's board, and only those who may edit its settings
  // (canEdit) may unlock it into editing; the anonymous preview is always editable.
  const editable = screen ? false : live ? canEdit && !locked : true;
  // Unlocking would make nothing editable for someone who may not edit: no toggle for them.
  const lockDenial = live && !canEdit ? (editDenial ?? 'You cannot change this board.') : null;

  // Help mode comes on once the tooltips' code is here, so they show from its first moment.
  const toggleHelp = () => {
    if (helpMode) {
      setHelpMode(false);
      return;
    }
    const on = () => setHelpMode(true);
    loadHelpTooltip().then(on, on);
  };

  // A company's board with no title of its own is called by the company's name, not the product's.
  const title =
    live && settings.title === DEFAULT_TITLE && names?.company ? names.company : settings.title;
  // A TV names the board it shows; a board of several has the switcher, which names it.
  const boardName = screen && names?.board ? names.board : undefined;
  useDocumentTitle(title);

  useZipTimeZone(settings, weather.data, updateSettings, zipTimeZone);

  // A signed-in board's date click is this browser's own view (decision 25); the Live Preview's
  // settings are this browser's anyway, so there the click changes them, as the seed has it.
  const localDate = useLocalDateFormat(settings.dateFormat);
  const dateFormat = live ? localDate.format : settings.dateFormat;
  const cycleDateFormat = live
    ? localDate.cycle
    : () => updateSettings((s) => ({ ...s, dateFormat: nextDateFormat(s.dateFormat) }));

  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  // Sample weather (the forecast could not be fetched) only in the signed-out Live Preview: a
  // company's board says it has none rather than show made-up weather (issue 33, item 4).
  const placeholder = weather.data?.source === 'placeholder';
  const sampleWeather = !live && placeholder;
  const shownWeather = live && placeholder ? undefined : weather.data;
  const weatherNote = live && placeholder ? WEATHER_UNAVAILABLE_TEXT : undefined;
  const weatherByDate = new Map((shownWeather?.days ?? []).map((d) => [d.date, d]));
  const staleAge = data.fetchedAt
    ? `${formatClock(data.fetchedAt, settings.timezone)} (${describeAge(data.fetchedAt, now)})`
    : null;
  const offlineSince = screen?.offlineSince ?? null;
  // A screen greys numbers it cannot vouch for, so nobody reads old numbers as current.
  const doubtful = Boolean(screen) && (data.stale || offlineSince !== null);

  return (
    <HelpModeProvider value={helpMode}>
      <div
        className="board-drift flex min-h-screen flex-col xl:h-screen xl:overflow-hidden"
        style={style}
        data-testid="board"
        data-screen={screen ? screen.name : undefined}
      >
        <BoardHeader
          settings={{ ...shown, title }}
          boardName={boardName}
          editable={editable}
          boardControls={live && !screen}
          showSettings={!screen}
          fetchedNote={
            screen
              ? data.fetchedAt
                ? `Numbers of ${formatClock(data.fetchedAt, settings.timezone)}`
                : 'Waiting for numbers'
              : undefined
          }
          locked={locked}
          lockDenial={lockDenial}
          helpMode={helpMode}
          onToggleLock={toggleLock}
          onToggleHelp={toggleHelp}
          onOpenSettings={() => setSettingsOpen(true)}
          onChange={updateSettings}
          onLogoChange={onLogoChange}
          controls={controls}
          switcher={switcher}
          menu={
            controls && (
              <controls.SideMenu
                signedIn={signedIn}
                boardControls={live}
                isMasterAdmin={isMasterAdmin}
                locked={locked}
                lockDenial={lockDenial}
                onToggleLock={toggleLock}
                helpMode={helpMode}
                onToggleHelp={toggleHelp}
                onOpenSettings={() => setSettingsOpen(true)}
                companyId={companyId}
                boardId={boardId}
              />
            )
          }
        />

        <main className="flex flex-1 flex-col gap-[0.8em] p-[1em] xl:min-h-0">
          {banner}
          {data.error && <ErrorBanner message={data.error} action={errorAction} />}
          {offlineSince && (
            <OfflineBanner since={formatClock(offlineSince, settings.timezone)} large />
          )}
          {data.stale && !data.error && (
            <StaleBanner age={staleAge} reason={data.staleReason} large={Boolean(screen)} />
          )}
          <AlertLinesBanner lines={alertLines.data?.lines ?? []} large={Boolean(screen)} />
          {!data.error && <MeasureBanner measure={data.measure} large={Boolean(screen)} />}
          {data.subscriptionRequired ? (
            renderSubscriptionNeeded?.()
          ) : data.isLoading ? (
            <div
              className="flex flex-1 items-center justify-center gap-3 py-16 text-[1.2em]"
              role="status"
            >
              <LoaderCircle className="h-[1.5em] w-[1.5em] animate-spin" aria-hidden />
              Loading capacity data...
            </div>
          ) : (
            <div
              className={clsx(
                'grid grid-cols-1 gap-[1em] lg:grid-cols-2 xl:min-h-0 xl:flex-1 xl:grid-cols-3',
                doubtful && 'opacity-60 grayscale',
              )}
              data-testid="day-grid"
              data-doubtful={doubtful || undefined}
            >
              {data.days.map((day, index) => (
                <DayCard
                  key={day.date}
                  day={day}
                  dateFormat={dateFormat}
                  dateEditable={editable}
                  onCycleDateFormat={cycleDateFormat}
                  weather={weatherByDate.get(day.date)}
                  sampleWeather={sampleWeather}
                  weatherThresholds={settings.weatherThresholds}
                  useWeatherColors={settings.useWeatherColors}
                  targetPercent={settings.targetCapacity[TARGET_KEYS[index] ?? 'day3']}
                  paceCurve={settings.paceCurve}
                  sort={sort}
                  onSort={screen ? undefined : onSort}
                />
              ))}
            </div>
          )}
        </main>

        <BoardFooter
          settings={shown}
          editable={editable}
          refreshable={!screen}
          controls={controls}
          fetchedAt={data.fetchedAt}
          stale={data.stale}
          isRefreshing={data.isRefreshing}
          onRefresh={() => {
            data.refresh();
            void weather.refetch();
          }}
          currentWeather={shownWeather?.current ?? undefined}
          sampleWeather={sampleWeather}
          weatherNote={weatherNote}
          locationName={shownWeather?.location?.name}
          onZipChange={(zipCode) => updateSettings({ zipCode })}
        />
      </div>
      {renderSettingsPanel?.({
        open: settingsOpen,
        onOpenChange: setSettingsOpen,
        canEdit,
        settings,
        onChange: updateSettings,
        onLogoChange,
        learnedPaceFor:
          live && !screen && (companyId === undefined || boardId !== undefined)
            ? { boardId }
            : undefined,
      })}
    </HelpModeProvider>
  );
}
