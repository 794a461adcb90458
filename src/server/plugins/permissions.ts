import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import {
  can,
  denialReason,
  rolesHolding,
  type Actor,
  type Permission,
  type Role,
} from '../../shared/permissions.js';
import { KEY_DENIAL } from '../../shared/api/api-keys.js';
import { forbidden, notFound, unauthenticated } from '../errors.js';
import { PLATFORM_ACCESS_RULES, type PlatformCaller } from '../platforms/access.js';
import type { ApiKeyCaller } from '../services/api-keys/api-key-store.js';
import type { BoardRow } from '../services/boards/board-store.js';
import { companyExists } from '../services/companies/company-store.js';
import type { SessionUser } from './sessions.js';

/**
 * preHandlers applied to whole route folders (`app.addHook('preHandler', requireUser)`), so an
 * unprotected route is a visible exception. Every decision goes through the shared vocabulary
 * (src/shared/permissions.ts); nothing here compares role strings.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  // An API key reaches a route only when the route names the scope it holds (plugins/api-keys.ts
  // refused it before any route hook otherwise); the handler then reads it as `currentViewer`.
  if (request.apiKey) return;
  // A paired screen is read-only and sees one company's board: nothing else is its business.
  if (request.screen) throw forbidden(SCREEN_DENIAL);
  throw unauthenticated();
}

/** What a paired screen is told by every route but the board's reads. */
export const SCREEN_DENIAL = "A screen can only show its own company's board.";

/**
 * The board's reads (numbers, metadata, board settings): a signed-in person, or a paired screen
 * (decision 010). A screen's permission is checked per company by `boardCompanyFor`.
 */
export function requireViewer(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // A callback hook: the board's numbers are read most of all, so this check costs no promise.
  done(request.user || request.screen || request.apiKey ? undefined : unauthenticated());
}

/** The rules' view of an API key (issue 37): its company, scopes and boards. */
export const keyActorOf = (key: ApiKeyCaller): Actor => ({
  kind: 'key',
  id: String(key.id),
  companyId: key.companyId,
  scopes: key.scopes,
  boardIds: key.boardIds,
});

/** The rules' view of a paired screen. */
export const screenActorOf = (screen: {
  id: number;
  companyId: number;
  boardId: number | null;
}): Actor => ({
  kind: 'screen',
  id: String(screen.id),
  companyId: screen.companyId,
  ...(screen.boardId === null ? {} : { boardId: screen.boardId }),
});

/**
 * Whoever calls, as an Actor: the signed-in person first, else the paired screen, else the API
 * key (a request with a key holds nothing else: plugins/api-keys.ts), else null.
 */
export function viewerActor(request: FastifyRequest): Actor | null {
  if (request.user) return actorOf(request.user);
  if (request.screen) return screenActorOf(request.screen);
  if (request.apiKey) return keyActorOf(request.apiKey);
  return null;
}

/** Whoever calls, behind `requireViewer`: the person or the paired screen (401 otherwise). */
export function currentViewer(request: FastifyRequest): Actor {
  const actor = viewerActor(request);
  if (!actor) throw unauthenticated();
  return actor;
}

/**
 * Who a board read is for, behind `requireViewer`: a person's own id and company, or for a
 * screen its company (always as `boardCompanyId`, so the company's credential is used).
 */
export function boardViewer(
  request: FastifyRequest,
  boardCompanyId: number | undefined,
): { id: string; companyId: number | null; boardCompanyId: number | undefined } {
  if (request.user)
    return { id: request.user.id, companyId: request.user.companyId, boardCompanyId };
  const companyOnly = request.screen?.companyId ?? request.apiKey?.companyId;
  if (companyOnly !== undefined) {
    // An API key reads the company's board as its screens do (the same answers, kept once).
    // Every screen of a company shows the same board (the company's credential, settings and
    // preferences; only the view type differs, and answers are kept per view type): one viewer,
    // so a wall of TVs told of new numbers makes one answer, not one per TV.
    return {
      id: `screens:${companyOnly}`,
      companyId: companyOnly,
      boardCompanyId: companyOnly,
    };
  }
  throw unauthenticated();
}

/** The rules' view of a signed-in person. */
export const actorOf = (user: SessionUser): Actor => ({
  kind: 'person',
  id: user.id,
  role: user.role,
  companyId: user.companyId,
});

