import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { HEADER_BUTTON } from '../lib/control-classes';
import type { SideMenuProps } from './side-menu-props';

// The menu's panel (a dialog, its focus trap and scroll lock) loads when the menu is first
// opened: the board's first load carries only the button.
const SideMenuSheet = lazy(() => import('./side-menu-sheet'));

export type { SideMenuProps };

/** The seed's side menu; anonymous visitors see only Settings, the theme toggle and Sign In. */
export function SideMenu(props: SideMenuProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        data-testid="menu-button"
        className={HEADER_BUTTON}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SideMenuSheet {...props} open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}
