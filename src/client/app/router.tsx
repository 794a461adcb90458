import { can, denialReason, type Actor, type Permission } from '@shared/permissions';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { Redirect } from '@/components/layout/redirect';
import { LandingPage } from '@/features/landing/components/landing-page';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { PricingPage } from '@/features/pricing/components/pricing-page';
import { useAuth } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { paths } from './routes';

// Each screen loads only where it is shown: the landing and pricing pages stay light for a first
// visit, and the admin screens add nothing to the board's first load.
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ItemConfigPage = lazy(() =>
  import('@/features/item-config/components/item-config-page').then((m) => ({
    default: m.ItemConfigPage,
  })),
);
const LivePreviewPage = lazy(() =>
  import('./pages/live-preview-page').then((m) => ({ default: m.LivePreviewPage })),
);
const AdminPage = lazy(() =>
  import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);
const CompaniesPage = lazy(() =>
  import('@/features/companies/components/companies-page').then((m) => ({
    default: m.CompaniesPage,
  })),
);
// A TV loads only its own chunk: the pairing code and the read-only board, no person's pages.
const TvPage = lazy(() =>
  import('@/features/screens/components/tv-page').then((m) => ({ default: m.TvPage })),
);
const ScreensPage = lazy(() =>
  import('@/features/screens/components/screens-page').then((m) => ({
    default: m.ScreensPage,
  })),
);
const SetupPage = lazy(() =>
  import('@/features/onboarding/components/setup-page').then((m) => ({ default: m.SetupPage })),
);

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
  const allowed = can(actor, permission);
  useEffect(() => {
    if (!allowed)
      toast({
        title: 'Unauthorized',
        description: denialReason(actor, permission) ?? 'Admin access required',
        variant: 'destructive',
      });
  }, [allowed, actor, permission]);
  if (!allowed) return <Redirect to={paths.home} />;
  return <>{children}</>;
}

/**
 * `/tv` is a device, not a person: it never asks who is signed in (decision 010). Every other
 * path follows the seed's route table.
 */
export function AppRouter() {
  const [location] = useLocation();
  if (location === paths.tv) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <TvPage />
      </Suspense>
    );
  }
  return <PeopleRouter />;
}

/** The seed's route table (section 2) with its sign-in rules. */
function PeopleRouter() {
  const { user, actor, isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
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
      <Route path={paths.home} component={DashboardPage} />
      <Route path={paths.setup} component={SetupPage} />
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
