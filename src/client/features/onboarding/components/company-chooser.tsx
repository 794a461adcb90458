import { providerName } from '@shared/providers/platforms';
import { Building2, MonitorPlay, Users } from 'lucide-react';
import { Link } from 'wouter';
import { boardOf, paths } from '@/config/paths';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCompanyList } from '@/hooks/use-company-list';

/**
 * `/` for a master admin with no company of their own (decision 16): the companies they
 * manage, each with its board one click away, instead of an empty board.
 */
export function CompanyChooser() {
  const companies = useCompanyList();
  return (
    <PageShell
      title="Your companies"
      back={false}
      description="Open a company's board, or manage companies and their people."
      actions={
        <>
          <Button asChild variant="outline">
            <Link href={paths.companies}>
              <Building2 aria-hidden />
              Manage companies
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={paths.admin}>
              <Users aria-hidden />
              Manage Users
            </Link>
          </Button>
        </>
      }
    >
      {companies.isPending ? (
        <p className="text-muted-foreground">Loading companies...</p>
      ) : companies.isError ? (
        <p className="text-muted-foreground">
          The companies could not be loaded: {companies.error.message}
        </p>
      ) : companies.data.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-muted-foreground">
            No companies yet. Create one on{' '}
            <Link className="underline" href={paths.companies}>
              Companies
            </Link>
            , or invite a customer&apos;s administrator from{' '}
            <Link className="underline" href={paths.admin}>
              Manage Users
            </Link>
            .
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {companies.data.map((company) => (
            <li key={company.id}>
              <Card className="flex h-full flex-col" data-testid="chooser-company">
                <CardHeader className="flex-1">
                  <CardTitle as="h2" className="text-lg">
                    {company.name}
                  </CardTitle>
                  <div className="flex flex-wrap gap-2 pt-1">
                    {company.configured ? (
                      <Badge>{providerName(company.provider)} connected</Badge>
                    ) : (
                      <Badge variant="destructive">{providerName(company.provider)} missing</Badge>
                    )}
                    <Badge variant="outline">
                      {company.userCount} {company.userCount === 1 ? 'user' : 'users'}
                    </Badge>
                  </div>
                </CardHeader>
                <CardContent>
                  <Button asChild className="w-full">
                    <Link href={boardOf(company.id)}>
                      <MonitorPlay aria-hidden />
                      Open board
                      <span className="sr-only"> of {company.name}</span>
                    </Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
