import { ArrowLeft, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { authUrls, paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A signed-in page outside the board (admin, companies, setup, the master admin's companies):
 * the seed's back button to /, Logout (the board has it in its side menu; these pages have no
 * side menu), a title, and the page's actions.
 */
export function PageShell({
  title,
  description,
  actions,
  children,
  width = 'max-w-6xl',
  back = true,
}: {
  /** The seed's back button to / (not where / is this page, or would send one back here). */
  back?: boolean;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: string;
}) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <main className={cn('mx-auto px-4 py-6 sm:py-8', width)}>
        <div className="mb-4 flex items-center justify-between gap-2 sm:mb-6">
          {back ? (
            <Button asChild variant="ghost" className="-ml-2">
              <Link href={paths.home}>
                <ArrowLeft aria-hidden /> Back to Dashboard
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <Button
            variant="ghost"
            className="-mr-2"
            onClick={() => window.location.assign(authUrls.logout)}
          >
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
            {description && <p className="mt-1 text-muted-foreground">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}
