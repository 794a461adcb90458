import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { Redirect } from '@/components/layout/redirect';
import { LandingPage } from '@/features/landing/components/landing-page';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { PlaceholderPage } from '@/features/placeholders/components/placeholder-page';
import { PricingPage } from '@/features/pricing/components/pricing-page';
import { useAuth } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { paths } from './routes';

// The board (and everything it needs) loads only where it is shown: the landing and pricing
// pages stay light for a first visit.
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

/** Non-admins who reach /admin go back to / with the seed's toast. */
function AdminOnly({ isAdmin, children }: { isAdmin: boolean; children: React.ReactNode }) {
  useEffect(() => {
    if (!isAdmin)
      toast({
        title: 'Unauthorized',
        description: 'Admin access required',
        variant: 'destructive',
      });
  }, [isAdmin]);
  if (!isAdmin) return <Redirect to={paths.home} />;
  return <>{children}</>;
}

/** The seed's route table (section 2) with its sign-in rules. */
export function AppRouter() {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <FullPageLoader />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      {user ? <SignedInRoutes role={user.role} isAdmin={isAdmin} /> : <SignedOutRoutes />}
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

function SignedInRoutes({ role, isAdmin }: { role: string; isAdmin: boolean }) {
  return (
    <Switch>
      <Route path={paths.customize} component={LivePreviewPage} />
      <Route path={paths.pricing} component={PricingPage} />
      <Route path={paths.home} component={DashboardPage} />
      <Route path={paths.admin}>
        <AdminOnly isAdmin={isAdmin}>
          <PlaceholderPage
            title={role === 'master_admin' ? 'Master Admin Dashboard' : 'Admin Dashboard'}
          />
        </AdminOnly>
      </Route>
      <Route path={paths.companies}>
        <PlaceholderPage title="Companies" />
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
