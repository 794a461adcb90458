import type { Company, CompanyBody, UpdateCompanyBody } from '@shared/api/companies';
import type { OnboardingState } from '@shared/api/onboarding';
import type { JobberResult } from '@shared/platforms/jobber/api';
import { PROVIDER_IDS, type ProviderId } from '@shared/providers/platforms';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  HousecallProCompanyField,
  housecallProCompanyBody,
} from './housecallpro/housecallpro-company-values';
import { HousecallProConnectStep } from './housecallpro/housecallpro-connect-step';
import { useJobberConnection } from './jobber/jobber-api';
import { JobberChoice, JobberConnectStep, jobberOutcome } from './jobber/jobber-connect-step';
import { ServiceTitanConnectStep } from './servicetitan/servicetitan-connect-step';
import { ServiceTitanFields, serviceTitanCompanyBody } from './servicetitan/servicetitan-fields';

/**
 * The client's registry of platforms (decision 040): each platform's connect step is in its
 * folder here, and this is the one place pages reach them by the platform's id. Pages name no
 * platform; what they say of one comes from `usePlatform` / `providerName`.
 */

/** The form of a user's own credential (seed "Credential"): the default platform's values. */
export { AddCredentialDialog } from './servicetitan/add-credential-dialog';

/** What a platform's authorize page sent back (a one-click platform), and which platform. */
export interface ConnectOutcome {
  provider: ProviderId;
  result: JobberResult;
}

/** Back from a platform's authorize page: what it said (`?jobber=connected`, `denied`...). */
export function connectOutcome(search: string): ConnectOutcome | null {
  const result = jobberOutcome(search);
  return result ? { provider: 'jobber', result } : null;
}

/** The platforms Setup offers: each this server can connect, and the one the company runs on. */
export function useOfferedPlatforms(company: Company | undefined, enabled: boolean): ProviderId[] {
  const jobber = useJobberConnection(undefined, enabled);
  return PROVIDER_IDS.filter(
    (id) => id !== 'jobber' || jobber.data?.available === true || company?.provider === 'jobber',
  );
}

/** The chosen platform's connect step in Setup. */
export function ConnectStep({
  provider,
  company,
  onboarding,
  outcome,
  onConnected,
}: {
  provider: ProviderId;
  company: Company;
  onboarding: OnboardingState;
  outcome: ConnectOutcome | null;
  /** Saved and the platform answered every read: the board is next. */
  onConnected: () => void;
}) {
  switch (provider) {
    case 'servicetitan':
      return (
        <ServiceTitanConnectStep
          key={company.id}
          company={company}
          sampleTenantAvailable={onboarding.sampleTenantAvailable}
          onConnected={onConnected}
        />
      );
    case 'housecallpro':
      return (
        <HousecallProConnectStep
          key={company.id}
          company={company}
          sampleAccountAvailable={onboarding.sampleAccountAvailable}
          onConnected={onConnected}
        />
      );
    case 'jobber':
      return <JobberConnectStep outcome={outcome?.result ?? null} />;
  }
}

/**
 * On the company's admin page (issue 38 item 1): a platform connected with one click is offered
 * there too, with its step on a company that runs on it or coming back from its authorize page.
 */
export function AdminPlatformConnect({
  company,
  own,
  outcome,
}: {
  company: Company;
  /** The admin's own company; else the master admin's look at another. */
  own: boolean;
  outcome: ConnectOutcome | null;
}) {
  const asked = own ? undefined : company.id;
  return company.provider === 'jobber' || outcome ? (
    <JobberConnectStep companyId={asked} outcome={outcome?.result ?? null} />
  ) : (
    <JobberChoice companyId={asked} companyName={own ? undefined : company.name} />
  );
}

/** The Companies form: what connecting each platform there takes, in a line. */
export const COMPANY_FORM_HINT: Record<ProviderId, string> = {
  servicetitan:
    'The ServiceTitan values come from ServiceTitan: Settings › Integrations › API Application Access. With all four, saving checks the connection.',
  housecallpro:
    'The Company API key comes from Housecall Pro: App Store › API › Generate API Key (MAX plan). Saving it checks the connection.',
  jobber:
    'Jobber is connected with "Connect Jobber" (the company’s admin page or its Setup): Jobber asks its account owner to allow access.',
};

/** The Companies form's fields of a platform (none for a platform connected with one click). */
export function CompanyValueFields({
  provider,
  register,
  errors,
  company,
}: {
  provider: ProviderId;
  register: UseFormRegister<CompanyBody>;
  errors: FieldErrors<CompanyBody>;
  company: Company | null;
}) {
  switch (provider) {
    case 'servicetitan':
      return (
        <ServiceTitanFields register={register} errors={errors} stored={company ?? undefined} />
      );
    case 'housecallpro':
      return <HousecallProCompanyField register={register} errors={errors} company={company} />;
    case 'jobber':
      return null;
  }
}

/**
 * Only the chosen platform's values go in the Companies form's body (another platform's are a
 * 400). Naming a platform other than the company's switches it, so the body names one only
 * when it carries values or the admin chose another platform.
 */
export function companyBodyFor(
  provider: ProviderId,
  values: CompanyBody,
  company: Company | null,
): UpdateCompanyBody {
  switch (provider) {
    case 'servicetitan':
      return serviceTitanCompanyBody(values);
    case 'housecallpro':
      return housecallProCompanyBody(values, company);
    case 'jobber':
      return { name: values.name };
  }
}
