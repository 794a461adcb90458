/**
 * A device's name for its owner's list ("Safari on iPhone", "Chrome on Android"), read from the
 * User-Agent its browser sent when it subscribed. Only the few browsers and systems that carry
 * Web Push are named; anything else is "A browser". A parsing library (ua-parser-js) would name
 * more, but version 2 is AGPL and this list needs a dozen lines (decision 052).
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Macintosh|Mac OS X/.test(ua)
            ? 'Mac'
            : /Windows/.test(ua)
              ? 'Windows'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /OPR\//.test(ua)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  // A Home Screen app on an iPhone or iPad is Safari's, whatever its User-Agent says.
  if (!browser && (system === 'iPhone' || system === 'iPad')) return `Home Screen app on ${system}`;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'A browser');
}
