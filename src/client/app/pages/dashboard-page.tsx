import { lazy, Suspense } from 'react';
import { Board } from '@/features/dashboard/components/board';
import { canManageSubscription } from '@/features/billing/lib/billing-actor';
import { useAuth } from '@/hooks/use-auth';
import { renderSettingsPanel } from '../settings-panel';

// Billing shows only to some people and only sometimes: it loads after the board, on its own.
const BillingBanner = lazy(() => import('@/features/billing/components/billing-banner'));
const SubscriptionNeeded = lazy(() => import('@/features/billing/components/subscription-needed'));

/** `/` signed in: the live board. */
export function DashboardPage() {
  const { user, canEdit, editDenial } = useAuth();
  const managesBilling = canManageSubscription(user);
  return (
    <Board
      live
      signedIn
      canEdit={canEdit}
      editDenial={editDenial}
      isMasterAdmin={user?.role === 'master_admin'}
      renderSettingsPanel={renderSettingsPanel}
      banner={
        managesBilling ? (
          <Suspense fallback={null}>
            <BillingBanner />
          </Suspense>
        ) : undefined
      }
      renderSubscriptionNeeded={() => (
        <Suspense fallback={null}>
          <SubscriptionNeeded canManage={managesBilling} />
        </Suspense>
      )}
    />
  );
}
