import { can } from '@shared/permissions';
import { providerName } from '@shared/providers/platforms';
import { useState } from 'react';
import { CircleCheck, MonitorPlay } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { PageShell } from '@/components/layout/page-shell';
import { RedirectWithReason } from '@/components/layout/redirect';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { useCompanyList } from '@/hooks/use-company-list';
import { useTargetSuggestions } from '@/features/targets/api/targets-status';
import { ConnectStep } from './connect-step';
import { CreateCompanyStep } from './create-company-step';
import { LocationStep } from './location-step';
import { SetupSteps } from './setup-steps';
import { TargetsStep } from './targets-step';
import {
  JobberConnectStep,
  JobberChoice,
  jobberOutcome,
} from '@/features/jobber/components/jobber-connect-step';

/**
 * `/setup` (decision 16): a newcomer creates their company, then connects ServiceTitan, then
 * opens their board. An admin comes back here to change or re-check the connection. The
 * connect step stays up after saving (the server then says "done") so its check can be read.
 */
export function SetupPage() {
  const { user, actor } = useAuth();
  // Back from Jobber's authorize page (`?jobber=connected`, `denied`...).
  const jobber = jobberOutcome(useSearch());
  const needsCompany = user?.onboarding.step === 'create_company';
  const mayConnect = can(actor, 'company.edit', { companyId: user?.companyId ?? null });
  const companies = useCompanyList(!needsCompany && mayConnect);
  const company = companies.data?.find((c) => c.id === user?.companyId);
  const [connected, setConnected] = useState(false);
  // During onboarding / sends people back here, so there is no "back to the board" yet.
  const onboarding = needsCompany || user?.onboarding.step === 'connect_servicetitan';
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

  const platform = providerName(company?.provider ?? (jobber ? 'jobber' : undefined));
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
        reason="Only an administrator of your company can change its ServiceTitan connection."
      />
    );

  return (
    <PageShell
      title={welcoming ? 'Welcome to 3-Day Call Board' : `${platform} connection`}
      description={
        welcoming
          ? 'Three short steps and your board shows your own live numbers, against targets that fit.'
          : `Set up or check how ${user.companyName ?? 'your company'}'s board reads ${platform}.`
      }
      width="max-w-3xl"
      back={!onboarding}
    >
      <SetupSteps
        platform={platform}
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
      {needsCompany ? (
        <CreateCompanyStep />
      ) : company?.provider === 'jobber' || jobber ? (
        <JobberConnectStep outcome={jobber} />
      ) : company ? (
        <ConnectStep
          key={company.id}
          company={company}
          sampleTenantAvailable={user.onboarding.sampleTenantAvailable}
          onConnected={() => setConnected(true)}
        />
      ) : companies.isError ? (
        <p className="text-muted-foreground">
          Your company could not be loaded: {companies.error.message}
        </p>
      ) : (
        <FullPageLoader />
      )}
      {company && company.provider !== 'jobber' && !jobber && !needsCompany && <JobberChoice />}
      {/* Where the company is (ZIP code, time zone), once connected: the platform may know its zone. */}
      {showTargets && <LocationStep />}
      {targetsPlace === 'after' && <TargetsStep scrollIntoView={connected} />}
    </PageShell>
  );
}
