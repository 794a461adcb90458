import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The menu's panel (a dialog, its focus trap and scroll lock) loads when the menu is first
// opened: the board's first load carries only the button.
const SideMenuSheet = lazy(() => import('./side-menu-sheet'));

export interface SideMenuProps {
  signedIn: boolean;
  /** Lock and help belong to the live board, not the preview. */
  boardControls: boolean;
  isMasterAdmin: boolean;
  locked: boolean;
  /** Why this person cannot unlock the board; the item is shown disabled with it. */
  lockDenial: string | null;
  onToggleLock: () => void;
  helpMode: boolean;
  onToggleHelp: () => void;
  onOpenSettings: () => void;
}

/** The seed's side menu; anonymous visitors see only Settings, the theme toggle and Sign In. */
export function SideMenu(props: SideMenuProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        data-testid="menu-button"
        className="h-[2.6em] w-[2.6em] text-inherit hover:bg-white/10 hover:text-inherit [&_svg]:size-[1.3em]"
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <SideMenuSheet {...props} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
