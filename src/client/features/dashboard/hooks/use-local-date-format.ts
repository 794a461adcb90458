import { isDateFormat, nextDateFormat } from '@shared/calendar/date-formats';
import { LOCAL_DATE_FORMAT_KEY } from '@shared/settings/storage-keys';
import { createStoredValue } from '@/lib/create-stored-value';

/** The format this browser cycled to, and the board's format it was cycled from. */
interface LocalDateFormat {
  from: string;
  format: string;
}

function parse(raw: string | null): LocalDateFormat | null {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<LocalDateFormat> | null;
    return value && typeof value.from === 'string' && isDateFormat(value.format)
      ? { from: value.from, format: value.format }
      : null;
  } catch {
    return null;
  }
}

const localDateFormatStore = createStoredValue<LocalDateFormat | null>({
  key: LOCAL_DATE_FORMAT_KEY,
  parse,
  serialize: (value) => JSON.stringify(value),
});

/**
 * Product decision 25: clicking a day's date cycles the format on this screen only; the
 * company's format (Settings) stays every other screen's and stays this one's default. A change
 * of the company's format in Settings applies here too (the local choice was made from another).
 */
export function useLocalDateFormat(boardFormat: string) {
  const local = localDateFormatStore.use();
  const format = local && local.from === boardFormat ? local.format : boardFormat;
  return {
    format,
    cycle: () => localDateFormatStore.set({ from: boardFormat, format: nextDateFormat(format) }),
  };
}
