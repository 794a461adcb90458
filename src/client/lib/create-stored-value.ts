import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

export interface StoredValue<T> {
  get(): T;
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage (used by tests and after another tab changed it). */
  reload(): void;
  use(): T;
}

/**
 * One value kept in localStorage and shared by every component that reads it: read once,
 * written back on every change, and updated when another tab changes the same key.
 */
export function createStoredValue<T>(options: {
  key: string;
  parse: (raw: string | null) => T;
  serialize: (value: T) => string;
}): StoredValue<T> {
  let current: T | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const get = (): T => {
    if (current === undefined) current = options.parse(readStorage(options.key));
    return current;
  };

  const store: StoredValue<T> = {
    get,
    set(next) {
      const value = typeof next === 'function' ? (next as (c: T) => T)(get()) : next;
      current = value;
      writeStorage(options.key, options.serialize(value));
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      current = options.parse(readStorage(options.key));
      notify();
    },
    use() {
      return useSyncExternalStore(store.subscribe, get, get);
    },
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === options.key) store.reload();
    });
  }
  return store;
}
