import {
  buildSchema,
  getNamedType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { localDayNumber } from '../servicetitan-simulator/local-time.js';
import type { JobberAccount, TeamMember, Visit } from './account.js';

/**
 * A subset of Jobber's GraphQL schema, with Jobber's names (from its 2022-03-10 introspection
 * dump and current clients, see the research notes section 2.5): the queries and fields the
 * product reads, and `appDisconnect`. Built with graphql-js, so a query the real API would
 * reject as invalid is rejected here too.
 */
export const SDL = /* GraphQL */ `
  scalar EncodedId
  scalar ISO8601DateTime
  scalar Timezone

  type Query {
    account: Account
    user: User
    users(first: Int, after: String, last: Int, before: String): UserConnection!
    productOrServices(
      first: Int
      after: String
      last: Int
      before: String
    ): ProductOrServiceConnection!
    visits(
      filter: VisitFilterAttributes
      sort: [VisitsSortInput!]
      timezone: Timezone
      first: Int
      after: String
      last: Int
      before: String
    ): VisitConnection!
  }

  type Mutation {
    appDisconnect: AppDisconnectPayload
  }

  type AppDisconnectPayload {
    app: Application
    userErrors: [UserError!]!
  }

  type Application {
    name: String!
    author: String!
  }

  type UserError {
    message: String!
    path: [String!]!
  }

  type Account {
    id: EncodedId!
    name: String!
  }

  type UserName {
    first: String!
    last: String!
    full: String!
  }

  enum UserStatusTypeEnum {
    ACTIVATED
    DEACTIVATED
    NOT_INVITED
    RESEND_INVITE
    SEND_INVITE
  }

  type User {
    id: EncodedId!
    name: UserName!
    email: Email!
    isAccountAdmin: Boolean!
    isAccountOwner: Boolean!
    status: UserStatusTypeEnum!
    timezone: Timezone!
  }

  type Email {
    raw: String!
  }

  enum ProductsAndServicesCategory {
    PRODUCT
    SERVICE
  }

  type ProductOrService {
    id: EncodedId!
    name: String!
    description: String
    category: ProductsAndServicesCategory!
    defaultUnitCost: Float!
    visible: Boolean!
  }

  type JobLineItem {
    id: EncodedId!
    name: String!
    quantity: Float!
    unitPrice: Float!
    totalPrice: Float!
    linkedProductOrService: ProductOrService
  }

  enum JobTypeTypeEnum {
    ONE_OFF
    RECURRING
  }

  type Job {
    id: EncodedId!
    jobNumber: Int!
    title: String
    jobType: JobTypeTypeEnum!
  }

  enum VisitStatusTypeEnum {
    ACTIVE
    COMPLETED
    LATE
    TODAY
    UNSCHEDULED
    UPCOMING
  }

  type Visit {
    id: EncodedId!
    title: String
    startAt: ISO8601DateTime
    endAt: ISO8601DateTime
    allDay: Boolean!
    duration: Int
    createdAt: ISO8601DateTime!
    completedAt: ISO8601DateTime
    isComplete: Boolean!
    visitStatus(timezone: Timezone): VisitStatusTypeEnum!
    job: Job!
    assignedUsers(first: Int, after: String, last: Int, before: String): UserConnection!
    lineItems(first: Int, after: String, last: Int, before: String): JobLineItemConnection!
  }

  input Iso8601DateTimeRangeInput {
    after: ISO8601DateTime
    before: ISO8601DateTime
    eq: ISO8601DateTime
  }

  input VisitFilterAttributes {
    status: VisitStatusTypeEnum
    startAt: Iso8601DateTimeRangeInput
    endAt: Iso8601DateTimeRangeInput
    createdAt: Iso8601DateTimeRangeInput
    completedAt: Iso8601DateTimeRangeInput
    assignedTo: EncodedId
    productOrServiceId: EncodedId
  }

  enum VisitsSortKey {
    CREATED_AT
    START_AT
    CLIENT_PRIMARY_NAME
    STATUS
  }

  enum SortDirectionEnum {
    ASCENDING
    DESCENDING
  }

  input VisitsSortInput {
    key: VisitsSortKey!
    direction: SortDirectionEnum!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type VisitEdge {
    cursor: String!
    node: Visit!
  }
  type VisitConnection {
    edges: [VisitEdge!]!
    nodes: [Visit!]!
    pageInfo: PageInfo!
    totalCount: Int
  }
  type UserEdge {
    cursor: String!
    node: User!
  }
  type UserConnection {
    edges: [UserEdge!]!
    nodes: [User!]!
    pageInfo: PageInfo!
    totalCount: Int
  }
  type ProductOrServiceEdge {
    cursor: String!
    node: ProductOrService!
  }
  type ProductOrServiceConnection {
    edges: [ProductOrServiceEdge!]!
    nodes: [ProductOrService!]!
    pageInfo: PageInfo!
    totalCount: Int
  }
  type JobLineItemEdge {
    cursor: String!
    node: JobLineItem!
  }
  type JobLineItemConnection {
    edges: [JobLineItemEdge!]!
    nodes: [JobLineItem!]!
    pageInfo: PageInfo!
    totalCount: Int
  }
`;

export const schema: GraphQLSchema = buildSchema(SDL);

/** Connections return at most this many nodes (Jobber's API rate-limit page). */
export const MAX_PAGE = 100;
/** A connection asked without `first`/`last` is priced as this many nodes. */
const UNBOUNDED_PRICE = 100;

/**
 * Jobber's query cost: every field is a point, `edges`, `nodes` and `node` are free, and a
 * connection costs its `first`/`last` (100 without one) times what is asked inside it. Filter and
 * sort arguments change nothing. (Jobber's API rate-limit page.)
 */
export function queryCost(
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: (typeof document.definitions)[number] | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
    else if (
      definition.kind === Kind.OPERATION_DEFINITION &&
      (!operationName || definition.name?.value === operationName)
    )
      operation ??= definition;
  }
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return 0;
  const root =
    operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;

  const valueOf = (node: ValueNode): unknown => {
    if (node.kind === Kind.VARIABLE) return variables?.[node.name.value];
    if (node.kind === Kind.INT) return Number(node.value);
    return undefined;
  };

  function cost(selectionSet: SelectionSetNode, type: GraphQLObjectType): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += cost(selection.selectionSet, type);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) total += cost(fragment.selectionSet, type);
        continue;
      }
      const name = selection.name.value;
      if (name === '__typename') continue;
      const field = type.getFields()[name];
      if (!field) continue;
      const free = name === 'edges' || name === 'nodes' || name === 'node';
      let inner = 0;
      const named = getNamedType(field.type);
      if (selection.selectionSet && isObjectType(named)) {
        inner = cost(selection.selectionSet, named);
        if (named.name.endsWith('Connection')) {
          const size = selection.arguments?.find(
            (a) => a.name.value === 'first' || a.name.value === 'last',
          );
          const n = size ? Number(valueOf(size.value)) : NaN;
          inner *= Number.isFinite(n) ? Math.min(Math.max(n, 0), MAX_PAGE) : UNBOUNDED_PRICE;
        }
      }
      total += (free ? 0 : 1) + inner;
    }
    return total;
  }
  return cost(operation.selectionSet, root);
}

