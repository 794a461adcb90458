/** Longest path we keep to return to after sign-in; anything longer returns to `/`. */
const MAX_RETURN_TO = 500;

/** Printable ASCII only: a Location header can carry nothing else (no CR/LF, no non-Latin-1). */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Where to send the browser after sign-in: a path on our own origin, or `/`.
 *
 * Anything but printable ASCII is refused outright: browsers drop tabs and newlines from a URL
 * (`/\t/evil.example` becomes `//evil.example`, another host), CR/LF cannot go in a header, and
 * our own client always sends a percent-encoded path. The rest is parsed the way a browser
 * parses it (WHATWG URL, where `\` is `/`); only a same-origin result is kept, rebuilt from the
 * parsed parts so what we send is what was checked, and checked again: `/.//evil.example`
 * normalises to `//evil.example`, which a browser reads as another host.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_TO) return '/';
  if (!PRINTABLE_ASCII.test(value) || !value.startsWith('/')) return '/';
  let base: URL;
  let parsed: URL;
  try {
    base = new URL(publicUrl);
    parsed = new URL(value, base);
  } catch {
    return '/';
  }
  if (parsed.origin !== base.origin) return '/';
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (!PRINTABLE_ASCII.test(path)) return '/';
  return path;
}
