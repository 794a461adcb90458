import type { AdminUserRow } from '@shared/api/admin';
import type { CompanyOverview } from '@shared/api/companies';
import { isAdminRole, type Actor } from '@shared/permissions';
import { ChevronDown, MonitorPlay } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { boardOf } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { ConnectOutcome } from '@/features/platforms';
import { useAdminUsers } from '../api/users';
import { useCompaniesOverview } from '../api/companies-overview';
import { CompanyPlan } from './company-plan';
import { PlatformConnection } from './platform-connection';
import { UserRow } from './user-row';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function UserSection({
  title,
  users,
  actor,
  onOpenCredentials,
}: {
  title: string;
  users: AdminUserRow[];
  actor: Actor | null;
  onOpenCredentials: (user: AdminUserRow) => void;
}) {
  if (users.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h4 className="text-sm font-semibold text-muted-foreground">
        {title} ({users.length})
      </h4>
      <ul className="grid gap-2">
        {users.map((user) => (
          <UserRow key={user.id} user={user} actor={actor} onOpenCredentials={onOpenCredentials} />
        ))}
      </ul>
    </section>
  );
}

function CompanyCard({
  company,
  defaultOpen,
  actor,
  onOpenCredentials,
  outcome,
}: {
  company: CompanyOverview;
  defaultOpen: boolean;
  actor: Actor | null;
  onOpenCredentials: (user: AdminUserRow) => void;
  /** Back from a platform's authorize page for this company: what it said. */
  outcome: ConnectOutcome | null;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const total = company.admins.length + company.users.length;
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <Card
        id={`company-${company.id}`}
        data-testid="company-card"
        aria-label={company.name}
        role="group"
        className="scroll-mt-4"
      >
        <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <h3 className="min-w-0 flex-1">
            <CollapsibleTrigger asChild>
              <button
                type="button"
                className="flex w-full min-w-0 items-center gap-3 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <ChevronDown
                  className={`h-5 w-5 shrink-0 transition-transform ${open ? '' : '-rotate-90'}`}
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block truncate text-lg font-semibold">{company.name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {plural(company.admins.length, 'admin', 'admins')},{' '}
                    {plural(company.users.length, 'user', 'users')}
                  </span>
                </span>
                <Badge variant="secondary" className="ml-auto shrink-0">
                  {total} total
                </Badge>
              </button>
            </CollapsibleTrigger>
          </h3>
          <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
            <Link href={boardOf(company.id)}>
              <MonitorPlay aria-hidden />
              Open board
            </Link>
          </Button>
        </div>
        <CollapsibleContent>
          <CardContent className="grid gap-4 pt-0">
            <PlatformConnection companyId={company.id} own={false} outcome={outcome} />
            <CompanyPlan
              actor={actor}
              companyId={company.id}
              status={company.subscriptionStatus}
              people={[...company.admins, ...company.users]}
            />
            {total === 0 ? (
              <p className="text-sm text-muted-foreground">No users in this company</p>
            ) : (
              <>
                <UserSection
                  title="Administrators"
                  users={company.admins}
                  actor={actor}
                  onOpenCredentials={onOpenCredentials}
                />
                <UserSection
                  title="Users"
                  users={company.users}
                  actor={actor}
                  onOpenCredentials={onOpenCredentials}
                />
              </>
            )}
          </CardContent>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}

/** Seed "Companies Overview" (master admin): every company with its administrators and users. */
export function CompaniesOverview({
  actor,
  onOpenCredentials,
  outcome = null,
}: {
  actor: Actor | null;
  onOpenCredentials: (user: AdminUserRow) => void;
  /** Back from a platform's authorize page for a company (`?companyId=` and its answer). */
  outcome?: { companyId: number; outcome: ConnectOutcome } | null;
}) {
  const overview = useCompaniesOverview();
  // /companies' "View Users" links here with #company-<id>: that card opens and comes into view.
  const linkedCompany = window.location.hash.slice(1);
  useEffect(() => {
    if (overview.isSuccess && linkedCompany)
      document.getElementById(linkedCompany)?.scrollIntoView({ block: 'start' });
  }, [overview.isSuccess, linkedCompany]);
  const users = useAdminUsers();
  // People in no company (master admins, and anyone who signed in but has not set one up).
  const unassigned = (users.data ?? []).filter((user) => user.companyId === null);
  const companies = overview.data ?? [];
  const totalUsers =
    companies.reduce((sum, c) => sum + c.admins.length + c.users.length, 0) + unassigned.length;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Companies Overview
        </CardTitle>
        {overview.isSuccess && (
          <CardDescription data-testid="overview-summary">
            {plural(companies.length, 'company', 'companies')},{' '}
            {plural(totalUsers, 'user', 'users')} in total
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {overview.isPending ? (
          <p className="text-sm text-muted-foreground">Loading companies...</p>
        ) : overview.isError ? (
          <p className="text-sm text-muted-foreground">
            The companies could not be loaded: {overview.error.message}
          </p>
        ) : (
          <>
            {companies.length === 0 && (
              <p className="text-sm text-muted-foreground">No companies found</p>
            )}
            {companies.map((company) => (
              <CompanyCard
                key={company.id}
                company={company}
                defaultOpen={
                  companies.length <= 3 ||
                  linkedCompany === `company-${company.id}` ||
                  outcome?.companyId === company.id
                }
                actor={actor}
                onOpenCredentials={onOpenCredentials}
                outcome={outcome?.companyId === company.id ? outcome.outcome : null}
              />
            ))}
            {unassigned.length > 0 && (
              <Card data-testid="unassigned-card" role="group" aria-label="Not in a company">
                <CardHeader className="p-4">
                  <CardTitle as="h3" className="text-lg">
                    Not in a company
                  </CardTitle>
                  <CardDescription>
                    Master admins, and people who signed in but have not created their company yet.
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4 pt-0">
                  <UserSection
                    title="Administrators"
                    users={unassigned.filter((u) => isAdminRole(u.role))}
                    actor={actor}
                    onOpenCredentials={onOpenCredentials}
                  />
                  <UserSection
                    title="Users"
                    users={unassigned.filter((u) => !isAdminRole(u.role))}
                    actor={actor}
                    onOpenCredentials={onOpenCredentials}
                  />
                </CardContent>
              </Card>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