/** Signed in and holding `permission` somewhere (company scope is checked per target later). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) {
      if (request.screen) throw forbidden(SCREEN_DENIAL);
      if (request.apiKey) throw forbidden(KEY_DENIAL);
      throw unauthenticated();
    }
    if (!can(actorOf(request.user), permission)) throw forbidden('Admin access required');
  };
}

/** The /admin area: account admins and master admins. */
export const requireAdmin = requirePermission('admin.access');
/** Company management across companies: master admins. */
export const requireMasterAdmin = requirePermission('companies.manage');

/** The signed-in user inside a handler behind `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/**
 * The caller's company, for a write that needs `permission` in it; a 403 with the vocabulary's
 * sentence otherwise (also for a master admin who belongs to no company: there is nothing to
 * write to).
 */
export function companyForWrite(request: FastifyRequest, permission: Permission): number {
  const user = currentUser(request);
  const actor = actorOf(user);
  if (!can(actor, permission)) throw forbidden(denialReason(actor, permission) ?? 'Forbidden');
  if (user.companyId === null) throw forbidden('Create or join a company first.');
  return user.companyId;
}

/** The signed-in person as an Actor, inside a handler behind `requireUser`. */
export const currentActor = (request: FastifyRequest): Actor => actorOf(currentUser(request));

/** `boardCompanyAtOnce`'s answer when the named company's existence has to be read first. */
export const COMPANY_TO_CHECK = Symbol('company to check');

/**
 * The company whose board a request asks for with `?companyId=`: undefined for the caller's
 * own board; a master admin may name any existing company; anyone else naming a company other
 * than their own gets 404, as if it did not exist. A paired screen (behind `requireViewer`)
 * always gets its own company's id: it has no person whose company could stand for it.
 */
export async function boardCompanyFor(
  request: FastifyRequest,
  companyId: number | undefined,
  exists: (id: number) => Promise<boolean>,
): Promise<number | undefined> {
  const known = boardCompanyAtOnce(request, companyId);
  if (known !== COMPANY_TO_CHECK) return known;
  if (!(await exists(companyId!))) throw notFound('Company');
  return companyId;
}

/**
 * `boardCompanyFor` without waiting (the board's hot path): its answer, or its error thrown,
 * whenever no database read is needed; `COMPANY_TO_CHECK` when the named company's existence
 * decides (then ask `boardCompanyFor`).
 */
export function boardCompanyAtOnce(
  request: FastifyRequest,
  companyId: number | undefined,
): number | undefined | typeof COMPANY_TO_CHECK {
  const actor = viewerActor(request);
  if (!actor) throw unauthenticated();
  if (actor.kind !== 'person') {
    // A screen or an API key: its own company only (another answers 404).
    if (companyId !== undefined && actor.companyId !== companyId) {
      throw notFound('Company');
    }
    return actor.companyId;
  }
  if (companyId === undefined) return undefined;
  if (actor.companyId === companyId) return undefined;
  if (!can(actor, 'board.view', { companyId })) throw notFound('Company');
  return COMPANY_TO_CHECK;
}

/**
 * The company a company-wide request (the configuration pages' preferences, groups, targets)
 * is about: the one `?companyId=` names (the master admin; anyone else naming a company not
 * their own gets 404, as `boardCompanyFor` answers the board's routes), else the caller's own
 * (null: they belong to none).
 */
export async function namedCompanyFor(
  request: FastifyRequest,
  companyId: number | undefined,
  exists: (id: number) => Promise<boolean>,
): Promise<number | null> {
  const other = await boardCompanyFor(request, companyId, exists);
  return other ?? currentViewer(request).companyId;
}

/**
 * The company a company-wide write changes: the one `?companyId=` names, for a caller holding
 * `permission` in it (the master admin), else the caller's own as `companyForWrite` decides.
 * Naming another company is 404 for anyone else, before anything is written.
 */
export async function namedCompanyForWrite(
  request: FastifyRequest,
  permission: Permission,
  companyId: number | undefined,
  exists: (id: number) => Promise<boolean>,
): Promise<number> {
  const other = await boardCompanyFor(request, companyId, exists);
  if (other === undefined) return companyForWrite(request, permission);
  const actor = currentActor(request);
  if (!can(actor, permission, { companyId: other })) {
    throw forbidden(denialReason(actor, permission) ?? 'Forbidden');
  }
  return other;
}

