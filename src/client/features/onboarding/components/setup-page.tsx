import { can } from '@shared/permissions';
import {
  CONNECT_PLATFORM_STEP,
  DEFAULT_PROVIDER,
  isProviderId,
  providerName,
  type ProviderId,
} from '@shared/providers/platforms';
import { useState } from 'react';
import { ArrowRightLeft, CircleCheck, MonitorPlay } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { PageShell } from '@/components/layout/page-shell';
import { RedirectWithReason } from '@/components/layout/redirect';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { useCompanyList } from '@/hooks/use-company-list';
import { useTargetSuggestions } from '@/features/targets/api/targets-status';
import { CreateCompanyStep } from './create-company-step';
import { LocationStep } from './location-step';
import { PlatformChoice } from './platform-choice';
import { SETUP_STEPS_IN_WORDS, SetupSteps } from './setup-steps';
import { TargetsStep } from './targets-step';
import { ConnectStep, connectOutcome, useOfferedPlatforms } from '@/features/platforms';

/**
 * `/setup` (decision 16): a newcomer creates their company, says which platform it runs (each
 * this server can connect: features/platforms), connects it, then
 * opens their board. An admin comes back here to change or re-check the connection, or to switch
 * platform. The connect step stays up after saving (the server then says "done") so its check
 * can be read.
 */
export function SetupPage() {
  const { user, actor } = useAuth();
  // Back from a one-click platform's authorize page (its answer is in the address).
  const search = useSearch();
  const outcome = connectOutcome(search);
  const needsCompany = user?.onboarding.step === 'create_company';
  const mayConnect = can(actor, 'company.edit', { companyId: user?.companyId ?? null });
  const companies = useCompanyList(!needsCompany && mayConnect);
  const company = companies.data?.find((c) => c.id === user?.companyId);
  const [connected, setConnected] = useState(false);
  // During onboarding / sends people back here, so there is no "back to the board" yet.
  const onboarding = needsCompany || user?.onboarding.step === CONNECT_PLATFORM_STEP;
  // A newcomer keeps the welcome title through both steps (the step turns "done" on saving).
  const [welcoming] = useState(onboarding);
  // Back after connecting: the steps are done and the board is one click away.
  const alreadyConnected = !onboarding && user?.onboarding.companyConfigured === true;
  const suggestions = useTargetSuggestions({
    enabled: !needsCompany && (connected || alreadyConnected) && user?.companyId != null,
  });

  // Back here with targets still to set, that step comes before the connection form (the
  // connection is done; the step is what is left), decided once so applying does not move it.
  const [targetsFirst, setTargetsFirst] = useState<boolean | null>(null);
  const revisiting = alreadyConnected && !connected;
  if (targetsFirst === null && revisiting && suggestions.data)
    setTargetsFirst(suggestions.data.targetsAreDefaults);

  // Each platform is offered while this server can connect it (or the company runs on it).
  const offered = useOfferedPlatforms(company, !needsCompany && mayConnect);
  // The platform asked about: the admin's choice, else the one the company runs on (a company
  // that never connected anything has not chosen yet: the page asks).
  // Kept in the address (`?platform=`), so a reload or a theme change keeps the choice.
  const [, navigate] = useLocation();
  const platformParam = new URLSearchParams(search).get('platform');
  const picked = isProviderId(platformParam) ? platformParam : null;
  const setPicked = (id: ProviderId) =>
    navigate(`${paths.setup}?platform=${id}`, { replace: true });
  const current =
    company && (company.configured || company.provider !== DEFAULT_PROVIDER)
      ? company.provider
      : null;
  const chosen: ProviderId | null = picked ?? outcome?.provider ?? current;
  // The platform named in the title and the "connected" line: the company's own once it has one.
  const platform = current || chosen ? providerName(current ?? chosen) : 'Platform';
  if (!user) return null;
  // After connecting: "Set your targets" until they are set or accepted (decision 036).
  const targetsToSet = suggestions.data?.targetsAreDefaults !== false;
  const showTargets = !needsCompany && (connected || alreadyConnected);
  const targetsPlace = !showTargets
    ? null
    : !revisiting || targetsFirst === false || (targetsFirst === null && suggestions.isError)
      ? 'after'
      : targetsFirst === true
        ? 'before'
        : null;
  if (!needsCompany && (!mayConnect || user.companyId === null))
    return (
      <RedirectWithReason
        to={paths.home}
        reason="Only an administrator of your company can change its platform connection."
      />
    );

  return (
    <PageShell
      title={welcoming ? 'Welcome to 3-Day Call Board' : `${platform} connection`}
      description={
        welcoming
          ? `${SETUP_STEPS_IN_WORDS} and your board shows your own live numbers, against targets that fit.`
          : `Set up or check how ${user.companyName ?? 'your company'}'s board reads ${platform}.`
      }
      width="max-w-3xl"
      back={!onboarding}
    >
      <SetupSteps
        platform={chosen ? providerName(chosen) : null}
        current={needsCompany ? 0 : !(connected || alreadyConnected) ? 1 : targetsToSet ? 2 : 3}
      />
      {alreadyConnected && !connected && (
        <div
          role="status"
          data-testid="setup-connected"
          className="mb-6 flex flex-col gap-3 rounded-lg border border-emerald-600/40 bg-emerald-600/10 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2">
            <CircleCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            {user.companyName ?? 'Your company'} is connected to {platform}. Change or check the
            connection below.
          </p>
          <Button asChild>
            <Link href={paths.home}>
              <MonitorPlay aria-hidden />
              Open my board
            </Link>
          </Button>
        </div>
      )}
      {targetsPlace === 'before' && <TargetsStep first />}
      {!needsCompany && company && (
        <PlatformChoice
          offered={offered}
          value={chosen}
          current={company.configured ? company.provider : null}
          onChange={setPicked}
        />
      )}
      {company?.configured && chosen && chosen !== company.provider && (
        <p
          role="note"
          data-testid="platform-switch-note"
          className="mb-6 flex items-start gap-2 rounded-md border border-amber-600/40 bg-amber-500/10 p-3 text-sm"
        >
          <ArrowRightLeft className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {company.name} runs on {providerName(company.provider)} now. Connecting{' '}
            {providerName(chosen)} switches it: its boards, settings and the targets of items that
            still exist in {providerName(chosen)} stay, and its history is read again from the{' '}
            {providerName(chosen)} account. A company runs on one platform at a time.
          </span>
        </p>
      )}
      {needsCompany ? (
        <CreateCompanyStep />
      ) : company ? (
        chosen && (
          <ConnectStep
            provider={chosen}
            company={company}
            onboarding={user.onboarding}
            outcome={outcome}
            onConnected={() => setConnected(true)}
          />
        )
      ) : companies.isError ? (
        <p className="text-muted-foreground">
          Your company could not be loaded: {companies.error.message}
        </p>
      ) : (
        <FullPageLoader />
      )}
      {/* Where the company is (ZIP code, time zone), once connected: the platform may know its zone. */}
      {showTargets && <LocationStep />}
      {targetsPlace === 'after' && <TargetsStep scrollIntoView={connected} />}
    </PageShell>
  );
}
