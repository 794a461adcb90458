import { tzOffset } from '@date-fns/tz';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/**
 * Local calendar days are numbered like Unix days (0 = 1970-01-01) so a day's identity does not
 * depend on the zone's offset; appointments are placed at local wall-clock times and converted
 * to UTC here, which keeps them right across daylight-saving changes.
 */
export function localDayNumber(instantMs: number, timeZone: string): number {
  const offsetMin = tzOffset(timeZone, new Date(instantMs));
  return Math.floor((instantMs + offsetMin * MINUTE_MS) / DAY_MS);
}

/** The UTC instant of a local wall-clock time (minutes after local midnight). */
export function localTimeToUtcMs(dayNumber: number, minuteOfDay: number, timeZone: string): number {
  const wall = dayNumber * DAY_MS + minuteOfDay * MINUTE_MS;
  const firstGuess = wall - tzOffset(timeZone, new Date(wall)) * MINUTE_MS;
  const offset = tzOffset(timeZone, new Date(firstGuess));
  return wall - offset * MINUTE_MS;
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** Instants already written, by their milliseconds: the same few thousand come again and again. */
const written = new Map<number, string>();

/**
 * ServiceTitan writes UTC instants with a trailing Z. Every list call writes every job's and
 * appointment's times again (six per appointment), and at 10,000 screens over 134 tenants that
 * was a third of the simulator's time, in the process that also times the calls' arrival
 * (bench/live-screens.ts): remembered, bounded.
 */
export function isoUtc(ms: number): string {
  let iso = written.get(ms);
  if (iso === undefined) {
    iso = new Date(ms).toISOString();
    if (written.size >= 200_000) written.clear();
    written.set(ms, iso);
  }
  return iso;
}