/**
 * Who a route accepts, in the API reference's words (plugins/api-reference.ts): a kind of caller,
 * or a permission of the shared vocabulary that a signed-in person must hold. The hooks above
 * enforce it; `documentAccess` (or a route's `schema['x-access']`) states it. `callers` are the
 * kinds of caller the route serves at all (the reference's `x-callers`).
 */
export const ACCESS_RULES = {
  public: { callers: ['anyone'], security: [], description: 'Anyone: no sign-in needed.' },
  person: {
    callers: ['person'],
    security: [{ session: [] }],
    description: 'A signed-in person, whatever their role. A paired TV is refused (403).',
  },
  viewer: {
    callers: ['person', 'screen'],
    security: [{ session: [] }, { screen: [] }],
    description:
      'A signed-in person of the company, or a TV paired to it (a TV sees only its own board). The master admin may name any company with `companyId`.',
  },
  screen: {
    callers: ['screen'],
    security: [{ screen: [] }],
    description: 'The TV itself: its device cookie, or the pairing it started.',
  },
  stripe: {
    callers: ['stripe'],
    security: [{ stripeSignature: [] }],
    description: 'Stripe only: a valid `Stripe-Signature` header over the exact body.',
  },
  ...PLATFORM_ACCESS_RULES,
  twilioSignature: {
    callers: ['twilio'],
    security: [{ twilioSignature: [] }],
    description:
      "Twilio only: a valid `X-Twilio-Signature`, the Base64 HMAC-SHA1 of PUBLIC_URL and the path followed by every form parameter (name and value, sorted by name), keyed with the account's auth token (checked by the twilio SDK).",
  },
} as const satisfies Record<string, AccessStatement>;
export type AccessRule = keyof typeof ACCESS_RULES | Permission;

/**
 * The kinds of caller a route may serve: a person's session, a paired TV, Stripe, a platform's
 * webhooks (platforms/access.ts), Twilio, anyone.
 */
export type CallerKind =
  'anyone' | 'person' | 'screen' | 'key' | 'stripe' | PlatformCaller | 'twilio';

interface AccessStatement {
  callers: readonly CallerKind[];
  security: readonly Record<string, readonly string[]>[];
  description: string;
}

const ROLE_WORDS: Record<Role, string> = {
  user: 'everyone in the company',
  account_admin: "the company's account admins",
  master_admin: 'the master admin (in every company)',
};

/** A rule as OpenAPI security and a sentence; a permission is the role in the requirement. */
export function accessStatement(rule: AccessRule): AccessStatement {
  if (rule in ACCESS_RULES) return ACCESS_RULES[rule as keyof typeof ACCESS_RULES];
  const permission = rule as Permission;
  const holders = rolesHolding(permission);
  // Everyone in the company holds it: naming the admins as well says nothing more.
  const named = holders.includes('user')
    ? [ROLE_WORDS.user, ...(holders.includes('master_admin') ? [ROLE_WORDS.master_admin] : [])]
    : holders.map((role) => ROLE_WORDS[role]);
  const who = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return {
    callers: ['person'],
    security: [{ session: [permission] }],
    description:
      `A signed-in person holding the \`${permission}\` permission: ${who ?? 'nobody'}. ` +
      "Another company's things answer 404, as if they did not exist. A paired TV is refused (403).",
  };
}

/**
 * States the access rule of every route registered after it in this folder (for the API
 * reference, /api/docs); a route whose own hook differs names its rule as `schema['x-access']`.
 * Put it beside the folder's access hook.
 */
export function documentAccess(app: FastifyInstance, rule: AccessRule): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.['x-access']) return;
    route.schema = { ...route.schema, 'x-access': rule };
  });
}

/**
 * The board a request reads or writes, in the company already chosen (`boardCompanyFor`):
 * `?boardId=` of that company, else its first board. A paired screen gets its own board, and a
 * `boardId` naming another is a 404, as is a board of another company (it does not exist for
 * the caller).
 */
