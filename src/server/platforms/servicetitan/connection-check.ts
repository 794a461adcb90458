import type {
  ConnectionCheck,
  ConnectionProblem,
  ConnectionStepName,
} from '../../../shared/api/companies.js';
import {
  ServiceTitanError,
  type ServiceTitanCredential,
  type ServiceTitanGateway,
} from './contract.js';
import { HOURS_SCOPES } from './hours.js';
import { TOKEN_PATH } from './http.js';

/**
 * Setup diagnostics: asks ServiceTitan for a token with a credential, then makes one small read
 * per API the board needs, and says in plain words what is wrong. Never throws because
 * ServiceTitan failed; the answer is the diagnosis.
 */

export type PartialCredential = Partial<Omit<ServiceTitanCredential, 'environment'>> & {
  environment?: ServiceTitanCredential['environment'];
};

interface ReadStep {
  name: Exclude<ConnectionStepName, 'token' | HoursStepName>;
  label: string;
  /** What the office calls the data, in "may not read ...". */
  what: string;
  /** The scope to name when ServiceTitan does not name it. */
  scope: string;
}

const READS: ReadStep[] = [
  {
    name: 'businessUnits',
    label: 'Read business units',
    what: 'business units',
    scope: 'Settings: Business Units (read)',
  },
  {
    name: 'jobTypes',
    label: 'Read job types',
    what: 'job types',
    scope: 'Job Planning & Management: Job Types (read)',
  },
  {
    name: 'jobs',
    label: 'Read jobs',
    what: 'jobs',
    scope: 'Job Planning & Management: Jobs (read)',
  },
  {
    name: 'appointments',
    label: 'Read appointments',
    what: 'appointments',
    scope: 'Job Planning & Management: Appointments (read)',
  },
];

type HoursStepName = 'capacity' | 'technicianShifts' | 'technicians';

/** The reads boards that measure hours need (issue 35): checked, but not needed to count jobs. */
const HOURS_READS: { name: HoursStepName; label: string; what: string; scope: string }[] = [
  {
    name: 'capacity',
    label: 'Read capacity planning (for boards in hours)',
    what: 'capacity planning',
    scope: HOURS_SCOPES.capacity,
  },
  {
    name: 'technicianShifts',
    label: 'Read technician shifts (for boards in hours)',
    what: 'technician shifts',
    scope: HOURS_SCOPES.technicianShifts,
  },
  {
    name: 'technicians',
    label: 'Read technicians (for boards in hours)',
    what: 'technicians',
    scope: HOURS_SCOPES.technicians,
  },
];

const TOKEN_LABEL = 'Sign in to ServiceTitan';
const WHERE = 'Settings > Integrations > API Application Access';

function missingValues(c: PartialCredential): string[] {
  const missing: string[] = [];
  if (!c.clientId) missing.push('client ID');
  if (!c.clientSecret) missing.push('client secret');
  if (!c.tenantId) missing.push('tenant ID');
  if (!c.appKey) missing.push('app key');
  return missing;
}

const joinWords = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

function problem(
  code: ConnectionProblem['code'],
  message: string,
  step: ConnectionStepName | null,
  scope: string | null = null,
): ConnectionProblem {
  return { code, message, step, scope };
}

const unreachable = (step: ConnectionStepName) =>
  problem(
    'unreachable',
    'ServiceTitan is not answering right now, so the connection could not be checked. Try again in a few minutes.',
    step,
  );

/** The scope ServiceTitan named in its refusal ("Missing required scope: x"), if it did. */
function scopeNamedIn(explanation: string | undefined): string | null {
  const match = /scope[s]?\s*[:=]?\s*"?([A-Za-z0-9_.:-]+)"?/i.exec(explanation ?? '');
  return match?.[1] ?? null;
}

const saysNotConnected = (explanation: string | undefined) =>
  /not (been )?connected|not installed|has not (been )?(granted|authori[sz]ed)|no access to (this )?tenant/i.test(
    explanation ?? '',
  );

