/**
 * Zones already found valid: building a date formatter to check one costs more than a board
 * answer's arithmetic, and every request names a zone. Bounded by the IANA list (invalid names
 * are never kept).
 */
const knownZones = new Set<string>();

/** True for an IANA zone name the runtime knows (e.g. "America/Chicago", "UTC"). */
export function isValidTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 64) return false;
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    knownZones.add(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone the runtime runs in (in a browser: the browser's zone). */
export function runtimeTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zone of a company that has stored no settings yet (seed defaults on the server). */
export const DEFAULT_CAPACITY_TIME_ZONE = 'America/New_York';
