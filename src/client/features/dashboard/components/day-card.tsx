import { formatDay } from '@shared/calendar/date-formats';
import { crewChangeLine, hoursLine } from '@shared/capacity/hours';
import { PACE_LABELS, type PaceStatus } from '@shared/capacity/pace';
import { capacityPercent } from '@shared/capacity/percent';
import { capacityTotals } from '@shared/capacity/totals';
import type { SortKey, SortState } from '@shared/capacity/sort-rows';
import { temperatureLevel } from '@shared/weather/temperature-level';
import { clsx } from 'clsx';
import type { WeatherDay } from '../api/get-weather';
import { useFitHeight } from '../hooks/use-fit-height';
import { weekdayOf, type BoardDay } from '../lib/board-day';
import { CapacityGauge } from './capacity-gauge';
import { SampleWeatherMark } from './board-footer';
import { CapacityTable } from './capacity-table';
import { HelpTip } from './help-tip';
import { WeatherIcon } from './weather-icon';

/**
 * The pace status as a solid badge: words, a sign and a colour together, so colour is never the
 * only one (issue 27); each pair keeps a 4.5:1 contrast in both themes.
 */
const PACE_CLASS: Record<PaceStatus, string> = {
  on_track: 'bg-emerald-700 text-white',
  behind: 'bg-amber-300 text-black',
  at_risk: 'bg-red-700 text-white',
};
const PACE_SIGN: Record<PaceStatus, string> = { on_track: '✓', behind: '▼', at_risk: '⚠' };

/**
 * What the gauge shows, in help mode (decision 038): the goal marker, and the pointer with the
 * pace it comes from: the board's own similar days (and their usual range) or the set curve, and
 * why the set curve when it is the one in use.
 */
export function gaugeHelp(
  day: BoardDay,
  targetPercent: number,
  paceCurve?: { day1: number; day2: number; day3: number; learned?: boolean | undefined },
): string {
  const goal = `${day.hours ? 'Booked technician hours of the hours the crew on shift has' : 'Booked jobs against target'}. The thin marker shows this day’s goal (${targetPercent}%): the day is full there, as a "day is full" alert says.`;
  const pace = day.pace;
  if (!pace) return goal;
  const by = pace.by;
  if (by?.basis === 'history') {
    const range = by.usual ? ` (usually ${by.usual.low}-${by.usual.high}% by now)` : '';
    return `${goal} Pace is learned from this board’s last 8 weeks: the pointer (${pace.expectedPercent}%) is where its similar days were by now${range}; below that range it reads Behind.`;
  }
  const curve = paceCurve ? ` (${paceCurve.day1} / ${paceCurve.day2} / ${paceCurve.day3}%)` : '';
  const why =
    paceCurve?.learned === false
      ? 'chosen in Settings instead of the board’s history'
      : by
        ? `until this board has 20 working days of history (it has ${by.days})`
        : 'set in Settings';
  return `${goal} Pace follows the set curve${curve}, over working hours only, ${why}: the pointer (${pace.expectedPercent}%) is how full the day should be by now.`;
}

const TEMPERATURE_CLASS = { hot: 'text-orange-400', cold: 'text-sky-400', normal: '' } as const;

