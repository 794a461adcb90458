import { lazy, useEffect, useState, type ComponentType } from 'react';

/** What `usePageReady` needs of a page. */
export interface Preloadable {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/** A page loaded on demand that can also be asked for early, and rendered without suspending. */
export interface LazyPage<P extends object> extends Preloadable {
  (props: P): React.ReactNode;
}

/**
 * `React.lazy` with a preload: a page whose code arrived before it is first rendered renders at
 * once, with no Suspense fallback and so without React's ~300 ms fallback throttle holding it
 * back; otherwise it suspends like any lazy component.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a failed chunk is asked for again on the next attempt
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    const Component = loaded ?? Suspending;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload, isLoaded: () => loaded !== null });
}

/**
 * True once `page` can render without suspending (it starts loading it). Until then the caller
 * shows its own loader, outside Suspense, so the page appears the moment its code arrives.
 */
export function usePageReady(page: Preloadable | null): boolean {
  const [, setArrived] = useState(0);
  const [failed, setFailed] = useState<Preloadable | null>(null);
  // A failed load renders the page anyway: the lazy page retries and reports the error.
  const ready = page === null || page.isLoaded() || failed === page;
  useEffect(() => {
    if (ready || page === null) return;
    let current = true;
    page.preload().then(
      () => current && setArrived((n) => n + 1),
      () => current && setFailed(page),
    );
    return () => {
      current = false;
    };
  }, [page, ready]);
  return ready;
}
