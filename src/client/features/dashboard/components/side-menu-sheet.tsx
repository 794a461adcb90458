import {
  BellRing,
  Building2,
  CircleHelp,
  CreditCard,
  LayoutGrid,
  History,
  KeyRound,
  Layers,
  Lock,
  LockOpen,
  LogIn,
  LogOut,
  Moon,
  PlugZap,
  Settings,
  Sun,
  Tv,
  Users,
  Wrench,
} from 'lucide-react';
import { can } from '@shared/permissions';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { alertsOf, authUrls, boardsOf, historyOf, itemConfigOf, paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useAuth } from '@/hooks/use-auth';
import { usePlatform } from '@/hooks/use-platform';
import { useTheme } from '@/hooks/use-theme';
import type { SideMenuProps } from './side-menu-props';

// Billing code loads when the menu opens, not with the board.
const BillingMenuStatus = lazy(() => import('@/features/billing/components/billing-menu-status'));
const startSubscription = () =>
  import('@/features/billing/api/start-subscription').then((m) => m.startSubscription());

function MenuItem({
  icon,
  children,
  onClick,
  disabledReason,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick?: () => void;
  /** Shown under a disabled item: why it cannot be used. */
  disabledReason?: string | null;
}) {
  const button = (
    <Button
      variant="ghost"
      className="h-11 w-full justify-start gap-3 text-base"
      onClick={onClick}
      disabled={Boolean(disabledReason)}
    >
      {icon}
      {children}
    </Button>
  );
  if (!disabledReason) return button;
  return (
    <div>
      {button}
      <p className="px-4 pb-2 text-sm text-muted-foreground">{disabledReason}</p>
    </div>
  );
}

function MenuLink({
  icon,
  href,
  children,
}: {
  icon: ReactNode;
  href: string;
  children: ReactNode;
}) {
  return (
    <Button asChild variant="ghost" className="h-11 w-full justify-start gap-3 text-base">
      <Link href={href}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}

/** The side menu's panel (loaded when the menu is first opened, see `SideMenu`). */
export default function SideMenuSheet({
  open,
  setOpen,
  signedIn,
  boardControls,
  isMasterAdmin,
  locked,
  lockDenial,
  onToggleLock,
  helpMode,
  onToggleHelp,
  onOpenSettings,
  companyId,
  boardId,
}: SideMenuProps & { open: boolean; setOpen: (open: boolean) => void }) {
  const { theme, toggleTheme } = useTheme();
  // Entries lead only where this person may go (the one permission vocabulary, src/shared).
  const { user, actor } = useAuth();
  // The company's platform names its views (perhaps Services and Team) and its connection.
  const platform = usePlatform(companyId, signedIn);
  // Back to the platform connection (issue 33 item 8): Setup for the company's own admins; the
  // master admin looking at another company manages it on Companies.
  const ownCompany = user?.companyId ?? null;
  const connectionHref =
    companyId !== undefined
      ? can(actor, 'companies.manage')
        ? paths.companies
        : null
      : ownCompany !== null && can(actor, 'company.edit', { companyId: ownCompany })
        ? paths.setup
        : null;
  const close = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="right" className="w-80 sm:max-w-sm">
        <SheetHeader className="mb-4">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Board actions and pages</SheetDescription>
        </SheetHeader>
        <nav className="flex flex-col gap-1" data-testid="side-menu">
          <MenuItem icon={<Settings aria-hidden />} onClick={close(onOpenSettings)}>
            Settings
          </MenuItem>
          {boardControls && (
            <>
              <MenuItem
                icon={locked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
                onClick={close(onToggleLock)}
                disabledReason={lockDenial}
              >
                {locked ? 'Unlock Dashboard' : 'Lock Dashboard'}
              </MenuItem>
              <MenuItem icon={<CircleHelp aria-hidden />} onClick={close(onToggleHelp)}>
                {helpMode ? 'Hide Help' : 'Show Help'}
              </MenuItem>
            </>
          )}
          <MenuItem
            icon={theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
            onClick={toggleTheme}
          >
            {theme === 'dark' ? 'Light Mode' : 'Dark Mode'}
          </MenuItem>
          {signedIn ? (
            <>
              <div className="my-2 h-px bg-border" />
              <MenuLink
                icon={<Layers aria-hidden />}
                href={itemConfigOf('businessUnit', companyId)}
              >
                {platform.views.businessUnit.configTitle}
              </MenuLink>
              <MenuLink icon={<Wrench aria-hidden />} href={itemConfigOf('jobType', companyId)}>
                {platform.views.jobType.configTitle}
              </MenuLink>
              {connectionHref && (
                <MenuLink icon={<PlugZap aria-hidden />} href={connectionHref}>
                  {platform.name} connection
                </MenuLink>
              )}
              {/* Seed: listed when signed in; only for those /admin lets in (issue 25). */}
              {can(actor, 'admin.access') && (
                <MenuLink icon={<Users aria-hidden />} href={paths.admin}>
                  Manage Users
                </MenuLink>
              )}
              {can(actor, 'boards.manage') && (
                <MenuLink icon={<LayoutGrid aria-hidden />} href={boardsOf(companyId)}>
                  Boards
                </MenuLink>
              )}
              {can(actor, 'screens.manage') && (
                <MenuLink icon={<Tv aria-hidden />} href={paths.screens}>
                  Screens
                </MenuLink>
              )}
              {can(actor, 'apiKeys.manage') && (
                <MenuLink icon={<KeyRound aria-hidden />} href={paths.apiKeys}>
                  API keys
                </MenuLink>
              )}
              {can(actor, 'history.view') && (
                <MenuLink icon={<History aria-hidden />} href={historyOf(boardId, companyId)}>
                  History
                </MenuLink>
              )}
              {can(actor, 'alerts.view') && (
                <MenuLink icon={<BellRing aria-hidden />} href={alertsOf(boardId, companyId)}>
                  Alerts
                </MenuLink>
              )}
              {isMasterAdmin && (
                <MenuLink icon={<Building2 aria-hidden />} href={paths.companies}>
                  Companies
                </MenuLink>
              )}
              {can(actor, 'subscription.manage') && (
                <MenuItem
                  icon={<CreditCard aria-hidden />}
                  onClick={close(() => void startSubscription())}
                >
                  Subscription
                </MenuItem>
              )}
              <Suspense fallback={null}>
                <BillingMenuStatus />
              </Suspense>
              <div className="my-2 h-px bg-border" />
              <MenuItem
                icon={<LogOut aria-hidden />}
                onClick={() => window.location.assign(authUrls.logout)}
              >
                Logout
              </MenuItem>
            </>
          ) : (
            <MenuItem
              icon={<LogIn aria-hidden />}
              onClick={() => window.location.assign(authUrls.login)}
            >
              Sign In
            </MenuItem>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
