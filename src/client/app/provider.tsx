import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { Toaster as ToasterType } from '@/components/ui/toaster';
import { useTheme } from '@/hooks/use-theme';
import { useToast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/api';

// The toast UI stays out of the board's and the TV's first load: it loads when the person first
// presses a key or a pointer (most toasts answer something they did, and the code is here before
// the answer), or at once with a toast that comes first. Not on a timer: on a slow or busy
// machine a timer fired before the numbers were on screen and made the toast UI part of the
// board's first load (issue 27, item 8).
type ToasterComponent = typeof ToasterType;
let loadedToaster: ToasterComponent | null = null;
const loadToaster = () =>
  import('@/components/ui/toaster').then((m) => (loadedToaster = m.Toaster));
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

function ThemeApplier() {
  useTheme();
  return null;
}

/**
 * Mounts the toast UI once its code is here, without Suspense: a toast (say "Session expired",
 * which leaves the page after half a second) shows as soon as the code arrives, never behind
 * Suspense's fallback delay. Toasts raised before that wait in the toast store.
 */
function LazyToaster({ preload }: { preload: boolean }) {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ToasterComponent | null>(() => loadedToaster);
  const wanted = toasts.length > 0;
  useEffect(() => {
    if (Toaster) return;
    const load = () => void loadToaster().then((component) => setToaster(() => component));
    if (wanted) {
      load();
      return;
    }
    if (!preload) return;
    const options = { capture: true, once: true, passive: true };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, load, options);
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, load, options);
    };
  }, [Toaster, wanted, preload]);
  return Toaster ? <Toaster /> : null;
}

/**
 * What every page runs in. `toasterPreload` false (a TV): the toast UI loads only when a toast
 * is raised, not on the first key or pointer press.
 */
export function AppProvider({
  children,
  toasterPreload = true,
}: {
  children: ReactNode;
  toasterPreload?: boolean;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeApplier />
      {children}
      <LazyToaster preload={toasterPreload} />
    </QueryClientProvider>
  );
}
