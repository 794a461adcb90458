import { providerName } from '@shared/providers/platforms';
import { PlugZap } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCompanyList } from '@/hooks/use-company-list';
import { AdminPlatformConnect, type ConnectOutcome } from '@/features/platforms';

/**
 * On the company's admin page (issue 38 item 1): the platform the company runs on and whether it
 * is set up, the way to Setup (its own admins) or Companies (the master admin) to change it, and
 * a platform connected with one click, offered while this server can connect it (its step on a
 * company that runs on it, or coming back from its authorize page with `outcome`).
 */
export function PlatformConnection({
  companyId,
  own,
  outcome = null,
}: {
  companyId: number;
  /** The admin's own company (the platform sends them back to Setup); else the master admin's look. */
  own: boolean;
  outcome?: ConnectOutcome | null;
}) {
  const companies = useCompanyList();
  const company = companies.data?.find((c) => c.id === companyId);
  if (!company) return null;
  return (
    <section
      className="grid gap-3"
      data-testid="platform-connection"
      aria-label={`Platform of ${company.name}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {company.name} runs on <strong>{providerName(company.provider)}</strong>
          {company.configured ? (
            <Badge>Configured</Badge>
          ) : (
            <Badge variant="destructive">Missing</Badge>
          )}
        </p>
        <Button asChild variant="outline" size="sm">
          <Link href={own ? paths.setup : paths.companies}>
            <PlugZap aria-hidden />
            {own ? 'Change or check the connection' : 'Change the connection on Companies'}
          </Link>
        </Button>
      </div>
      <AdminPlatformConnect company={company} own={own} outcome={outcome} />
    </section>
  );
}