export async function checkConnection(options: {
  gateway: ServiceTitanGateway;
  credential: PartialCredential;
  now: Date;
}): Promise<ConnectionCheck> {
  const { gateway, credential, now } = options;
  const checkedAt = now.toISOString();
  const missing = missingValues(credential);
  if (missing.length > 0) {
    return {
      ok: false,
      checkedAt,
      steps: [
        { name: 'token', label: TOKEN_LABEL, status: 'skipped' },
        ...[...READS, ...HOURS_READS].map((r) => ({
          name: r.name,
          label: r.label,
          status: 'skipped' as const,
        })),
      ],
      problems: [
        problem(
          'incomplete',
          `The ${joinWords(missing)} ${missing.length === 1 ? 'is' : 'are'} missing. ServiceTitan needs all four values (client ID, client secret, tenant ID and app key) to connect.`,
          null,
        ),
      ],
    };
  }
  const full: ServiceTitanCredential = {
    clientId: credential.clientId!,
    clientSecret: credential.clientSecret!,
    tenantId: credential.tenantId!,
    appKey: credential.appKey!,
    environment: credential.environment ?? 'production',
  };
  const client = gateway.clientFor(full);
  // A minute-long window: the smallest real read of jobs and appointments.
  const window = {
    startsOnOrAfter: now.toISOString(),
    startsBefore: new Date(now.getTime() + 60_000).toISOString(),
  };
  const read = (step: ReadStep): Promise<unknown> => {
    switch (step.name) {
      case 'businessUnits':
        return client.listBusinessUnits();
      case 'jobTypes':
        return client.listJobTypes();
      case 'jobs':
        return client.listJobs(window);
      case 'appointments':
        return client.listAppointments(window);
    }
  };

  // The first read also fetches the token, so its failure may be the token's.
  const outcomes: { step: ReadStep; error: unknown }[] = [];
  for (const step of READS) {
    try {
      await read(step);
      outcomes.push({ step, error: null });
    } catch (error) {
      outcomes.push({ step, error });
      const st = error instanceof ServiceTitanError ? error : null;
      // Nothing further can succeed after a token, tenant, app-key or network failure.
      if (!st || st.kind !== 'forbidden') break;
    }
  }

  const first = outcomes.find((o) => o.error !== null);
  const firstError = first?.error;
  const tokenFailed =
    firstError instanceof ServiceTitanError
      ? firstError.detail.path === TOKEN_PATH
      : firstError !== undefined && outcomes.length === 1;
  const steps: ConnectionCheck['steps'] = [
    {
      name: 'token',
      label: TOKEN_LABEL,
      status: tokenFailed ? 'failed' : 'ok',
    },
    ...READS.map((step) => {
      const outcome = outcomes.find((o) => o.step === step);
      const status: 'ok' | 'failed' | 'skipped' =
        tokenFailed || !outcome ? 'skipped' : outcome.error ? 'failed' : 'ok';
      return { name: step.name, label: step.label, status };
    }),
  ];
  const problems = diagnose(outcomes, tokenFailed, full.tenantId);
  // The hours' reads, once ServiceTitan answers at all (the required ones each passed or were
  // only refused a scope).
  const answering = outcomes.every(
    (o) =>
      o.error === null || (o.error instanceof ServiceTitanError && o.error.kind === 'forbidden'),
  );
  const notConnected = problems.some((p) => p.code === 'tenant_not_connected');
  if (tokenFailed || !answering || notConnected) {
    steps.push(
      ...HOURS_READS.map((r) => ({ name: r.name, label: r.label, status: 'skipped' as const })),
    );
    return { ok: problems.length === 0, checkedAt, steps, problems };
  }
  const hoursProblems: ConnectionProblem[] = [];
  for (const step of HOURS_READS) {
    const read = () => {
      switch (step.name) {
        case 'capacity':
          return client.capacity(window);
        case 'technicianShifts':
          return client.listTechnicianShifts(window, 'Normal');
        case 'technicians':
          return client.listTechnicians();
      }
    };
    try {
      await read();
      steps.push({ name: step.name, label: step.label, status: 'ok' });
    } catch (error) {
      steps.push({ name: step.name, label: step.label, status: 'failed' });
      const refused = error instanceof ServiceTitanError && error.kind === 'forbidden';
      const named = refused ? scopeNamedIn(error.detail.explanation) : null;
      hoursProblems.push(
        refused
          ? problem(
              'missing_scope',
              `The app may not read ${step.what}, which boards that measure hours need: the "${step.scope}" API scope${named ? ` (${named})` : ''} is missing. In ServiceTitan, open ${WHERE}, edit this app and allow "${step.scope}". Boards that count jobs work without it.`,
              step.name,
              step.scope,
            )
          : problem(
              'unreachable',
              `ServiceTitan did not answer the read of ${step.what} (for boards that measure hours). Try the check again in a few minutes.`,
              step.name,
            ),
      );
    }
  }
  return {
    ok: problems.length === 0,
    checkedAt,
    steps,
    problems,
    ...(hoursProblems.length > 0 ? { hoursProblems } : {}),
  };
}

