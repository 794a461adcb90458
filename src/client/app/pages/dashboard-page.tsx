import { can } from '@shared/permissions';
import { CONNECT_PLATFORM_STEP } from '@shared/providers/platforms';
import { Building2, PlugZap } from 'lucide-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { Redirect } from '@/components/layout/redirect';
import { buttonVariants } from '@/components/ui/button-variants';
import { useCompanyBoardSettings } from '@/features/board-settings/hooks/use-company-board-settings';
import { useBoards } from '@/features/boards/api/boards-api';
import { BoardSwitcher } from '@/features/boards/components/board-switcher';
import { lastBoardOf, rememberBoard } from '@/features/boards/lib/last-board';
import { Board } from '@/features/dashboard/components/board';
import { loadBoardControls } from '@/features/dashboard/hooks/use-board-controls';
import { canManageSubscription } from '@/features/billing/lib/billing-actor';
import { LiveUpdates } from '@/features/live/live-updates';
import { useAuth } from '@/hooks/use-auth';
import { useCompanyList } from '@/hooks/use-company-list';
import { usePlatform } from '@/hooks/use-platform';
import { reportError } from '@/lib/report-error';
import { boardAddress, boardPath, companyIdIn, paths } from '@/config/paths';
import { TargetsDefaultsLine } from '@/features/targets/components/targets-defaults-line';
import { renderSettingsPanel } from '../settings-panel';

// The board's buttons and editors load beside its code and numbers, not after the first paint.
void loadBoardControls().catch(() => undefined);

// Only a master admin without a company sees it: it stays out of the board's first load.
// Billing shows only to some people and only sometimes: it loads after the board, on its own.
const BillingBanner = lazy(() => import('@/features/billing/components/billing-banner'));
const SubscriptionNeeded = lazy(() => import('@/features/billing/components/subscription-needed'));

const CompanyChooser = lazy(() =>
  import('@/features/onboarding/components/company-chooser').then((m) => ({
    default: m.CompanyChooser,
  })),
);

// Links that look like small secondary buttons (Button's classes without Button, which would
// bring the class-merging library into the board's first load).
const LINK_BUTTON = buttonVariants({ variant: 'secondary', size: 'sm' });

/**
 * The company's platform by name, in the error banner's link: mounted only when the board shows
 * an error, so a working board asks nothing more.
 */
function PlatformName({ companyId }: { companyId?: number }) {
  return <>{usePlatform(companyId).name}</>;
}

/** Over a company's board opened by a master admin: whose board it is, and the way back. */
function ViewingCompanyBanner({ companyId }: { companyId: number }) {
  const companies = useCompanyList();
  const name = companies.data?.find((c) => c.id === companyId)?.name;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-white/20 bg-black/40 px-4 py-2 text-white"
    >
      <p>You are viewing the board of {name ?? 'another company'}.</p>
      <Link href={paths.home} className={LINK_BUTTON}>
        All companies
      </Link>
    </div>
  );
}

/**
 * `/` and `/boards/:id` signed in: the live board, once there is one to show (decision 16). A
 * newcomer is sent to set up their company; a master admin with no company of their own chooses
 * whose board to open. `/` opens the board this person last opened here, else the company's
 * first (issue 26); `/boards/:id` names the board, so a bookmark or a kiosk opens that one.
 */
