import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTheme } from '@/hooks/use-theme';
import { useToast } from '@/hooks/use-toast';
import { queryClient } from '@/lib/api';

// The toast UI loads with the first toast: the board's and the TV's first load carry none of it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function ThemeApplier() {
  useTheme();
  return null;
}

/** Mounts the toast UI once there is something to show, and keeps it from then on. */
function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeApplier />
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