/** What a query's resolvers see. */
export interface QueryContext {
  account: JobberAccount;
  nowMs: number;
  /** The grant the request's token belongs to; `appDisconnect` ends it. */
  disconnect(): void;
  appName: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * A visit's status is relative to the moment and the zone (Jobber's `visitStatus`): TODAY,
 * LATE, ACTIVE and UPCOMING move with the clock.
 */
export function visitStatus(visit: Visit, nowMs: number, timeZone: string): string {
  if (visit.startMs === null) return 'UNSCHEDULED';
  if (visit.completedMs !== null && visit.completedMs <= nowMs) return 'COMPLETED';
  if (visit.startMs <= nowMs && nowMs < (visit.endMs ?? visit.startMs)) return 'ACTIVE';
  if ((visit.endMs ?? visit.startMs) <= nowMs) return 'LATE';
  if (localDayNumber(visit.startMs, timeZone) === localDayNumber(nowMs, timeZone)) return 'TODAY';
  return 'UPCOMING';
}

interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

const cursorOf = (index: number) => Buffer.from(`o:${index}`).toString('base64');
function indexOf(cursor: string | null | undefined): number | null {
  if (!cursor) return null;
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match) throw new Error('Invalid cursor');
  return Number(match[1]);
}

/** A Relay connection over a list, as Jobber pages (at most 100 nodes). */
export function connection<T>(items: readonly T[], args: PageArgs) {
  if ((args.first ?? 0) > MAX_PAGE || (args.last ?? 0) > MAX_PAGE)
    throw new Error(`first and last can't exceed ${MAX_PAGE}`);
  let start = 0;
  let end = items.length;
  const after = indexOf(args.after);
  const before = indexOf(args.before);
  if (after !== null) start = Math.max(start, after + 1);
  if (before !== null) end = Math.min(end, before);
  if (args.first != null) end = Math.min(end, start + args.first);
  else if (args.last != null) start = Math.max(start, end - args.last);
  else end = Math.min(end, start + MAX_PAGE);
  const slice = items.slice(start, end).map((node, i) => ({ node, cursor: cursorOf(start + i) }));
  return {
    edges: slice,
    nodes: slice.map((e) => e.node),
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end < items.length && (before === null || end < before),
      hasPreviousPage: start > 0,
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice[slice.length - 1]?.cursor ?? null,
    },
  };
}

interface RangeInput {
  after?: string | null;
  before?: string | null;
  eq?: string | null;
}

