import { format } from 'date-fns';
import { holidaysOf, type HolidayName } from '../../../../shared/calendar/holidays';

export interface HolidayChoice {
  name: HolidayName;
  /** `YYYY-MM-DD` */
  date: string;
  /** Short label of the date, e.g. "Nov 27". */
  dateLabel: string;
}

/** The 11 excludable holidays with the dates they fall on in a year, in calendar order. */
export function holidayChoices(year: number): HolidayChoice[] {
  return holidaysOf(year).map(({ name, date }) => {
    const [y, m, d] = date.split('-').map(Number);
    return { name, date, dateLabel: format(new Date(y ?? year, (m ?? 1) - 1, d ?? 1), 'MMM d') };
  });
}
