/**
 * Small pure helpers of history (issue 27): whether a `YYYY-MM-DD` names a real calendar day,
 * and the CSV download.
 */

/** `2025-02-30` matches the pattern but is no day: only dates that exist pass. */
export function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A CSV field as RFC 4180 asks: quoted when it holds a comma, quote or line break. */
function csvField(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: say it is text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The rows of the CSV download under `header`, one line per day and item, CRLF-ended: the day,
 * the item, its booked count and target, whether the day was recorded or reconstructed, and its
 * technician hours booked and capacity (issue 35; empty where none were recorded).
 */
export function historyCsv(
  header: string,
  days: readonly {
    date: string;
    source: string;
    items: readonly {
      id: number | string;
      name: string;
      scheduled: number;
      target: number;
      hours?: { booked: number; capacity: number } | undefined;
    }[];
  }[],
): string {
  const lines = [header];
  for (const day of days) {
    for (const item of day.items) {
      lines.push(
        [
          day.date,
          item.id,
          item.name,
          item.scheduled,
          item.target,
          day.source,
          item.hours?.booked ?? '',
          item.hours?.capacity ?? '',
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The CSV's file name, naming the board and the range: `history-<board>-<from>-to-<to>.csv`,
 * the board's name in lower-case ASCII words joined by `-` (`board-<id>` when nothing is left).
 */
export function historyCsvFileName(
  board: { id: number; name: string },
  from: string,
  to: string,
): string {
  const slug = board.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `history-${slug || `board-${board.id}`}-${from}-to-${to}.csv`;
}
