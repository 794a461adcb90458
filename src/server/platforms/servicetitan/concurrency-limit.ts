/**
 * At most `max` tasks run at once per key (one key per ServiceTitan tenant); the rest wait in
 * arrival order. ServiceTitan throttles per application and tenant, so a burst of refreshes for
 * one company must not fan out into dozens of parallel calls.
 */
export function createConcurrencyLimit(max: number) {
  const lanes = new Map<string, { running: number; waiting: (() => void)[] }>();

  async function acquire(key: string): Promise<void> {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(key, lane);
    }
    if (lane.running < max) {
      lane.running++;
      return;
    }
    const current = lane;
    // The releasing task hands its slot over directly, so `running` stays counted.
    await new Promise<void>((resolve) => current.waiting.push(resolve));
  }

  function release(key: string): void {
    const lane = lanes.get(key);
    if (!lane) return;
    const next = lane.waiting.shift();
    if (next) {
      next();
      return;
    }
    lane.running--;
    if (lane.running === 0) lanes.delete(key);
  }

  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      await acquire(key);
      try {
        return await task();
      } finally {
        release(key);
      }
    },
  };
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
