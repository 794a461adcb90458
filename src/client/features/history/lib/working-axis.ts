import { TZDate } from '@date-fns/tz';
import type { HistoryDayDetail } from '../../../../shared/api/history';
import { WORKING_DAY_HOURS } from '../../../../shared/capacity/pace';

/**
 * The fill curve's time axis (issue 27, History page): working hours of working days only.
 * Nights, weekends and holidays take no width; a moment in one of them sits where the next
 * working hours begin (the same place the last ones ended). Positions are hours of working time
 * from the first working day's start.
 */

const HOUR_MS = 3_600_000;

/** One working day on the axis: its working hours (epoch ms) and its date in words. */
export interface WorkingSpan {
  start: number;
  end: number;
  label: string;
}

/**
 * The working days a fill curve is drawn over: the 3 working days before the day (`before`,
 * when the board showed it) and the day itself, each by its working hours.
 */
export function workingSpans(detail: Pick<HistoryDayDetail, 'date' | 'before' | 'timeZone'>) {
  const { timeZone } = detail;
  const label = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  });
  return [...detail.before, detail.date].map((date): WorkingSpan => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const at = (hour: number) => new TZDate(year, month - 1, day, hour, 0, 0, timeZone).getTime();
    const start = at(WORKING_DAY_HOURS.start);
    return { start, end: at(WORKING_DAY_HOURS.end), label: label.format(start) };
  });
}

/** Where an instant sits on the axis: the working hours before it, in hours. */
export function workingPosition(spans: readonly WorkingSpan[], at: number): number {
  let ms = 0;
  for (const span of spans) ms += Math.min(Math.max(at - span.start, 0), span.end - span.start);
  return ms / HOUR_MS;
}

/** Each working day's start and middle on the axis (separators and labels), and the axis' end. */
export function workingTicks(spans: readonly WorkingSpan[]): {
  starts: number[];
  middles: { at: number; label: string }[];
  end: number;
} {
  let at = 0;
  const starts: number[] = [];
  const middles: { at: number; label: string }[] = [];
  for (const span of spans) {
    const hours = (span.end - span.start) / HOUR_MS;
    starts.push(at);
    middles.push({ at: at + hours / 2, label: span.label });
    at += hours;
  }
  return { starts, middles, end: at };
}

/**
 * Points placed on the axis, oldest first; of several that land on one place (moments of one
 * night or weekend, or before the first working day) the last stays: it is what held from there.
 */
export function onWorkingAxis<Point extends { t: number }>(
  spans: readonly WorkingSpan[],
  points: readonly Point[],
): (Point & { x: number })[] {
  const placed: (Point & { x: number })[] = [];
  for (const point of points) {
    const x = workingPosition(spans, point.t);
    if (placed.at(-1)?.x === x) placed.pop();
    placed.push({ ...point, x });
  }
  return placed;
}
