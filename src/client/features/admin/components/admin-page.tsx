import type { AdminUserRow } from '@shared/api/admin';
import { can } from '@shared/permissions';
import { Building2, Tv } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { connectOutcome } from '@/features/platforms';
import { paths } from '@/config/paths';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { CompaniesOverview } from './companies-overview';
import { CredentialsDialog } from './credentials-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { PendingInvitations } from './pending-invitations';
import { PlatformConnection } from './platform-connection';
import { UsersCard } from './users-card';

/**
 * `/admin` (seed "Admin Dashboard"). The master admin sees every company; an account admin
 * their own company's users. Reached only with admin access (the router turns others away).
 */
export function AdminPage() {
  const { user, actor } = useAuth();
  const [credentialsOf, setCredentialsOf] = useState<AdminUserRow | null>(null);
  const master = can(actor, 'companies.manage');
  const companyName = user?.companyName ?? null;
  // Back from a platform's authorize page (the master admin connecting a company: ?companyId=).
  const search = useSearch();
  const outcome = connectOutcome(search);
  const outcomeCompany = Number(new URLSearchParams(search).get('companyId')) || null;

  return (
    <PageShell
      title={master ? 'Master Admin Dashboard' : 'Admin Dashboard'}
      description={
        master
          ? 'Every company, its people and their access.'
          : `People and access for ${companyName ?? 'your company'}.`
      }
      actions={
        <>
          <Button asChild variant="outline">
            <Link href={paths.companies}>
              <Building2 aria-hidden />
              {master ? 'Companies' : 'Company & platform'}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.screens}>
              <Tv aria-hidden />
              Screens
            </Link>
          </Button>
          {master && <InviteUserDialog actor={actor} companyName={companyName} />}
        </>
      }
    >
      <div className="grid gap-6">
        {master ? (
          <CompaniesOverview
            actor={actor}
            onOpenCredentials={setCredentialsOf}
            outcome={outcome && outcomeCompany ? { companyId: outcomeCompany, outcome } : null}
          />
        ) : (
          <>
            {user?.companyId != null && <PlatformConnection companyId={user.companyId} own />}
            <UsersCard
              actor={actor}
              companyName={companyName}
              onOpenCredentials={setCredentialsOf}
            />
          </>
        )}
        <PendingInvitations showCompany={master} />
      </div>
      <CredentialsDialog user={credentialsOf} onClose={() => setCredentialsOf(null)} />
    </PageShell>
  );
}
