import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { backgroundCss } from '@shared/settings/board-settings-core';
import { UNKNOWN_CONDITION, UNKNOWN_TEMPERATURE } from '@shared/weather/placeholder-weather';
import { useLayoutEffect, useRef } from 'react';
import { clsx } from 'clsx';
import type { BoardControls } from '../hooks/use-board-controls';
import { useNow } from '../hooks/use-now';
import { describeAge, formatClock } from '../lib/describe-age';
import { HelpTip } from './help-tip';
import { WeatherIcon } from './weather-icon';
import { ZipLabel } from './zip-label';

export function BoardFooter({
  settings,
  editable,
  fetchedAt,
  stale,
  isRefreshing,
  onRefresh,
  currentWeather,
  sampleWeather = false,
  weatherNote,
  locationName,
  onZipChange,
  refreshable = true,
  controls,
}: {
  settings: DashboardSettings;
  editable: boolean;
  fetchedAt: Date | null;
  stale: boolean;
  isRefreshing: boolean;
  onRefresh: () => void;
  currentWeather: { temperature: number | null; condition: string } | undefined;
  /** The forecast could not be fetched: the seed's placeholder weather, marked as such. */
  sampleWeather?: boolean;
  /**
   * A company's board without weather (issue 33, item 4): no ZIP code yet (the ZIP label asks
   * for one) or no forecast to be had; shown instead of the current weather.
   */
  weatherNote?: string | undefined;
  locationName: string | undefined;
  onZipChange: (zip: string) => void;
  /** False on a paired screen: nobody there presses Refresh (it reloads by itself). */
  refreshable?: boolean;
  /** Refresh and the ZIP editor, once loaded (never on a paired screen). */
  controls: BoardControls | null;
}) {
  const now = useNow(5_000);
  const footerRef = useRef<HTMLElement>(null);
  // Toasts sit above the footer (styles: --board-footer-height), never over its clock and age.
  useLayoutEffect(() => {
    const footer = footerRef.current;
    if (!footer || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--board-footer-height', `${footer.offsetHeight}px`),
    );
    observer.observe(footer);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--board-footer-height');
    };
  }, []);
  const { appearance } = settings;
  // No ZIP code: the ZIP label itself says "Add your ZIP code for weather".
  const noZip = settings.zipCode === '';
  const condition = currentWeather?.condition ?? UNKNOWN_CONDITION;
  const temperature =
    currentWeather?.temperature === null || currentWeather?.temperature === undefined
      ? UNKNOWN_TEMPERATURE
      : String(Math.round(currentWeather.temperature));
  return (
    <footer
      ref={footerRef}
      // TVs (styles.css scales rem from 1800 px wide): at least 20 px at 1080p, growing with 4K.
      className="flex shrink-0 flex-wrap items-center justify-between gap-x-[1.5em] gap-y-1 px-[1.2em] py-[0.5em] text-[0.95em] min-[1800px]:text-[1.25em]"
      style={{
        background: backgroundCss(appearance.footerBgColor, appearance.footerGradient),
        color: appearance.footerTextColor,
      }}
      data-testid="board-footer"
    >
      {/* Each phrase wraps whole on a phone ("Last updated: 3:28 PM" over "Data fetched …"). */}
      <div className="flex flex-wrap items-center gap-x-[1em] gap-y-0.5">
        <span className="whitespace-nowrap" data-testid="last-updated">
          Last updated: {fetchedAt ? formatClock(fetchedAt, settings.timezone) : '--'}
        </span>
        <span
          data-testid="data-age"
          className={clsx(
            'whitespace-nowrap',
            stale ? 'font-semibold text-amber-400' : 'opacity-80',
          )}
          aria-live="polite"
        >
          {fetchedAt ? `Data fetched ${describeAge(fetchedAt, now)}` : 'Waiting for data'}
        </span>
      </div>
      <div className="flex items-center gap-[0.8em]">
        {noZip ? null : weatherNote ? (
          <HelpTip text="The forecast for the board's ZIP code could not be fetched">
            <span className="opacity-80" data-testid="current-weather">
              {weatherNote}
            </span>
          </HelpTip>
        ) : (
          <HelpTip text="Current weather at the board's ZIP code">
            <span className="inline-flex items-center gap-1.5" data-testid="current-weather">
              <WeatherIcon condition={condition} className="h-[1.2em] w-[1.2em]" aria-hidden />
              <span className="tabular-nums">{temperature}°F</span>
              <span className="opacity-80">{condition}</span>
              {sampleWeather && <SampleWeatherMark />}
            </span>
          </HelpTip>
        )}
        {locationName && !weatherNote && (
          <span className="hidden opacity-70 sm:inline">{locationName}</span>
        )}
        {controls ? (
          <controls.ZipEditor
            zip={settings.zipCode}
            editable={editable}
            onChange={onZipChange}
            emptyText={NO_ZIP_PROMPT}
          />
        ) : (
          <ZipLabel zip={settings.zipCode} editable={false} emptyText={NO_ZIP_PROMPT} />
        )}
        {refreshable && controls && (
          <controls.RefreshButton isRefreshing={isRefreshing} onRefresh={onRefresh} />
        )}
      </div>
    </footer>
  );
}

/** What the ZIP label says while the board has no ZIP code (issue 33, item 4). */
export const NO_ZIP_PROMPT = 'Add your ZIP code for weather';

/** Placeholder weather (the forecast could not be fetched) never passes for a forecast. */
export function SampleWeatherMark() {
  return (
    <span
      className="rounded border border-current px-[0.35em] text-[0.7em] uppercase tracking-wide opacity-70"
      title="The forecast could not be fetched: this is sample weather, not a forecast"
      data-testid="sample-weather"
    >
      sample weather
    </span>
  );
}
