import type { BoardEvent, EventBus } from './contract.js';

/**
 * The event bus of a single instance (the embedded database): listeners are called in a later
 * task, so a publisher never runs a subscriber's work inside its own request.
 */
export function createInProcessEventBus(): EventBus {
  const listeners = new Set<(event: BoardEvent) => void>();
  return {
    async publish(event) {
      setImmediate(() => {
        for (const listener of listeners) listener(event);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