export function DashboardPage({ boardId }: { boardId?: number | undefined }) {
  const { user, actor } = useAuth();
  const managesBilling = canManageSubscription(user);
  const search = useSearch();
  const managesCompanies = can(actor, 'companies.manage');
  const companyId = managesCompanies ? companyIdIn(search) : undefined;
  const step = user?.onboarding.step;

  if (step === 'create_company' || step === CONNECT_PLATFORM_STEP)
    return <Redirect to={paths.setup} />;
  if (step === 'choose_company' && companyId === undefined) return <CompanyChooser />;
  // The board this person last used (their own company's; a master admin's look elsewhere is not).
  const last = user && companyId === undefined ? lastBoardOf(user.id) : null;
  if (boardId === undefined && last !== null) return <Redirect to={boardPath(last)} />;

  // What an administrator can do when the board cannot show numbers.
  const errorAction =
    companyId !== undefined ? (
      <Link href={paths.companies} className={LINK_BUTTON}>
        <Building2 aria-hidden />
        Check the company&apos;s <PlatformName companyId={companyId} /> connection
      </Link>
    ) : can(actor, 'company.edit', { companyId: user?.companyId ?? null }) ? (
      <Link href={paths.setup} className={LINK_BUTTON}>
        <PlugZap aria-hidden />
        Check the <PlatformName /> connection
      </Link>
    ) : undefined;

  return (
    <>
      <LiveUpdates companyId={companyId} boardId={boardId} />
      <CompanyBoard
        key={`${companyId ?? 'own'}:${boardId ?? 'first'}`}
        companyId={companyId}
        boardId={boardId}
        rememberFor={companyId === undefined ? (user?.id ?? null) : null}
        isMasterAdmin={managesCompanies}
        errorAction={errorAction}
        banner={
          companyId !== undefined ? (
            <ViewingCompanyBanner companyId={companyId} />
          ) : managesBilling ? (
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
    </>
  );
}

/**
 * The board with its company's settings from the server (decision 009): who may edit is the
 * server's answer; whoever may not sees the read-only panel and the board never writes for them.
 */
function CompanyBoard({
  companyId,
  boardId,
  rememberFor,
  isMasterAdmin,
  errorAction,
  banner,
  renderSubscriptionNeeded,
}: {
  companyId: number | undefined;
  boardId: number | undefined;
  /** The person whose last board this is (their own company's boards only). */
  rememberFor: string | null;
  isMasterAdmin: boolean;
  errorAction: ReactNode;
  banner: ReactNode;
  renderSubscriptionNeeded: () => ReactNode;
}) {
  const [, navigate] = useLocation();
  const boards = useBoards(companyId);
  const list = boards.data?.boards;
  const named = boardId === undefined ? undefined : list?.find((b) => b.id === boardId);
  const board = useCompanyBoardSettings(companyId, boardId, named?.viewType);
  const gone = boardId !== undefined && list !== undefined && !named;
  // A board deleted since (or never this company's): forgotten before `/` looks for it.
  if (gone && rememberFor !== null) rememberBoard(rememberFor, null);
  const { error } = board;
  useEffect(() => {
    if (error) reportError(error, 'The board settings could not be loaded.');
  }, [error]);
  useEffect(() => {
    if (rememberFor !== null && named) rememberBoard(rememberFor, named.id);
  }, [rememberFor, named]);
  if (gone) return <Redirect to={paths.home} />;
  // A named board waits for the list: its view type decides how the board reads.
  if (!board.settings || (boardId !== undefined && !named)) return <FullPageLoader />;
  const currentId = named?.id ?? list?.[0]?.id;
  const switcher =
    list && currentId !== undefined ? (
      <BoardSwitcher
        boards={list}
        currentId={currentId}
        onPick={(id) => navigate(boardAddress(id, companyId))}
      />
    ) : undefined;
  return (
    <Board
      settings={board.settings}
      onChange={board.updateSettings}
      onLogoChange={board.changeLogo}
      zipTimeZone={board.canEdit ? 'company' : 'off'}
      live
      signedIn
      canEdit={board.canEdit}
      editDenial={board.editDenial}
      isMasterAdmin={isMasterAdmin}
      renderSettingsPanel={renderSettingsPanel}
      companyId={companyId}
      boardId={boardId}
      switcher={switcher}
      names={board.names}
      errorAction={errorAction}
      banner={
        <>
          {banner}
          {/* The company's own board only: a master admin looking at another's is not told. */}
          {companyId === undefined && <TargetsDefaultsLine viewType={board.settings.viewType} />}
        </>
      }
      renderSubscriptionNeeded={renderSubscriptionNeeded}
    />
  );
}
