import { WELCOME_SEEN_KEY } from '@shared/settings/dashboard-settings';
import { Sparkles, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { readStorage, writeStorage } from '@/lib/storage';

export const WELCOME_TEXT =
  'Welcome to the Live Preview! This dashboard is fully customizable. Try clicking the settings icon to personalize colors, fonts, branding, and more. All changes are saved to your browser.';

/** Shown once per browser; dismissing (or simply having seen it) records the flag. */
export function WelcomeBanner() {
  const [visible, setVisible] = useState(() => readStorage(WELCOME_SEEN_KEY) !== 'true');
  // Seen once is enough: mark it now so a reload does not show it again.
  useEffect(() => writeStorage(WELCOME_SEEN_KEY, 'true'), []);
  if (!visible) return null;
  return (
    <div
      role="status"
      data-testid="welcome-banner"
      className="flex items-start gap-3 rounded-lg border border-sky-500/50 bg-sky-950/80 px-4 py-3 text-sky-50"
    >
      <Sparkles className="mt-0.5 h-5 w-5 shrink-0 text-sky-300" aria-hidden />
      <p className="flex-1">{WELCOME_TEXT}</p>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dismiss welcome message"
        className="h-7 w-7 shrink-0 text-sky-100 hover:bg-sky-900 hover:text-white"
        onClick={() => setVisible(false)}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
