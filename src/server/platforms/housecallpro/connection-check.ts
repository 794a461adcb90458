import type {
  ConnectionCheck,
  ConnectionProblem,
  ConnectionStepName,
} from '../../../shared/api/companies.js';
import { HousecallProError, type HousecallProCredential } from './contract.js';
import { WHERE_TO_MAKE_A_KEY } from './describe-error.js';
import type { HousecallProGet } from './http.js';

const STEPS: { name: ConnectionStepName; label: string; path: string }[] = [
  { name: 'token', label: 'Sign in to Housecall Pro with the API key', path: '/company' },
  { name: 'jobTypes', label: 'Read job types', path: '/job_fields/job_types' },
  { name: 'jobs', label: 'Read jobs', path: '/jobs' },
];

function problem(
  code: ConnectionProblem['code'],
  message: string,
  step: ConnectionStepName | null,
): ConnectionProblem {
  return { code, message, step, scope: null };
}

/**
 * Setup diagnostics for Housecall Pro: who the key belongs to, then one small read of each thing
 * the board reads, in plain words. Never throws because Housecall Pro failed.
 */
export async function checkHousecallPro(options: {
  credential: Partial<HousecallProCredential>;
  getFor: (apiKey: string) => HousecallProGet;
  now: Date;
}): Promise<ConnectionCheck> {
  const { credential, now } = options;
  const checkedAt = now.toISOString();
  const skipped = (from: number) =>
    STEPS.map((step, index) => ({
      name: step.name,
      label: step.label,
      status: index < from ? ('ok' as const) : ('skipped' as const),
    }));
  if (!credential.apiKey) {
    return {
      ok: false,
      checkedAt,
      steps: skipped(0),
      problems: [problem('incomplete', `The API key is missing. ${WHERE_TO_MAKE_A_KEY}`, null)],
    };
  }
  const get = options.getFor(credential.apiKey);
  const minute = {
    from: now.toISOString(),
    to: new Date(now.getTime() + 60_000).toISOString(),
  };
  const queries: Record<string, [string, string][]> = {
    '/company': [],
    '/job_fields/job_types': [['page_size', '1']],
    '/jobs': [
      ['scheduled_end_min', minute.from],
      ['scheduled_start_max', minute.to],
      ['page_size', '1'],
    ],
  };
  for (const [index, step] of STEPS.entries()) {
    try {
      await get(step.path, queries[step.path] ?? []);
    } catch (error) {
      const steps = skipped(index).map((s, i) =>
        i === index ? { ...s, status: 'failed' as const } : s,
      );
      return { ok: false, checkedAt, steps, problems: [diagnose(error, step.name)] };
    }
  }
  return { ok: true, checkedAt, steps: skipped(STEPS.length), problems: [] };
}

function diagnose(error: unknown, step: ConnectionStepName): ConnectionProblem {
  const kind = error instanceof HousecallProError ? error.kind : null;
  switch (kind) {
    case 'invalid_credentials':
      return problem(
        'invalid_key',
        `Housecall Pro refused this API key: it may be mistyped, deleted, or made for another company. ${WHERE_TO_MAKE_A_KEY}`,
        step,
      );
    case 'forbidden':
      return problem(
        'plan_required',
        'Housecall Pro refused to share jobs with this API key. API access and webhooks need the MAX plan: check the plan in Housecall Pro.',
        step,
      );
    case 'rate_limited':
    case 'unavailable':
    case 'timeout':
      return problem(
        'unreachable',
        'Housecall Pro is not answering right now, so the connection could not be checked. Try again in a few minutes.',
        step,
      );
    default:
      return problem(
        'unexpected',
        'Housecall Pro answered in a way the board did not expect. Try again; if this keeps happening, contact support.',
        step,
      );
  }
}
