/**
 * Waits `ms`; an abort of `signal` ends the wait at once and rejects with the signal's reason
 * (what the read's caller gave up with, not a generic AbortError), clearing the timer.
 */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
