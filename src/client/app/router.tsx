import { can, denialReason, type Actor, type Permission } from '@shared/permissions';
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { Redirect, RedirectWithReason } from '@/components/layout/redirect';
import { boardIdFrom } from '@/features/boards/lib/last-board';
import { prefetchOwnBoard } from '@/features/dashboard/api/prefetch-board';
import { authUserQuery, maybeSignedIn, useAuth } from '@/hooks/use-auth';
import { queryClient } from '@/lib/api';
import { lazyPage, usePageReady } from './lazy-page';
import { BOARD_COMPANY_PARAM, paths } from '@/config/paths';

// Each screen loads only where it is shown: the landing and pricing pages stay light for a first
// visit, and the admin screens add nothing to the board's first load.
const LandingPage = lazyPage(() =>
  import('@/features/landing/components/landing-page').then((m) => m.LandingPage),
);
const PricingPage = lazyPage(() =>
  import('@/features/pricing/components/pricing-page').then((m) => m.PricingPage),
);
const NotFoundPage = lazyPage(() =>
  import('@/features/not-found/components/not-found-page').then((m) => m.NotFoundPage),
);
const DashboardPage = lazyPage(() => import('./pages/dashboard-page').then((m) => m.DashboardPage));
const ItemConfigPage = lazyPage(() =>
  import('@/features/item-config/components/item-config-page').then((m) => m.ItemConfigPage),
);
const LivePreviewPage = lazyPage(() =>
  import('./pages/live-preview-page').then((m) => m.LivePreviewPage),
);
const AdminPage = lazyPage(() =>
  import('@/features/admin/components/admin-page').then((m) => m.AdminPage),
);
const CompaniesPage = lazyPage(() =>
  import('@/features/companies/components/companies-page').then((m) => m.CompaniesPage),
);
const ApiKeysPage = lazyPage(() =>
  import('@/features/api-keys/components/api-keys-page').then((m) => m.ApiKeysPage),
);
const ScreensPage = lazyPage(() =>
  import('@/features/screens/components/screens-page').then((m) => m.ScreensPage),
);
const BoardsPage = lazyPage(() =>
  import('@/features/boards/components/boards-page').then((m) => m.BoardsPage),
);
const AlertsPage = lazyPage(() =>
  import('@/features/alerts/components/alerts-page').then((m) => m.AlertsPage),
);
const HistoryPage = lazyPage(() =>
  import('@/features/history/components/history-page').then((m) => m.HistoryPage),
);
const InvitationsPage = lazyPage(() =>
  import('@/features/invitations/components/invitations-page').then((m) => m.InvitationsPage),
);
const SetupPage = lazyPage(() =>
  import('@/features/onboarding/components/setup-page').then((m) => m.SetupPage),
);

/** The page `/` shows: the board for a person, the landing page for a visitor. */
function homePage(signedIn: boolean) {
  return signedIn ? DashboardPage : LandingPage;
}

/**
 * Starts loading the first page's code and data at once, in parallel, rather than one after the
 * other (called by main.tsx before the first render): who is signed in, and on `/` for a person
 * their board's settings and numbers. On `/` the page depends on who is signed in: the
 * signed-in hint cookie decides what to fetch early (the answer decides what renders).
 */
export function preloadFirstPage(location: { pathname: string; search: string }): void {
  const { pathname, search } = location;
  void queryClient.prefetchQuery(authUserQuery);
  // A board named in the address (issue 26): its code, settings, numbers and the boards list.
  const named = /^\/boards\/([^/]+)$/.exec(pathname);
  const boardId = boardIdFrom(named?.[1]);
  if (boardId !== undefined && maybeSignedIn()) {
    DashboardPage.preload().catch(() => undefined);
    if (!new URLSearchParams(search).has(BOARD_COMPANY_PARAM)) prefetchOwnBoard(boardId);
    return;
  }
  if (pathname !== paths.home) return;
  const signedIn = maybeSignedIn();
  // A failure here is retried, and shown, when the page renders.
  homePage(signedIn)
    .preload()
    .catch(() => undefined);
  // A master admin opening another company's board (?companyId=) reads it when it renders.
  if (signedIn && !new URLSearchParams(search).has(BOARD_COMPANY_PARAM)) prefetchOwnBoard();
}

/**
 * A page for those holding `permission`; others go back to / with a toast (seed: non-admins
 * reaching /admin see "Unauthorized" / "Admin access required").
 */
function Requires({
  actor,
  permission,
  children,
}: {
  actor: Actor | null;
  permission: Permission;
  children: React.ReactNode;
}) {
  if (!can(actor, permission))
    return (
      <RedirectWithReason
        to={paths.home}
        reason={denialReason(actor, permission) ?? 'Admin access required'}
      />
    );
  return <>{children}</>;
}

/**
 * The seed's route table (section 2) with its sign-in rules. `/tv` is a device, not a person, and
 * has a page of its own (tv.html, tv-main.tsx: decision 010, issue 25).
 */
export function AppRouter() {
  const { user, actor, isLoading } = useAuth();
  const [location] = useLocation();
  const signedIn = user !== null;
  // `/` waits for its page's code outside Suspense: it shows the moment both have arrived.
  const homeReady = usePageReady(!isLoading && location === paths.home ? homePage(signedIn) : null);
  if (isLoading || !homeReady) return <FullPageLoader />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      {user ? <SignedInRoutes actor={actor} /> : <SignedOutRoutes />}
    </Suspense>
  );
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path={paths.customize} component={LivePreviewPage} />
      <Route path={paths.pricing} component={PricingPage} />
      <Route path={paths.home} component={LandingPage} />
      <Route>
        <Redirect to={paths.home} />
      </Route>
    </Switch>
  );
}

function SignedInRoutes({ actor }: { actor: Actor | null }) {
  return (
    <Switch>
      <Route path={paths.customize} component={LivePreviewPage} />
      <Route path={paths.pricing} component={PricingPage} />
      <Route path={paths.home}>
        <DashboardPage />
      </Route>
      <Route path={paths.board}>
        {(params) => {
          const boardId = boardIdFrom(params.id);
          return boardId === undefined ? <NotFoundPage /> : <DashboardPage boardId={boardId} />;
        }}
      </Route>
      <Route path={paths.boards}>
        <Requires actor={actor} permission="boards.manage">
          <BoardsPage />
        </Requires>
      </Route>
      <Route path={paths.setup} component={SetupPage} />
      <Route path={paths.invitations} component={InvitationsPage} />
      <Route path={paths.admin}>
        <Requires actor={actor} permission="admin.access">
          <AdminPage />
        </Requires>
      </Route>
      <Route path={paths.screens}>
        <Requires actor={actor} permission="screens.manage">
          <ScreensPage />
        </Requires>
      </Route>
      <Route path={paths.apiKeys}>
        <Requires actor={actor} permission="apiKeys.manage">
          <ApiKeysPage />
        </Requires>
      </Route>
      <Route path={paths.alerts}>
        <Requires actor={actor} permission="alerts.view">
          <AlertsPage />
        </Requires>
      </Route>
      <Route path={paths.history}>
        <Requires actor={actor} permission="history.view">
          <HistoryPage />
        </Requires>
      </Route>
      <Route path={paths.companies}>
        <Requires actor={actor} permission="admin.access">
          <CompaniesPage />
        </Requires>
      </Route>
      <Route path={paths.businessUnits}>
        <ItemConfigPage type="businessUnit" />
      </Route>
      <Route path={paths.jobTypes}>
        <ItemConfigPage type="jobType" />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
