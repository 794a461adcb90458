/** The address a click opens: the board's path on this origin (never another site). */
export function openTarget(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return `${origin}/`;
    return `${origin}${target.pathname}${target.search}`;
  } catch {
    return `${origin}/`;
  }
}
