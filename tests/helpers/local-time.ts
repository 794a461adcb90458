import { TZDate } from '@date-fns/tz';

/**
 * A clock on the wall in `zone`: `(date, hhmm, ms)` is the instant it reads `hhmm` on `date`
 * (YYYY-MM-DD), `ms` milliseconds later, as the UTC ISO string ServiceTitan would send.
 */
export function wallClockIn(zone: string) {
  return (date: string, hhmm: string, ms = 0): string =>
    new Date(
      new TZDate(
        Number(date.slice(0, 4)),
        Number(date.slice(5, 7)) - 1,
        Number(date.slice(8, 10)),
        Number(hhmm.slice(0, 2)),
        Number(hhmm.slice(3, 5)),
        0,
        0,
        zone,
      ).getTime() + ms,
    ).toISOString();
}
