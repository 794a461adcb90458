import type { ItemType } from '@shared/api/item-groups';
import { AlertCircle, ArrowLeft, KeyRound, Loader2, Lock, SearchX, Timer } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { homeOf, itemConfigOf, paths } from '@/config/paths';
import { CompanySelect } from '@/components/company-select';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useBoards } from '@/features/boards/api/boards-api';
import { useTargetSuggestions } from '@/features/targets/api/targets-api';
import { TargetSuggestionsCard } from '@/features/targets/components/target-suggestions-card';
import { useAuth } from '@/hooks/use-auth';
import { useChosenCompany } from '@/hooks/use-chosen-company';
import { usePreferences, useItemGroups, usePlatformItems } from '../api/item-config-api';
import { preferenceEditDenial } from '../lib/edit-denial';
import { hoursTargetsNote } from '../lib/hours-targets';
import { itemKindWords } from '../lib/item-kinds';
import { ManageGroupsCard } from './manage-groups-card';
import { PreferenceTable } from './preference-table';
import { ViewTypeCard } from './view-type-card';

function StateCard({
  icon,
  title,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <span className="mt-0.5 text-muted-foreground [&_svg]:h-6 [&_svg]:w-6">{icon}</span>
        <div className="min-w-0 space-y-1.5">
          <CardTitle as="h2" className="text-lg">
            {title}
          </CardTitle>
          {children}
        </div>
      </CardHeader>
    </Card>
  );
}

/**
 * `/business-units` and `/job-types` (seed section 2): one page, told which kind it shows. A
 * master admin chooses the company (`?companyId=`, as on History and Boards; the API takes the
 * same parameter), else their own when they have one.
 */
export function ItemConfigPage({ type }: { type: ItemType }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  // The company configured: a master admin's choice, else the person's own.
  const { master, chosen: otherCompany, companyId } = useChosenCompany();
  const metadata = usePlatformItems(otherCompany);
  // The company's platform names the page's words ("No <platform> Credentials", "Services").
  const words = itemKindWords(type, metadata.data?.provider);
  const preferences = usePreferences(type, otherCompany);
  const groups = useItemGroups(type, otherCompany);
  const readOnlyReason = preferenceEditDenial(user, companyId ?? null);
  // Boards that measure hours (issue 35) need no typed targets: the page says so.
  const boards = useBoards(otherCompany, { enabled: companyId !== undefined });
  const hoursNote = hoursTargetsNote(boards.data?.boards, type, words.provider);
  const suggestions = useTargetSuggestions({
    enabled: metadata.data?.hasCredentials === true && companyId !== undefined && hoursNote.targets,
    poll: true,
    companyId: otherCompany,
  });
  const suggestionOf = useMemo(
    () =>
      suggestions.data?.status === 'ready'
        ? new Map(
            suggestions.data.items
              .filter((item) => item.type === type)
              .map((item) => [item.itemId, item] as const),
          )
        : undefined,
    [suggestions.data, type],
  );

  const items = type === 'businessUnit' ? metadata.data?.businessUnits : metadata.data?.jobTypes;
  const listError = metadata.error ?? preferences.error ?? groups.error;

  // A master admin who has chosen no company (and has none) is asked to choose one first.
  const choosing = master && companyId === undefined;
  let body: ReactNode;
  if (choosing) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="choose-company">
        Choose a company to configure its {words.pluralLower}.
      </p>
    );
  } else if (
    metadata.isPending ||
    (metadata.data?.hasCredentials && (preferences.isPending || groups.isPending))
  ) {
    body = (
      <div className="flex justify-center py-16" role="status" aria-label="Loading">
        <Loader2 className="h-8 w-8 animate-spin text-muted-foreground" aria-hidden />
      </div>
    );
  } else if (metadata.data && !metadata.data.hasCredentials) {
    body = (
      <StateCard icon={<KeyRound />} title={words.noCredentials} testId="no-credentials">
        <CardDescription>
          Please configure your {words.provider} credentials in the Admin panel to view{' '}
          {words.pluralLower}.
        </CardDescription>
        <Button asChild className="mt-3">
          <Link href={paths.admin}>Go to Admin Panel</Link>
        </Button>
      </StateCard>
    );
  } else if (listError || metadata.data?.error) {
    body = (
      <StateCard icon={<AlertCircle />} title={`Error Loading ${words.plural}`} testId="load-error">
        <CardDescription className="text-destructive">
          {metadata.data?.error ?? listError?.message}
        </CardDescription>
      </StateCard>
    );
  } else if (!items?.length) {
    body = (
      <StateCard icon={<SearchX />} title={`No ${words.plural} Found`} testId="no-items">
        <CardDescription>{words.emptyText}</CardDescription>
      </StateCard>
    );
  } else {
    body = (
      <>
        {hoursNote.note && (
          <p
            role="note"
            data-testid="hours-targets-note"
            className="flex items-start gap-2 rounded-md border border-sky-500/40 bg-sky-500/10 px-3 py-2 text-sm"
          >
            <Timer className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{hoursNote.note}</span>
          </p>
        )}
        {suggestions.data && hoursNote.targets && (
          <TargetSuggestionsCard
            type={type}
            data={suggestions.data}
            wordsPlural={words.pluralLower}
            readOnlyReason={readOnlyReason}
            companyId={otherCompany}
          />
        )}
        <ManageGroupsCard
          type={type}
          groups={groups.data ?? []}
          preferences={preferences.data ?? []}
          items={items}
          readOnlyReason={readOnlyReason}
          companyId={otherCompany}
        />
        <PreferenceTable
          type={type}
          items={items}
          preferences={preferences.data ?? []}
          groups={groups.data ?? []}
          readOnlyReason={readOnlyReason}
          suggestions={hoursNote.targets ? suggestionOf : undefined}
          targets={hoursNote.targets}
          companyId={otherCompany}
        />
      </>
    );
  }

  return (
    <div className="min-h-screen bg-background text-foreground">
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <Button asChild variant="ghost">
          <Link href={homeOf(otherCompany)}>
            <ArrowLeft aria-hidden /> Back to Dashboard
          </Link>
        </Button>
        <div>
          <h1 className="text-3xl font-bold">{words.title}</h1>
          <p className="mt-1 text-muted-foreground">{words.subtitle}</p>
        </div>
        {master && (
          <CompanySelect
            id="config-company"
            className="max-w-sm"
            value={companyId}
            onChange={(id) => navigate(itemConfigOf(type, id === user?.companyId ? undefined : id))}
          />
        )}
        {readOnlyReason && !choosing && (
          <p
            role="note"
            data-testid="read-only-reason"
            className="flex items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
          >
            <Lock className="h-4 w-4 shrink-0" aria-hidden />
            <span>
              Read-only: {readOnlyReason} You can view how the board is set up but cannot make
              changes.
            </span>
          </p>
        )}
        <ViewTypeCard provider={metadata.data?.provider} />
        {body}
      </main>
    </div>
  );
}