export async function boardOf<Board extends { id: number }>(
  request: FastifyRequest,
  /** The company's boards in order; `fresh`: not from memory (asked again on a miss). */
  list: (fresh: boolean) => Promise<Board[]>,
  boardId: number | undefined,
): Promise<Board> {
  const wanted = wantedBoard(request, boardId);
  // A board made a moment ago on another instance may not be in this one's memory yet.
  const limited = keyBoards(request);
  let boards = await list(false);
  let board = pickBoard(boards, wanted, limited);
  if (!board) {
    boards = await list(true);
    board = pickBoard(boards, wanted, limited);
  }
  // A screen whose board was just deleted shows the first board (its row moves with it).
  const chosen = board ?? (!limited && wanted === screenBoardOf(request) ? boards[0] : undefined);
  if (!chosen) throw notFound('Board');
  return chosen;
}

/**
 * The board a person's page reads or writes (History, Alerts, the learned pace curve):
 * `?boardId=` of a company they may see with `seeWith`, else the first board of the company
 * `?companyId=` names (the master admin; anyone else naming a company not theirs gets 404, as
 * `boardCompanyFor` answers) or of their own. A board of another company than the one named, or
 * one they may not see, is a 404; one they may see but not `permission` is a 403.
 */
export async function personBoardFor(
  app: FastifyInstance,
  request: FastifyRequest,
  { boardId, companyId }: { boardId?: number | undefined; companyId?: number | undefined },
  permission: Permission,
  seeWith: Permission = permission,
): Promise<BoardRow> {
  // A person, or an API key holding the permission's scope (its boards only).
  const actor = currentViewer(request);
  const denied = () => forbidden(denialReason(actor, permission) ?? 'Forbidden');
  if (!can(actor, permission)) throw denied();
  const named = await boardCompanyFor(request, companyId, (id) => companyExists(app.db, id));
  const limited = keyBoards(request);
  let board: BoardRow | null;
  if (boardId === undefined) {
    const company = named ?? actor.companyId;
    if (company === null) throw forbidden('Create or join a company first.');
    board = limited
      ? ((await app.services.boards.list(company)).find((b) => limited.includes(b.id)) ?? null)
      : await app.services.boards.first(company);
    if (!board) throw notFound('Board');
  } else {
    board = await app.services.boards.byId(boardId);
    if (
      !board ||
      !can(actor, seeWith, { companyId: board.companyId, boardId: board.id }) ||
      (companyId !== undefined && board.companyId !== companyId)
    ) {
      throw notFound('Board');
    }
  }
  if (!can(actor, permission, { companyId: board.companyId })) throw denied();
  return board;
}

/**
 * `boardOf` without waiting (the board's hot path), from the company's boards already in
 * memory: the board when they hold it, undefined otherwise (then ask `boardOf`, which reads).
 * Throws what `boardOf` throws before reading (a screen naming another board).
 */
export function boardAtOnce<Board extends { id: number }>(
  request: FastifyRequest,
  remembered: Board[] | undefined,
  boardId: number | undefined,
): Board | undefined {
  const wanted = wantedBoard(request, boardId);
  return remembered && pickBoard(remembered, wanted, keyBoards(request));
}

/** The boards an API key is limited to (null: every board of its company, or not a key). */
export const keyBoards = (request: FastifyRequest): readonly number[] | null =>
  request.user ? null : (request.apiKey?.boardIds ?? null);

/** A paired screen's own board (null: its company's first); null for a person. */
const screenBoardOf = (request: FastifyRequest): number | null =>
  request.user ? null : (request.screen?.boardId ?? null);

/** The board asked for (null: the first); a screen naming a board not its own is a 404. */
function wantedBoard(request: FastifyRequest, boardId: number | undefined): number | null {
  const screenBoard = screenBoardOf(request);
  if (request.screen && !request.user && boardId !== undefined && boardId !== screenBoard) {
    throw notFound('Board');
  }
  // A key limited to some boards: any other is not there for it.
  const limited = keyBoards(request);
  if (limited && boardId !== undefined && !limited.includes(boardId)) throw notFound('Board');
  return boardId ?? screenBoard;
}

/** The board wanted (null: the first, of a limited key's boards the first it may read). */
function pickBoard<Board extends { id: number }>(
  boards: Board[],
  wanted: number | null,
  limited: readonly number[] | null = null,
): Board | undefined {
  if (wanted !== null) return boards.find((b) => b.id === wanted);
  return limited ? boards.find((b) => limited.includes(b.id)) : boards[0];
}
