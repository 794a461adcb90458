import { LoaderCircle } from 'lucide-react';

/** Shown while the current user loads (seed: a "Loading..." screen). */
export function FullPageLoader() {
  return (
    <div
      className="flex min-h-screen items-center justify-center gap-3 bg-background text-foreground"
      role="status"
    >
      <LoaderCircle className="h-6 w-6 animate-spin text-primary" aria-hidden />
      <span className="text-lg">Loading...</span>
    </div>
  );
}