function diagnose(
  outcomes: { step: ReadStep; error: unknown }[],
  tokenFailed: boolean,
  tenantId: string,
): ConnectionProblem[] {
  const failed = outcomes.filter((o) => o.error !== null);
  if (failed.length === 0) return [];
  const first = failed[0]!;
  const error = first.error instanceof ServiceTitanError ? first.error : null;
  if (!error) {
    return [
      problem(
        'unexpected',
        'Something went wrong while checking the connection. Try again; if it keeps happening, contact support.',
        first.step.name,
      ),
    ];
  }
  if (tokenFailed) {
    if (error.kind === 'invalid_credentials') {
      return [
        problem(
          'invalid_client',
          `ServiceTitan did not accept the client ID and client secret. Copy both again from ServiceTitan (${WHERE}); the secret may have been regenerated, or may belong to the other ServiceTitan environment.`,
          'token',
        ),
      ];
    }
    if (error.kind === 'bad_response') {
      return [
        problem(
          'unexpected',
          'ServiceTitan answered the sign-in in a way we did not expect. Try again; if it keeps happening, contact support.',
          'token',
        ),
      ];
    }
    return [unreachable('token')];
  }
  switch (error.kind) {
    case 'not_found':
      return [
        problem(
          'wrong_tenant',
          `ServiceTitan does not know tenant ${tenantId}. Check the tenant ID: it is the number ServiceTitan shows under ${WHERE}.`,
          first.step.name,
        ),
      ];
    case 'invalid_credentials':
      return [
        problem(
          'app_key_mismatch',
          'ServiceTitan did not accept the app key. The app key must belong to the same app as the client ID: copy it again from the app in the ServiceTitan developer portal.',
          first.step.name,
        ),
      ];
    case 'forbidden': {
      const forbidden = failed.filter(
        (o) => o.error instanceof ServiceTitanError && o.error.kind === 'forbidden',
      );
      const notConnected =
        forbidden.some((o) =>
          saysNotConnected((o.error as ServiceTitanError).detail.explanation),
        ) ||
        (forbidden.length === READS.length &&
          forbidden.every((o) => !scopeNamedIn((o.error as ServiceTitanError).detail.explanation)));
      if (notConnected) {
        return [
          problem(
            'tenant_not_connected',
            `The app is not connected to tenant ${tenantId}. In ServiceTitan, open ${WHERE} and connect the app (a ServiceTitan administrator of your company can do this).`,
            first.step.name,
          ),
        ];
      }
      const scoped = forbidden.map((o) => {
        const scope =
          scopeNamedIn((o.error as ServiceTitanError).detail.explanation) ?? o.step.scope;
        return problem(
          'missing_scope',
          `The app may not read ${o.step.what}: the "${scope}" API scope is missing. In ServiceTitan, open ${WHERE}, edit this app and allow "${scope}".`,
          o.step.name,
          scope,
        );
      });
      const others = failed.filter((o) => !forbidden.includes(o));
      return [...scoped, ...others.flatMap((o) => diagnose([o], false, tenantId))];
    }
    case 'rate_limited':
    case 'unavailable':
    case 'timeout':
      return [unreachable(first.step.name)];
    default:
      return [
        problem(
          'unexpected',
          `ServiceTitan answered in a way we did not expect while reading ${first.step.what}. Try again; if it keeps happening, contact support.`,
          first.step.name,
        ),
      ];
  }
}
