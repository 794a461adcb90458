/**
 * A pure function of a string key, remembered: zone arithmetic (a `TZDate` asks `Intl` for the
 * zone's offset several times, tens of microseconds each) answered from memory the next time. A
 * board answer turns the same dates into instants for every item and day, and 10,000 screens'
 * boards spent a sixth of the server's time there (issue 33, item 9). Bounded: past `max` keys it
 * starts over, so a long-lived server keeps no more than that.
 */
export function remembered<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined || known.has(key)) return hit as T;
    const value = compute(key);
    if (known.size >= max) known.clear();
    known.set(key, value);
    return value;
  };
}