/** Jobber's date-time range: `after` and `before` both inclusive. */
function inRange(ms: number | null, range: RangeInput | null | undefined): boolean {
  if (!range) return true;
  if (ms === null) return false;
  const at = (value: string) => {
    const parsed = Date.parse(value);
    if (Number.isNaN(parsed)) throw new Error(`Invalid ISO8601DateTime: ${value}`);
    return parsed;
  };
  if (range.after && ms < at(range.after)) return false;
  if (range.before && ms > at(range.before)) return false;
  if (range.eq && ms !== at(range.eq)) return false;
  return true;
}

/** The root resolvers for one request. */
export function rootValue(context: QueryContext) {
  const { account, nowMs } = context;
  const userNode = (user: TeamMember) => ({
    id: user.id,
    name: { first: user.first, last: user.last, full: `${user.first} ${user.last}` },
    email: { raw: user.email },
    isAccountAdmin: user.isAccountAdmin,
    isAccountOwner: user.isAccountOwner,
    status: user.status,
    timezone: account.timeZone,
  });
  const usersById = new Map(account.users.map((u) => [u.id, u]));
  const productsById = new Map(account.productsAndServices.map((p) => [p.id, p]));
  const visitNode = (visit: Visit, zone: string) => ({
    id: visit.id,
    title: visit.title,
    startAt: iso(visit.startMs),
    endAt: iso(visit.endMs),
    allDay: visit.allDay,
    duration:
      visit.startMs === null || visit.endMs === null
        ? null
        : Math.round((visit.endMs - visit.startMs) / 60_000),
    createdAt: iso(visit.createdMs),
    completedAt:
      visit.completedMs !== null && visit.completedMs <= nowMs ? iso(visit.completedMs) : null,
    isComplete: visit.completedMs !== null && visit.completedMs <= nowMs,
    visitStatus: (args: { timezone?: string | null }) =>
      visitStatus(visit, nowMs, args.timezone ?? zone),
    job: {
      id: visit.jobId,
      jobNumber: visit.jobNumber,
      title: visit.title,
      jobType: visit.recurring ? 'RECURRING' : 'ONE_OFF',
    },
    assignedUsers: (args: PageArgs) =>
      connection(
        visit.assignedUserIds
          .map((id) => usersById.get(id))
          .filter((u) => !!u)
          .map(userNode),
        args,
      ),
    lineItems: (args: PageArgs) =>
      connection(
        visit.lineItems.map((item) => ({
          id: item.id,
          name: item.name,
          quantity: item.quantity,
          unitPrice: item.unitPrice,
          totalPrice: item.quantity * item.unitPrice,
          linkedProductOrService: item.productOrServiceId
            ? (productsById.get(item.productOrServiceId) ?? null)
            : null,
        })),
        args,
      ),
  });

  return {
    account: { id: account.id, name: account.name },
    user: userNode(account.users.find((u) => u.isAccountOwner) ?? account.users[0]!),
    users: (args: PageArgs) => connection(account.users.map(userNode), args),
    productOrServices: (args: PageArgs) => connection(account.productsAndServices, args),
    visits(
      args: PageArgs & {
        filter?: {
          status?: string | null;
          startAt?: RangeInput | null;
          endAt?: RangeInput | null;
          createdAt?: RangeInput | null;
          completedAt?: RangeInput | null;
          assignedTo?: string | null;
          productOrServiceId?: string | null;
        } | null;
        sort?: { key: string; direction: string }[] | null;
        timezone?: string | null;
      },
    ) {
      const zone = args.timezone ?? account.timeZone;
      if (!isTimeZone(zone)) throw new Error(`Invalid Timezone: ${zone}`);
      const filter = args.filter ?? {};
      const visits = account
        .visitsAt(nowMs)
        .filter(
          (v) =>
            inRange(v.startMs, filter.startAt) &&
            inRange(v.endMs, filter.endAt) &&
            inRange(v.createdMs, filter.createdAt) &&
            inRange(
              v.completedMs !== null && v.completedMs <= nowMs ? v.completedMs : null,
              filter.completedAt,
            ) &&
            (!filter.status || visitStatus(v, nowMs, zone) === filter.status) &&
            (!filter.assignedTo || v.assignedUserIds.includes(filter.assignedTo)) &&
            (!filter.productOrServiceId ||
              v.lineItems.some((i) => i.productOrServiceId === filter.productOrServiceId)),
        );
      const sort = args.sort?.[0] ?? { key: 'START_AT', direction: 'ASCENDING' };
      const keyOf = (v: Visit): number =>
        sort.key === 'CREATED_AT' ? v.createdMs : (v.startMs ?? Number.MAX_SAFE_INTEGER);
      const sign = sort.direction === 'DESCENDING' ? -1 : 1;
      visits.sort(
        (a, b) => sign * (keyOf(a) - keyOf(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      return connection(
        visits.map((v) => visitNode(v, zone)),
        args,
      );
    },
    appDisconnect() {
      context.disconnect();
      return { app: { name: context.appName, author: '3-Day Call Board' }, userErrors: [] };
    },
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
