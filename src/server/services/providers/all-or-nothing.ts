/**
 * Runs reads side by side like Promise.all, but the first failure aborts the others' shared
 * signal, so a refresh that has already failed stops asking the platform (no retries, no further
 * pages). Rejects with that first failure, as Promise.all does.
 */
export async function allOrNothing<T extends readonly unknown[]>(
  start: (signal: AbortSignal) => { [K in keyof T]: Promise<T[K]> },
  /** Aborting it aborts every read (the app is shutting down). */
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent) {
    if (parent.aborted) controller.abort(parent.reason);
    else parent.addEventListener('abort', onParentAbort, { once: true });
  }
  try {
    const reads = start(controller.signal).map((read: Promise<unknown>) =>
      read.catch((err: unknown) => {
        controller.abort(err);
        throw err;
      }),
    );
    return (await Promise.all(reads)) as unknown as T;
  } finally {
    // The parent is the app's shutdown signal, which lives as long as the app: a listener left
    // on it by each refresh would pile up for months (the server refreshes on its own schedule).
    parent?.removeEventListener('abort', onParentAbort);
  }
}
