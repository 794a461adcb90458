import crypto from 'node:crypto';
import type { ConnectionCheck } from '../../../shared/api/companies.js';
import { allOrNothing } from '../../services/providers/all-or-nothing.js';
import type { ProviderAdapter, ReadOptions, UtcWindow } from '../../services/providers/port.js';
import { describeJobberFailure, JobberError } from './errors.js';
import type { JobberGraphql } from './graphql-client.js';
import { bookingsFromVisits, itemsFromJobber, type JobberVisit } from './visits.js';

/**
 * A company's Jobber connection as the port carries it (decision 040): the company whose tokens
 * read it, the Jobber account, and the connection (a new one with each OAuth consent). Tokens
 * are never here: the reader asks the token store for a current access token.
 */
export interface JobberCredential {
  companyId: number;
  accountId: string;
  /** Changes with each consent (not with each rotation): a reconnect reads afresh at once. */
  connectionId: string;
}

/** Visits per page: 50 × 12 points keeps a page near 600 of the 10,000-point bucket. */
export const VISITS_PAGE = 50;
const LIST_PAGE = 100;
/** Pages one read may take (50 × 200 = 10,000 visits in a window). */
const MAX_PAGES = 200;

export const VISITS_QUERY = /* GraphQL */ `
  query CallBoardVisits(
    $filter: VisitFilterAttributes
    $timezone: Timezone
    $first: Int
    $after: String
  ) {
    visits(filter: $filter, timezone: $timezone, first: $first, after: $after) {
      nodes {
        id
        startAt
        allDay
        createdAt
        assignedUsers(first: 1) {
          nodes {
            id
            name {
              full
            }
          }
        }
        lineItems(first: 1) {
          nodes {
            linkedProductOrService {
              id
              name
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
/** What Jobber prices a visits page at (its cost rules; the stand-in computes the same). */
const VISITS_PAGE_COST = VISITS_PAGE * 12 + 3 + 1;

const SERVICES_QUERY = /* GraphQL */ `
  query CallBoardServices($first: Int, $after: String) {
    productOrServices(first: $first, after: $after) {
      nodes {
        id
        name
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
const TEAM_QUERY = /* GraphQL */ `
  query CallBoardTeam($first: Int, $after: String) {
    users(first: $first, after: $after) {
      nodes {
        id
        name {
          full
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
const ACCOUNT_QUERY = /* GraphQL */ `
  query CallBoardAccount {
    account {
      id
      name
    }
    user {
      timezone
    }
  }
`;
export const DISCONNECT_MUTATION = /* GraphQL */ `
  mutation CallBoardDisconnect {
    appDisconnect {
      app {
        name
      }
      userErrors {
        message
      }
    }
  }
`;

interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The account's zone, remembered an hour per connection (it rarely changes). */
const ZONE_TTL_MS = 3_600_000;

export function createJobberAdapter(deps: {
  graphql: JobberGraphql;
  now: () => Date;
}): ProviderAdapter<JobberCredential> & {
  /**
   * The account a connection reads, with a token not yet stored when given (the OAuth callback
   * stores the account with the tokens).
   */
  account(
    companyId: number,
    options?: ReadOptions & { accessToken?: string },
  ): Promise<{ id: string; name: string; timeZone: string | null }>;
} {
  const { graphql, now } = deps;
  const zones = new Map<string, { zone: string | null; atMs: number }>();

  async function allPages<T>(
    companyId: number,
    query: string,
    key: string,
    variables: Record<string, unknown>,
    pageSize: number,
    expectedCost: number,
    options?: ReadOptions,
  ): Promise<T[]> {
    const all: T[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const data: Record<string, Page<T>> = await graphql.query<Record<string, Page<T>>>(
        companyId,
        query,
        { ...variables, first: pageSize, after },
        { signal: options?.signal, expectedCost },
      );
      const connection = data[key];
      if (!connection || !Array.isArray(connection.nodes))
        throw new JobberError('bad_response', `no ${key} in the answer`);
      all.push(...connection.nodes);
      if (!connection.pageInfo?.hasNextPage) return all;
      after = connection.pageInfo.endCursor;
      if (!after) throw new JobberError('bad_response', `${key}: a next page without a cursor`);
    }
    throw new JobberError('bad_response', `${key}: more than ${MAX_PAGES} pages`);
  }

  async function readAccount(companyId: number, options?: ReadOptions & { accessToken?: string }) {
    const data = await graphql.query<{
      account: { id: string; name: string } | null;
      user: { timezone: string | null } | null;
    }>(
      companyId,
      ACCOUNT_QUERY,
      {},
      {
        signal: options?.signal,
        expectedCost: 5,
        ...(options?.accessToken ? { accessToken: options.accessToken } : {}),
      },
    );
    if (!data.account) throw new JobberError('bad_response', 'no account in the answer');
    const zone = data.user?.timezone ?? null;
    return { id: data.account.id, name: data.account.name, timeZone: isZone(zone) ? zone : null };
  }

  async function timeZoneOf(credential: JobberCredential, options?: ReadOptions) {
    const known = zones.get(credential.connectionId);
    if (known && now().getTime() - known.atMs < ZONE_TTL_MS) return known.zone;
    const { timeZone } = await readAccount(credential.companyId, options);
    zones.set(credential.connectionId, { zone: timeZone, atMs: now().getTime() });
    return timeZone;
  }

  return {
    id: 'jobber' as ProviderAdapter<JobberCredential>['id'],
    capabilities: { push: true, hours: false },
    identity: (credential) =>
      crypto
        .createHash('sha256')
        .update(JSON.stringify(['jobber-v1', credential.accountId, credential.connectionId]))
        .digest('base64url')
        .slice(0, 32),
    account: readAccount,
    reader(credential) {
      const { companyId } = credential;
      return {
        account: () => Promise.resolve(credential.accountId),
        timeZone: async (options) => {
          try {
            return await timeZoneOf(credential, options);
          } catch {
            // The zone is only a default for new boards: a failed read offers none.
            return null;
          }
        },
        async items(options) {
          const [products, users] = await allOrNothing(
            (signal) => [
              allPages<{ id: string; name: string }>(
                companyId,
                SERVICES_QUERY,
                'productOrServices',
                {},
                LIST_PAGE,
                LIST_PAGE * 2 + 4,
                { signal },
              ),
              allPages<{ id: string; name: { full: string } }>(
                companyId,
                TEAM_QUERY,
                'users',
                {},
                LIST_PAGE,
                LIST_PAGE * 3 + 4,
                { signal },
              ),
            ],
            options?.signal,
          );
          return itemsFromJobber(products, users);
        },
        async bookings(window: UtcWindow, options) {
          const timezone = await timeZoneOf(credential, options).catch(() => null);
          const visits = await allPages<JobberVisit>(
            companyId,
            VISITS_QUERY,
            'visits',
            {
              filter: {
                startAt: { after: window.startsOnOrAfter, before: window.startsBefore },
              },
              ...(timezone ? { timezone } : {}),
            },
            VISITS_PAGE,
            VISITS_PAGE_COST,
            options,
          );
          return bookingsFromVisits(visits);
        },
      };
    },
    async check(credential, now): Promise<ConnectionCheck> {
      const checkedAt = now.toISOString();
      const steps: ConnectionCheck['steps'] = [
        { name: 'token', label: 'Connected to Jobber', status: 'skipped' },
        { name: 'businessUnits', label: 'Read products & services', status: 'skipped' },
        { name: 'jobTypes', label: 'Read the team', status: 'skipped' },
        { name: 'appointments', label: 'Read visits', status: 'skipped' },
      ];
      if (credential.companyId === undefined || !credential.accountId) {
        return {
          ok: false,
          checkedAt,
          steps,
          problems: [
            {
              code: 'tenant_not_connected',
              message:
                'Jobber is not connected. Choose "Connect Jobber" and allow access in Jobber.',
              step: 'token',
              scope: null,
            },
          ],
        };
      }
      const companyId = credential.companyId;
      const full = credential as JobberCredential;
      const reader = this.reader(full);
      const run = async (index: number, work: () => Promise<unknown>) => {
        try {
          await work();
          steps[index]!.status = 'ok';
          return null;
        } catch (error) {
          steps[index]!.status = 'failed';
          return error;
        }
      };
      const failure =
        (await run(0, () => readAccount(companyId))) ??
        (await run(1, () => reader.items())) ??
        (await run(3, () =>
          reader.bookings({
            startsOnOrAfter: checkedAt,
            startsBefore: new Date(now.getTime() + 86_400_000).toISOString(),
          }),
        ));
      if (steps[1]!.status === 'ok') steps[2]!.status = 'ok';
      if (!failure) return { ok: true, checkedAt, steps, problems: [] };
      const described = describeJobberFailure(failure);
      const step = steps.find((s) => s.status === 'failed')?.name ?? null;
      return {
        ok: false,
        checkedAt,
        steps,
        problems: [
          {
            code:
              described.kind === 'disconnected'
                ? 'tenant_not_connected'
                : described.kind === 'unavailable' ||
                    described.kind === 'timeout' ||
                    described.kind === 'rate_limited'
                  ? 'unreachable'
                  : 'unexpected',
            message: described.message,
            step,
            scope: null,
          },
        ],
      };
    },
    describeError: describeJobberFailure,
  };
}

function isZone(zone: string | null): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