export function DayCard({
  day,
  dateFormat,
  onCycleDateFormat,
  dateEditable,
  weather,
  sampleWeather = false,
  weatherThresholds,
  useWeatherColors,
  targetPercent,
  paceCurve,
  sort,
  onSort,
}: {
  day: BoardDay;
  dateFormat: string;
  onCycleDateFormat: () => void;
  dateEditable: boolean;
  weather: WeatherDay | undefined;
  /** The weather is the seed's placeholder (no forecast could be fetched): marked as such. */
  sampleWeather?: boolean;
  weatherThresholds: { hotTemp: number; coldTemp: number };
  useWeatherColors: boolean;
  targetPercent: number;
  /** The board's set pace curve (named in help mode when it is the one in use). */
  paceCurve?: { day1: number; day2: number; day3: number; learned?: boolean | undefined };
  sort: SortState;
  /** Absent on a paired TV, which nobody clicks: its table's headings are plain. */
  onSort?: ((key: SortKey) => void) | undefined;
}) {
  const totals = capacityTotals(day.items);
  // An hours board (issue 35): the gauge and the line under it are hours booked of capacity.
  const hours = day.hours;
  const percent = hours
    ? capacityPercent(hours.hours.booked, hours.hours.capacity)
    : totals.percent;
  const crewChange = hours
    ? crewChangeLine({
        technicians: hours.technicians,
        lastWeek: hours.lastWeek,
        weekday: weekdayOf(day.date),
      })
    : null;
  const newToday = day.items.reduce((sum, item) => sum + item.newToday, 0);
  const { boxRef, contentRef, scale } = useFitHeight<HTMLDivElement, HTMLDivElement>(
    day.items.map((item) => item.name).join('\n'),
  );
  const colorOf = (t: number) =>
    useWeatherColors ? TEMPERATURE_CLASS[temperatureLevel(t, weatherThresholds)] : '';
  return (
    <section
      className="flex min-h-0 flex-col rounded-xl border border-border bg-card/95 p-[1.1em] text-card-foreground shadow-lg xl:text-[1.2em]"
      data-testid="day-card"
      aria-label={`${weekdayOf(day.date)} ${day.date}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-[1.9em] font-bold leading-tight" data-testid="day-weekday">
            {weekdayOf(day.date)}
          </h2>
          <HelpTip
            text={
              dateEditable
                ? 'Click to change the date format'
                : 'Unlock the dashboard to change the date format'
            }
          >
            <button
              type="button"
              onClick={dateEditable ? onCycleDateFormat : undefined}
              aria-disabled={!dateEditable}
              className={clsx(
                'text-[1.05em] text-muted-foreground',
                dateEditable ? 'hover:text-foreground hover:underline' : 'cursor-default',
              )}
              data-testid="day-date"
            >
              {formatDay(day.date, dateFormat)}
            </button>
          </HelpTip>
        </div>
        {weather && (
          <HelpTip text="Forecast high / low for this day">
            <div className="flex items-center gap-2 text-right" data-testid="day-weather">
              <WeatherIcon
                condition={weather.condition}
                className="h-[2.2em] w-[2.2em] text-sky-300"
                aria-hidden
              />
              <div className="leading-tight">
                <div className="text-[1.15em] font-semibold">
                  <span className={colorOf(weather.highTemp)}>{Math.round(weather.highTemp)}°</span>
                  <span className="text-muted-foreground"> / </span>
                  <span className={colorOf(weather.lowTemp)}>{Math.round(weather.lowTemp)}°</span>
                </div>
                <div className="text-[0.85em] text-muted-foreground">{weather.condition}</div>
                {sampleWeather && <SampleWeatherMark />}
              </div>
            </div>
          </HelpTip>
        )}
      </header>

      {/* Gauge and table share the card's height; on a TV they scale together to fill it. */}
      <div ref={boxRef} className="min-h-0 flex-1 xl:overflow-y-auto" data-testid="day-fit-box">
        <div
          ref={contentRef}
          className="flow-root"
          style={{ fontSize: `${scale}em` }}
          data-testid="day-fit-content"
        >
          <HelpTip text={gaugeHelp(day, targetPercent, paceCurve)}>
            <div className="my-[0.6em] flex flex-col items-center">
              <CapacityGauge
                percent={percent}
                of={hours ? 'hours' : 'target'}
                targetPercent={targetPercent}
                expectedPercent={day.pace?.expectedPercent}
                usual={day.pace?.by?.usual}
              />
              <div className="-mt-[0.4em] text-center leading-none">
                <span
                  className="text-[2.4em] font-extrabold tabular-nums"
                  data-testid="day-percent"
                >
                  {percent}%
                </span>
                {hours ? (
                  <>
                    <div
                      className="mt-1 text-[1em] font-semibold tabular-nums"
                      data-testid="day-hours"
                    >
                      {hoursLine(hours.hours, hours.technicians)}
                    </div>
                    {crewChange && (
                      <div
                        className="mt-[0.3em] text-[0.9em] font-semibold text-level-low"
                        data-testid="day-crew-change"
                      >
                        {crewChange}
                      </div>
                    )}
                  </>
                ) : (
                  <div className="mt-1 text-[0.9em] text-muted-foreground tabular-nums">
                    {totals.scheduled} of {totals.target} booked ·{' '}
                    <span className="font-semibold text-foreground" data-testid="day-new-today">
                      +{newToday} booked today
                    </span>
                  </div>
                )}
                {day.pace && (
                  <div
                    className="mt-[0.35em] text-[0.9em] text-muted-foreground tabular-nums"
                    data-testid="day-pace"
                    data-pace={day.pace.status}
                  >
                    <span
                      className={clsx(
                        'mr-[0.4em] inline-block rounded-md px-[0.45em] py-[0.1em] text-[1.2em] font-extrabold uppercase tracking-wide',
                        PACE_CLASS[day.pace.status],
                      )}
                    >
                      <span aria-hidden>{PACE_SIGN[day.pace.status]} </span>
                      {PACE_LABELS[day.pace.status]}
                    </span>
                    expected {day.pace.expectedPercent}% by now
                  </div>
                )}
              </div>
            </div>
          </HelpTip>
          <CapacityTable
            items={day.items}
            sort={sort}
            onSort={onSort}
            hours={hours !== undefined}
          />
        </div>
      </div>
    </section>
  );
}
