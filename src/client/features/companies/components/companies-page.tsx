import type { Company, ConnectionCheck } from '@shared/api/companies';
import { can } from '@shared/permissions';
import { platformNamesInWords, providerName, type ProviderId } from '@shared/providers/platforms';
import { Building2, LayoutGrid, MonitorPlay, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { boardOf, boardsOf, paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ConnectionCheckResult } from '@/components/connection-check-result';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useAuth } from '@/hooks/use-auth';
import { useCompanyList } from '@/hooks/use-company-list';
import { useDeleteCompany } from '../api/companies';
import { CompanyFormDialog } from './company-form-dialog';

/**
 * The seed's provider setup, judged by the company's own platform (issue 34): "Configured" when
 * it has what that platform needs (its values, or its one-click connection made), else
 * "Missing", beside the platform's name.
 */
function SetupBadge({ company }: { company: Company }) {
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="company-platform">
      <span className="text-sm">{providerName(company.provider)}</span>
      {company.configured ? (
        <Badge>Configured</Badge>
      ) : (
        <Badge variant="destructive">Missing</Badge>
      )}
    </span>
  );
}

function ViewUsers({ company }: { company: Company }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={`${paths.admin}#company-${company.id}`}>
        <Users aria-hidden />
        View Users
        <span className="text-muted-foreground">({company.userCount})</span>
      </Link>
    </Button>
  );
}

function CompanyActions({
  company,
  manage,
  mayEdit,
  onEdit,
  onDelete,
}: {
  company: Company;
  manage: boolean;
  mayEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      {manage && (
        <Button asChild variant="ghost" size="icon" title="Open board">
          <Link href={boardOf(company.id)} aria-label={`Open the board of ${company.name}`}>
            <MonitorPlay aria-hidden />
          </Link>
        </Button>
      )}
      {manage && (
        <Button asChild variant="ghost" size="icon" title="Manage boards">
          <Link href={boardsOf(company.id)} aria-label={`Manage the boards of ${company.name}`}>
            <LayoutGrid aria-hidden />
          </Link>
        </Button>
      )}
      {mayEdit && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${company.name}`}
          title="Edit"
          onClick={onEdit}
        >
          <Pencil aria-hidden />
        </Button>
      )}
      {manage && (
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${company.name}`}
              title="Delete"
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden />
            </Button>
          }
          title="Delete Company"
          description={`Are you sure you want to delete "${company.name}"? This action cannot be undone. All users will be unassigned from the company.`}
          confirmLabel="Delete"
          onConfirm={onDelete}
        />
      )}
    </div>
  );
}

type Editing = { company: Company | null; key: number } | null;

/**
 * `/companies` (seed "Companies management"). The master admin manages every company; an
 * account admin sees their own and may edit its name and platform connection.
 */
export function CompaniesPage() {
  const { actor } = useAuth();
  const companies = useCompanyList();
  const remove = useDeleteCompany();
  const [editing, setEditing] = useState<Editing>(null);
  const [lastCheck, setLastCheck] = useState<{
    name: string;
    provider: ProviderId;
    check: ConnectionCheck;
  } | null>(null);
  const manage = can(actor, 'companies.manage');
  const openForm = (company: Company | null) => setEditing({ company, key: Date.now() });

  return (
    <PageShell
      title="Companies"
      description={
        manage
          ? `Every company using the board, the platform it runs on (${platformNamesInWords()}), and whether that connection is set up.`
          : 'Your company and its platform connection.'
      }
      actions={
        manage && (
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden />
            Create Company
          </Button>
        )
      }
    >
      {lastCheck && (
        <div className="mb-4 grid gap-1">
          <p className="text-sm font-medium">Connection check for {lastCheck.name}</p>
          <ConnectionCheckResult check={lastCheck.check} provider={lastCheck.provider} />
        </div>
      )}
      <Card>
        <CardContent className="p-0">
          {companies.isPending ? (
            <p className="p-6 text-sm text-muted-foreground">Loading companies...</p>
          ) : companies.isError ? (
            <p className="p-6 text-sm text-muted-foreground">
              The companies could not be loaded: {companies.error.message}
            </p>
          ) : companies.data.length === 0 ? (
            <div className="flex flex-col items-center gap-3 p-10 text-center">
              <Building2 className="h-10 w-10 text-muted-foreground" aria-hidden />
              <p className="text-muted-foreground">
                No companies yet. Create your first company to get started.
              </p>
            </div>
          ) : (
            <>
              <ul className="divide-y sm:hidden" aria-label="Companies">
                {companies.data.map((company) => (
                  <li key={company.id} className="grid gap-3 p-4" data-testid="company-card-phone">
                    <div className="flex items-start justify-between gap-3">
                      <span className="font-medium">{company.name}</span>
                      <SetupBadge company={company} />
                    </div>
                    <div className="flex items-center justify-between gap-2">
                      <ViewUsers company={company} />
                      <CompanyActions
                        company={company}
                        manage={manage}
                        mayEdit={can(actor, 'company.edit', { companyId: company.id })}
                        onEdit={() => openForm(company)}
                        onDelete={() => remove.mutate(company)}
                      />
                    </div>
                  </li>
                ))}
              </ul>
              <Table className="hidden sm:table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Company Name</TableHead>
                    <TableHead>Platform setup</TableHead>
                    <TableHead>Users</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {companies.data.map((company) => (
                    <TableRow key={company.id} data-testid="company-row">
                      <TableCell className="font-medium">{company.name}</TableCell>
                      <TableCell>
                        <SetupBadge company={company} />
                      </TableCell>
                      <TableCell>
                        <ViewUsers company={company} />
                      </TableCell>
                      <TableCell>
                        <CompanyActions
                          company={company}
                          manage={manage}
                          mayEdit={can(actor, 'company.edit', { companyId: company.id })}
                          onEdit={() => openForm(company)}
                          onDelete={() => remove.mutate(company)}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </CardContent>
      </Card>
      {editing && (
        <CompanyFormDialog
          key={editing.key}
          open
          company={editing.company}
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={(result) =>
            setLastCheck(
              result.connectionCheck
                ? {
                    name: result.company.name,
                    provider: result.company.provider,
                    check: result.connectionCheck,
                  }
                : null,
            )
          }
        />
      )}
    </PageShell>
  );
}
