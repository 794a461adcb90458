import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials, invitations, itemGroups } from '../../src/server/db/schema.js';
import {
  defaultCompanySettings,
  putLogo,
  readBoardSettings,
} from '../../src/server/services/board-settings/board-settings-store.js';
import { startStripeStandin, type StripeStandin } from '../../standins/stripe/index.js';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';
import { freePort } from '../helpers/free-port.js';
import { outsideApi } from '../helpers/api-routes.js';
import { firstBoardHome } from '../helpers/board-settings.js';

/**
 * The authorization matrix: every route the server registers, called by seven callers
 * (anonymous, a user of company A, an account admin of A, an account admin of B, a master
 * admin, a paired screen of A holding only its device cookie, and an API key of A holding every
 * scope, sent as `Authorization: Bearer cbk_…` alone; issue 37), with the expected answer of each cell written down once per route as an access class.
 * A route registered without an entry fails the suite. Every route that takes an id is called
 * with ids of company A, so B's admin tries them all. Every answer a caller gets is searched for
 * the other company's markers: a leak is any of them showing up.
 *
 * Adding a route: one row in MATRIX, keyed `METHOD /url` exactly as registered, e.g.
 *   'POST /api/things': [{ access: 'managedInA', request: (f) => ({ url: '/api/things', payload: {...} }) }],
 * with an ACCESS class below (or a new one: one line, seven expected answers). A route that
 * takes company A's id gets a case naming A's thing (B's admin must get 404). The suite fails
 * naming every registered route without a row, and every row without a route.
 */

const CALLERS = ['anonymous', 'user', 'adminA', 'adminB', 'master', 'screenA', 'keyA'] as const;
type Caller = (typeof CALLERS)[number];
/** 'ok' is any 2xx. */
type Expected = 'ok' | 302 | 400 | 401 | 403 | 404 | 409;

/** The expected answer per caller, in CALLERS order. */
const ACCESS = {
  /** Anyone, signed in or not. */
  public: ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  /** The sign-in flow's redirects (and a screen link, which redirects whatever it holds). */
  redirect: [302, 302, 302, 302, 302, 302, 302],
  /** Anyone signed in, on their own data; a screen is read-only and refused (403). */
  signedIn: [401, 'ok', 'ok', 'ok', 'ok', 403, 403],
  /** "Who am I": a person; a screen is nobody (the seed: a 401 yields no user). */
  person: [401, 'ok', 'ok', 'ok', 'ok', 401, 403],
  /** The board's reads of the caller's own company: people and paired screens (decision 010). */
  boardRead: [401, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  /**
   * The board's live stream (decision 048): people and paired screens; an API key reads the
   * numbers with POST /api/capacity instead (403).
   */
  boardStream: [401, 'ok', 'ok', 'ok', 'ok', 'ok', 403],
  /** The stream of company A's board, named by id. */
  boardStreamOfA: [401, 'ok', 'ok', 404, 'ok', 'ok', 403],
  /** Admin lists, each scoped to the caller's company (the master admin's: all). */
  adminList: [401, 403, 'ok', 'ok', 'ok', 403, 403],
  /** A thing of company A that admins manage: B's admin finds nothing. */
  managedInA: [401, 403, 'ok', 404, 'ok', 403, 403],
  /** Company A's board, named by id: its members, its screens and the master admin. */
  boardOfA: [401, 'ok', 'ok', 404, 'ok', 'ok', 'ok'],
  /** A user of A's credential list: the user themself, A's admin, the master. */
  credentialsOfA: [401, 'ok', 'ok', 404, 'ok', 403, 403],
  /**
   * The company's board shaping (decision 007: preferences, groups): its admins change their
   * own company's; a plain user reads only; a master admin without a company has none to change.
   */
  companyEditor: [401, 403, 'ok', 'ok', 403, 403, 403],
  /** A group of company A: A's admins change it, B's admin finds nothing. */
  editInA: [401, 403, 'ok', 404, 403, 403, 403],
  /** Company A's subscription: its admins and the master admin (against the Stripe stand-in). */
  billingOfA: [401, 403, 'ok', 404, 'ok', 403, 403],
  /** Company A's billing portal: allowed callers learn A has no plan yet to manage (409). */
  portalOfA: [401, 403, 409, 404, 409, 403, 403],
  /** Stripe's deliveries: no session counts, only a valid signature (none here). */
  signedByStripe: [400, 400, 400, 400, 400, 400, 403],
  /** Jobber's connect step for the caller's own company (issue 38): its admins, to Jobber. */
  jobberConnectOwn: [401, 403, 302, 302, 403, 403, 403],
  /** Jobber's connect step for company A: A's admins and the master admin; B's admin finds nothing. */
  jobberConnectInA: [401, 403, 302, 404, 302, 403, 403],
  /** Jobber's callback: a signed-in person is sent back to Setup (here: nothing was allowed). */
  jobberCallback: [401, 302, 302, 302, 302, 403, 403],
  /** Company A's Jobber connection, read: its admins and the master admin. */
  jobberOfA: [401, 403, 'ok', 404, 'ok', 403, 403],
  /** Disconnecting Jobber where nothing is connected: allowed callers learn there is none (404). */
  jobberDisconnectOwn: [401, 403, 404, 404, 403, 403, 403],
  jobberDisconnectInA: [401, 403, 404, 404, 404, 403, 403],
  /** Jobber's deliveries: only a valid X-Jobber-Hmac-SHA256 counts (none here). */
  signedByJobber: [401, 401, 401, 401, 401, 401, 403],
  /** Twilio's callbacks and incoming messages: only a valid X-Twilio-Signature counts (none here). */
  signedByTwilio: [403, 403, 403, 403, 403, 403, 403],
  /** Housecall Pro's deliveries to a company's address: only a valid signature counts (none here). */
  signedByHousecallPro: [401, 401, 401, 401, 401, 401, 403],
  /**
   * A board's alert rules and log (issue 23), its history (issue 27): members of a company read
   * their own; a master admin without a company has no board to read.
   */
  companyRead: [401, 'ok', 'ok', 'ok', 403, 403, 'ok'],
  /**
   * What only the company's people read (alert recipients' addresses, target suggestions, the
   * learned pace): no key scope covers it (403).
   */
  companyReadPeople: [401, 'ok', 'ok', 'ok', 403, 403, 403],
  /** The same of company A, named by id (also its configuration: preferences, groups). */
  configOfA: [401, 'ok', 'ok', 404, 'ok', 403, 403],
  /**
   * Company A's alert rules, log or history, its board or company named by id (also its
   * configuration: preferences, groups, target suggestions): its people and the master admin.
   */
  alertsOfA: [401, 'ok', 'ok', 404, 'ok', 403, 'ok'],
  /**
   * A device with push notifications on (issue 36) belongs to its owner alone (here company A's
   * plain user): nobody else, whatever their role, finds it.
   */
  ownDevice: [401, 'ok', 404, 404, 404, 403, 403],
  /**
   * A recipient of company A confirmed by a code (decision 046): whoever may see A's alerts gets
   * the code checked (a wrong one: 400 naming `code`); B's admin finds nothing.
   */
  recipientOfA: [401, 400, 400, 404, 400, 403, 403],
  /** Across companies: the master admin only. */
  masterOnly: [401, 403, 403, 403, 'ok', 403, 403],
  /** A TV asks for a pairing code: any browser may, except one already paired (409). */
  pairingStart: ['ok', 'ok', 'ok', 'ok', 'ok', 409, 'ok'],
  /** An invitation sent to someone else (decision 019): nobody else may take it up, whatever their role. */
  someoneElsesInvitation: [401, 404, 404, 404, 404, 403, 403],
} as const satisfies Record<string, readonly Expected[]>;
type Access = keyof typeof ACCESS;

interface Fixture {
  mark: { a: string; b: string };
  companyA: number;
  companyB: number;
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  t: TestApp;
}

interface Case {
  access: Access;
  /** Shown in the test name when a route has several cases. */
  note?: string;
  /** The request; called once per cell, so a destructive call gets a fresh target each time. */
  request: (f: Fixture, caller: Caller) => Promise<CaseRequest> | CaseRequest;
  /** The caller gets a session of their own for this cell (signing out ends it). */
  freshSession?: boolean;
  /** A Server-Sent Events stream: read until its first message (or its end), then dropped. */
  stream?: boolean;
  /**
   * The answer names company A to whoever holds A's secret link, by design: an alert
   * confirmation page says which company asks (decision 046). Nothing else of A may show.
   */
  linkNamesA?: boolean;
}

/** Reads a streamed answer until its first SSE message (or its end), then drops it. */
async function readStreamStart(
  stream: NodeJS.ReadableStream & { destroy(): void },
): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes('event: hello') && text.endsWith('\n\n')) break;
  }
  stream.destroy();
  return text;
}

interface CaseRequest {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

const uniq = () => crypto.randomBytes(4).toString('hex');

/** A 1x1 PNG: a logo the server accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A whole settings save naming the version now stored (so only the access rule can refuse it). */
async function settingsSave(f: Fixture, companyId: number | null | undefined) {
  const current =
    companyId === null || companyId === undefined
      ? { settings: defaultCompanySettings(), version: 0 }
      : await readBoardSettings(f.t.app.db, await firstBoardHome(f.t.app, companyId));
  return { settings: { ...current.settings, title: 'Dispatch wall' }, version: current.version };
}

/** Company A's current logo (stored afresh, since other cells replace or delete it). */
async function logoOfA(f: Fixture): Promise<string> {
  const { logo } = await putLogo(f.t.app.db, {
    home: await firstBoardHome(f.t.app, f.companyA),
    contentType: 'image/png',
    data: PNG,
    userId: null,
    now: new Date(),
  });
  return logo.sha256;
}

/** A board of company A nobody else uses (a target that may be renamed or deleted). */
async function spareBoardOfA(f: Fixture): Promise<number> {
  const board = await f.t.app.services.boards.create({
    companyId: f.companyA,
    name: `Spare ${uniq()}`,
    viewType: 'businessUnit',
    itemIds: null,
    userId: null,
  });
  return board!.id;
}

/**
 * A second board of company A for reads (one for the whole run: a spare board per cell would
 * pass A's 50-board bound).
 */
const secondBoards = new WeakMap<Fixture, Promise<number>>();
function secondBoardOfA(f: Fixture): Promise<number> {
  let board = secondBoards.get(f);
  if (!board) {
    board = spareBoardOfA(f);
    secondBoards.set(f, board);
  }
  return board;
}

/** A plain user of company A nobody else uses (a target that may be changed or deleted). */
async function spareUserOfA(f: Fixture): Promise<TestUser> {
  return createSignedInUser(f.t.app, {
    companyId: f.companyA,
    email: `spare-${uniq()}@${f.mark.a}.test`,
  });
}

async function invitationInA(f: Fixture): Promise<number> {
  const [row] = await f.t.app.db
    .insert(invitations)
    .values({
      email: `invitee-${uniq()}@${f.mark.a}.test`,
      firstName: 'Ivy',
      lastName: 'Invited',
      companyId: f.companyA,
    })
    .returning({ id: invitations.id });
  return row!.id;
}

async function credentialOfUserInA(f: Fixture): Promise<number> {
  const [row] = await f.t.app.db
    .insert(credentials)
    .values({
      userId: f.users.user.id,
      clientId: `cid-${f.mark.a}-${uniq()}`,
      clientSecretEnc: f.t.app.secretBox.seal('secret-of-a-0000'),
    })
    .returning({ id: credentials.id });
  return row!.id;
}

async function groupOfA(f: Fixture): Promise<number> {
  const [row] = await f.t.app.db
    .insert(itemGroups)
    .values({ companyId: f.companyA, name: `Group ${f.mark.a}`, type: 'businessUnit' })
    .returning({ id: itemGroups.id });
  return row!.id;
}

/** A stale-numbers rule that e-mails one address (no SMTP server here: a test reports it). */
const alertRuleBody = () => ({
  name: 'ServiceTitan down',
  kind: 'stale',
  staleMinutes: 30,
  channels: [{ type: 'email', to: ['office@example.test'] }],
});

/** An alert rule of company A, made by A's admin. */
async function alertRuleOfA(f: Fixture): Promise<number> {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/alert-rules',
    headers: { cookie: f.users.adminA.cookie },
    payload: { ...alertRuleBody(), name: `Rule ${f.mark.a}` },
  });
  return res.json<{ id: number }>().id;
}

/** A browser's push subscription nobody has saved yet (its own endpoint and keys). */
function freshSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  return {
    // Nothing listens on the discard port: a test notification to it fails fast, answered 200.
    endpoint: `http://127.0.0.1:9/push/${uniq()}${uniq()}`,
    keys: {
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    },
  };
}

/** A device of company A's plain user, with notifications on. */
async function deviceOfUserInA(f: Fixture): Promise<number> {
  const saved = await f.t.app.services.push.subscribe(
    f.users.user.id,
    freshSubscription(),
    'Mozilla/5.0 (Linux; Android 14) Chrome/126.0.0.0 Mobile Safari/537.36',
  );
  if ('tooMany' in saved) throw new Error('too many devices');
  return saved.device.id;
}

/** A recipient of company A (an e-mail address one of its rules names): its id and its link. */
async function recipientOfA(f: Fixture): Promise<{ id: number; link: string }> {
  const recipients = f.t.app.services.alertRecipients;
  const key = { kind: 'email' as const, address: `someone-${uniq()}@example.test` };
  const [made] = await recipients.ensure(f.t.app.db, f.companyA, [key]);
  return {
    id: made!.row.id,
    link: new URL((await recipients.stopLink(f.companyA, key))!).pathname,
  };
}

/** An API key of company A nobody uses (a target that may be revoked): its id. */
async function keyOfA(f: Fixture): Promise<number> {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie: f.users.adminA.cookie },
    payload: { name: `Spare key ${uniq()}`, scopes: ['boards:read'] },
  });
  return res.json<{ apiKey: { id: number } }>().apiKey.id;
}

/** A TV waiting to be paired: the code it shows. */
async function pairingCode(f: Fixture): Promise<string> {
  const res = await f.t.app.inject({ method: 'POST', url: '/api/screen/pairing' });
  return res.json<{ code: string }>().code;
}

/** A screen link of company A (its id and its link), made by A's admin. */
async function linkOfA(f: Fixture): Promise<{ id: number; url: string }> {
  const res = await f.t.app.inject({
    method: 'POST',
    url: '/api/screens/links',
    headers: { cookie: f.users.adminA.cookie },
    payload: { name: `Link ${f.mark.a}`, companyId: f.companyA },
  });
  const body = res.json<{ screen: { id: number }; url: string }>();
  return { id: body.screen.id, url: body.url };
}

/** A company's Housecall Pro webhook address (a company of its own, so A and B stay as they are). */
const housecallProAddresses = new WeakMap<Fixture, Promise<string>>();
function housecallProAddress(f: Fixture): Promise<string> {
  let address = housecallProAddresses.get(f);
  if (!address) {
    address = (async () => {
      const companyId = await createCompany(f.t.app, { name: `Plumbing ${uniq()}` });
      await f.t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${companyId}`,
        headers: { cookie: f.users.master.cookie },
        payload: { provider: 'housecallpro', webhookSecret: `whsec-${uniq()}` },
      });
      const res = await f.t.app.inject({
        url: `/api/provider/metadata?companyId=${companyId}`,
        headers: { cookie: f.users.master.cookie },
      });
      return new URL(res.json<{ webhookUrl: string }>().webhookUrl).pathname;
    })();
    housecallProAddresses.set(f, address);
  }
  return address;
}

/** Every route, by `METHOD url` as registered. */
const MATRIX: Record<string, Case[]> = {
  'GET /healthz': [{ access: 'public', request: () => ({ url: '/healthz' }) }],
  'GET /api/openapi.json': [{ access: 'public', request: () => ({ url: '/api/openapi.json' }) }],
  'GET /readyz': [{ access: 'public', request: () => ({ url: '/readyz' }) }],
  'GET /api/login': [{ access: 'redirect', request: () => ({ url: '/api/login' }) }],
  'GET /api/callback': [
    {
      access: 'redirect',
      // Without any sign-in cookie it answers 400 in words (sign-in.test.ts, issue 25).
      note: 'a sign-in cookie of no sign-in: start again',
      request: () => ({ url: '/api/callback', headers: { cookie: 'cb_login=no-such-sign-in' } }),
    },
  ],
  'GET /api/logout': [
    { access: 'redirect', freshSession: true, request: () => ({ url: '/api/logout' }) },
  ],
  'GET /api/auth/user': [{ access: 'person', request: () => ({ url: '/api/auth/user' }) }],
  'GET /api/weather': [{ access: 'public', request: () => ({ url: '/api/weather?zip=34211' }) }],
  'GET /api/fonts': [{ access: 'public', request: () => ({ url: '/api/fonts' }) }],
  'GET /api/board-settings': [
    { access: 'boardRead', note: 'own', request: () => ({ url: '/api/board-settings' }) },
    {
      access: 'boardOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/board-settings?companyId=${f.companyA}` }),
    },
  ],
  'PUT /api/board-settings': [
    {
      access: 'companyEditor',
      note: 'own',
      request: async (f, caller) => ({
        url: '/api/board-settings',
        payload: await settingsSave(f, caller === 'anonymous' ? null : f.users[caller].companyId),
      }),
    },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: async (f) => ({
        url: `/api/board-settings?companyId=${f.companyA}`,
        payload: await settingsSave(f, f.companyA),
      }),
    },
  ],
  'PUT /api/board-settings/location': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({
        url: '/api/board-settings/location',
        payload: { zipCode: '34211', timezone: 'America/New_York' },
      }),
    },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({
        url: `/api/board-settings/location?companyId=${f.companyA}`,
        payload: { zipCode: '34211', timezone: 'America/New_York' },
      }),
    },
  ],
  'PUT /api/board-settings/logo': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({
        url: '/api/board-settings/logo',
        payload: PNG,
        headers: { 'content-type': 'image/png' },
      }),
    },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({
        url: `/api/board-settings/logo?companyId=${f.companyA}`,
        payload: PNG,
        headers: { 'content-type': 'image/png' },
      }),
    },
  ],
  'DELETE /api/board-settings/logo': [
    { access: 'companyEditor', note: 'own', request: () => ({ url: '/api/board-settings/logo' }) },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/board-settings/logo?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/board-settings/logo/:sha': [
    {
      access: 'boardOfA',
      note: "company A's logo",
      request: async (f) => ({
        url: `/api/board-settings/logo/${await logoOfA(f)}?companyId=${f.companyA}`,
      }),
    },
  ],
  'POST /api/capacity': [
    {
      access: 'boardRead',
      note: 'own board',
      request: () => ({ url: '/api/capacity', payload: {} }),
    },
    {
      access: 'boardOfA',
      note: "company A's board by id",
      request: (f) => ({ url: `/api/capacity?companyId=${f.companyA}`, payload: {} }),
    },
  ],
  'GET /api/events': [
    {
      access: 'boardStream',
      note: 'own board',
      stream: true,
      request: () => ({ url: '/api/events' }),
    },
    {
      access: 'boardStreamOfA',
      note: "company A's board by id",
      stream: true,
      request: (f) => ({ url: `/api/events?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/servicetitan/metadata': [
    { access: 'boardRead', note: 'own', request: () => ({ url: '/api/servicetitan/metadata' }) },
    {
      access: 'boardOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/servicetitan/metadata?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/provider/metadata': [
    { access: 'boardRead', note: 'own', request: () => ({ url: '/api/provider/metadata' }) },
    {
      access: 'boardOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/provider/metadata?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/business-unit-preferences': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/business-unit-preferences' }) },
    {
      access: 'configOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/business-unit-preferences?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/business-unit-preferences': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({ url: '/api/business-unit-preferences', payload: { businessUnitId: 7 } }),
    },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({
        url: `/api/business-unit-preferences?companyId=${f.companyA}`,
        payload: { businessUnitId: 7, day1Target: 6 },
      }),
    },
  ],
  'GET /api/job-type-preferences': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/job-type-preferences' }) },
    {
      access: 'configOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/job-type-preferences?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/job-type-preferences': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({ url: '/api/job-type-preferences', payload: { jobTypeId: 7 } }),
    },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({
        url: `/api/job-type-preferences?companyId=${f.companyA}`,
        payload: { jobTypeId: 7, day1Target: 6 },
      }),
    },
  ],
  'GET /api/boards': [
    { access: 'boardRead', note: 'own', request: () => ({ url: '/api/boards' }) },
    {
      access: 'boardOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/boards?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/boards': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({ url: '/api/boards', payload: { name: `Board ${uniq()}` } }),
    },
    {
      access: 'managedInA',
      note: 'into company A',
      request: (f) => ({
        url: `/api/boards?companyId=${f.companyA}`,
        payload: { name: `Board ${uniq()}` },
      }),
    },
  ],
  'PATCH /api/boards/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({
        url: `/api/boards/${await spareBoardOfA(f)}`,
        payload: { name: 'Renamed' },
      }),
    },
  ],
  'DELETE /api/boards/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/boards/${await spareBoardOfA(f)}` }),
    },
  ],
  'GET /api/item-groups': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/item-groups' }) },
    {
      access: 'configOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/item-groups?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/item-groups': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({ url: '/api/item-groups', payload: { name: 'Mine', type: 'jobType' } }),
    },
    {
      access: 'managedInA',
      note: 'into company A',
      request: (f) => ({
        url: `/api/item-groups?companyId=${f.companyA}`,
        payload: { name: `Group ${uniq()}`, type: 'jobType' },
      }),
    },
  ],
  'PATCH /api/item-groups/:id': [
    {
      access: 'editInA',
      note: "A's group in one's own company",
      request: async (f) => ({
        url: `/api/item-groups/${await groupOfA(f)}`,
        payload: { name: 'Renamed' },
      }),
    },
    {
      access: 'managedInA',
      note: "A's group, company A named",
      request: async (f) => ({
        url: `/api/item-groups/${await groupOfA(f)}?companyId=${f.companyA}`,
        payload: { name: 'Renamed' },
      }),
    },
  ],
  'DELETE /api/item-groups/:id': [
    {
      access: 'editInA',
      note: "A's group in one's own company",
      request: async (f) => ({ url: `/api/item-groups/${await groupOfA(f)}` }),
    },
    {
      access: 'managedInA',
      note: "A's group, company A named",
      request: async (f) => ({
        url: `/api/item-groups/${await groupOfA(f)}?companyId=${f.companyA}`,
      }),
    },
  ],
  'GET /api/admin/users': [{ access: 'adminList', request: () => ({ url: '/api/admin/users' }) }],
  'PATCH /api/admin/users/:userId': [
    {
      access: 'managedInA',
      request: async (f) => ({
        url: `/api/admin/users/${(await spareUserOfA(f)).id}`,
        payload: { role: 'account_admin' },
      }),
    },
  ],
  'DELETE /api/admin/users/:userId': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/admin/users/${(await spareUserOfA(f)).id}` }),
    },
  ],
  'GET /api/admin/invitations': [
    { access: 'adminList', request: () => ({ url: '/api/admin/invitations' }) },
  ],
  'POST /api/admin/invitations': [
    {
      access: 'managedInA',
      note: 'into company A',
      request: (f) => ({
        url: '/api/admin/invitations',
        payload: {
          email: `new-${uniq()}@${f.mark.a}.test`,
          firstName: 'New',
          lastName: 'Person',
          companyId: f.companyA,
          role: 'user',
        },
      }),
    },
  ],
  'DELETE /api/admin/invitations/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/admin/invitations/${await invitationInA(f)}` }),
    },
  ],
  'GET /api/invitations': [{ access: 'signedIn', request: () => ({ url: '/api/invitations' }) }],
  'POST /api/invitations/:id/accept': [
    {
      access: 'someoneElsesInvitation',
      note: "an invitation of company A's to a newcomer",
      request: async (f) => ({ url: `/api/invitations/${await invitationInA(f)}/accept` }),
    },
  ],
  'DELETE /api/invitations': [{ access: 'signedIn', request: () => ({ url: '/api/invitations' }) }],
  'GET /api/admin/companies': [
    { access: 'masterOnly', request: () => ({ url: '/api/admin/companies' }) },
  ],
  'GET /api/companies': [{ access: 'adminList', request: () => ({ url: '/api/companies' }) }],
  'POST /api/companies': [
    {
      access: 'masterOnly',
      note: 'by people who already have a company',
      request: () => ({ url: '/api/companies', payload: { name: `New ${uniq()}` } }),
    },
  ],
  'PATCH /api/companies/:id': [
    {
      access: 'managedInA',
      request: (f) => ({
        url: `/api/companies/${f.companyA}`,
        payload: { name: `${f.mark.a} Heating` },
      }),
    },
  ],
  'DELETE /api/companies/:id': [
    {
      access: 'masterOnly',
      request: async (f) => ({
        url: `/api/companies/${await createCompany(f.t.app, { name: `Doomed ${uniq()}` })}`,
      }),
    },
    {
      access: 'masterOnly',
      note: 'company A itself (the master admin deletes a copy)',
      request: async (f) => ({ url: `/api/companies/${f.companyA}` }),
    },
  ],
  'GET /api/credentials': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/credentials' }) },
    {
      access: 'credentialsOfA',
      note: "of A's user (the user themself, A's admin, the master)",
      request: (f) => ({ url: `/api/credentials?userId=${f.users.user.id}` }),
    },
  ],
  'POST /api/credentials': [
    {
      access: 'managedInA',
      request: (f) => ({
        url: '/api/credentials',
        payload: {
          userId: f.users.user.id,
          clientId: `cid-${f.mark.a}`,
          clientSecret: 'a-new-secret-1234',
        },
      }),
    },
  ],
  'DELETE /api/credentials/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/credentials/${await credentialOfUserInA(f)}` }),
    },
  ],
  'POST /api/credentials/:id/check': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/credentials/${await credentialOfUserInA(f)}/check` }),
    },
  ],
  'POST /api/connection-check': [
    {
      access: 'managedInA',
      note: "company A's stored credential",
      request: (f) => ({ url: '/api/connection-check', payload: { companyId: f.companyA } }),
    },
  ],
  'GET /api/stripe/subscription': [
    { access: 'signedIn', request: () => ({ url: '/api/stripe/subscription' }) },
  ],
  'POST /api/stripe/create-checkout-session': [
    {
      access: 'billingOfA',
      request: (f) => ({
        url: '/api/stripe/create-checkout-session',
        payload: { userId: f.users.user.id },
      }),
    },
  ],
  'POST /api/stripe/create-portal-session': [
    {
      access: 'portalOfA',
      request: (f) => ({
        url: '/api/stripe/create-portal-session',
        payload: { userId: f.users.user.id },
      }),
    },
  ],
  'POST /api/stripe/sync-subscription': [
    {
      access: 'billingOfA',
      request: (f) => ({
        url: '/api/stripe/sync-subscription',
        payload: { userId: f.users.user.id },
      }),
    },
  ],
  'POST /api/stripe/webhook': [
    {
      access: 'signedByStripe',
      request: () => ({ url: '/api/stripe/webhook', payload: { id: 'evt_forged', type: 'x' } }),
    },
  ],
  'GET /api/providers/jobber/connect': [
    {
      access: 'jobberConnectOwn',
      note: 'own',
      request: () => ({ url: '/api/providers/jobber/connect' }),
    },
    {
      access: 'jobberConnectInA',
      note: 'company A',
      request: (f) => ({ url: `/api/providers/jobber/connect?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/providers/jobber/callback': [
    { access: 'jobberCallback', request: () => ({ url: '/api/providers/jobber/callback' }) },
  ],
  'GET /api/providers/jobber/connection': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({ url: '/api/providers/jobber/connection' }),
    },
    {
      access: 'jobberOfA',
      note: 'company A',
      request: (f) => ({ url: `/api/providers/jobber/connection?companyId=${f.companyA}` }),
    },
  ],
  'DELETE /api/providers/jobber/connection': [
    {
      access: 'jobberDisconnectOwn',
      note: 'own',
      request: () => ({ method: 'DELETE', url: '/api/providers/jobber/connection' }),
    },
    {
      access: 'jobberDisconnectInA',
      note: 'company A',
      request: (f) => ({
        method: 'DELETE',
        url: `/api/providers/jobber/connection?companyId=${f.companyA}`,
      }),
    },
  ],
  'POST /api/providers/jobber/webhooks': [
    {
      access: 'signedByJobber',
      note: 'a forged signature',
      request: () => ({
        url: '/api/providers/jobber/webhooks',
        headers: { 'x-jobber-hmac-sha256': 'AAAA' },
        payload: { data: { webHookEvent: { topic: 'VISIT_CREATE', accountId: 'MQ==' } } },
      }),
    },
  ],
  'POST /api/providers/housecallpro/webhooks/:key': [
    {
      access: 'signedByHousecallPro',
      note: "a company's address, a forged signature",
      request: async (f) => ({
        url: await housecallProAddress(f),
        headers: {
          'api-timestamp': String(Math.floor(Date.now() / 1000)),
          'api-signature': '0'.repeat(64),
        },
        payload: { event: 'job.created', job: { id: 'job_forged' } },
      }),
    },
  ],
  'POST /api/screen/pairing': [
    { access: 'pairingStart', request: () => ({ url: '/api/screen/pairing' }) },
  ],
  // Every browser learns what it is (unpaired, pairing, paired): a waiting TV's check is no
  // error (issue 25); only a device credential reads a screen's details (screens.test.ts).
  'GET /api/screen': [{ access: 'public', request: () => ({ url: '/api/screen' }) }],
  'GET /tv/link/:token': [
    {
      access: 'redirect',
      note: "a link of company A's",
      request: async (f) => ({ url: new URL((await linkOfA(f)).url).pathname }),
    },
  ],
  'GET /api/screens': [{ access: 'adminList', request: () => ({ url: '/api/screens' }) }],
  'GET /api/alert-rules': [
    { access: 'companyRead', note: 'own', request: () => ({ url: '/api/alert-rules' }) },
    {
      access: 'alertsOfA',
      note: "a board of A's by id",
      request: async (f) => ({ url: `/api/alert-rules?boardId=${await spareBoardOfA(f)}` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/alert-rules?companyId=${f.companyA}` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's first board, the company named too",
      request: async (f) => ({
        url: `/api/alert-rules?companyId=${f.companyA}&boardId=${(await f.t.app.services.boards.first(f.companyA)).id}`,
      }),
    },
  ],
  'POST /api/alert-rules': [
    {
      access: 'companyEditor',
      note: 'own',
      request: () => ({ url: '/api/alert-rules', payload: alertRuleBody() }),
    },
    {
      access: 'managedInA',
      note: "on a board of A's",
      request: async (f) => ({
        url: '/api/alert-rules',
        payload: { ...alertRuleBody(), boardId: await spareBoardOfA(f) },
      }),
    },
  ],
  'PATCH /api/alert-rules/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({
        url: `/api/alert-rules/${await alertRuleOfA(f)}`,
        payload: { name: `Renamed ${f.mark.a}` },
      }),
    },
  ],
  'DELETE /api/alert-rules/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/alert-rules/${await alertRuleOfA(f)}` }),
    },
  ],
  'POST /api/alert-rules/:id/test': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/alert-rules/${await alertRuleOfA(f)}/test` }),
    },
  ],
  'GET /api/alert-lines': [
    { access: 'boardRead', note: 'own', request: () => ({ url: '/api/alert-lines' }) },
    {
      access: 'boardOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/alert-lines?companyId=${f.companyA}` }),
    },
    {
      access: 'boardOfA',
      note: "company A's first board by id",
      request: async (f) => ({
        url: `/api/alert-lines?companyId=${f.companyA}&boardId=${(await f.t.app.services.boards.first(f.companyA)).id}`,
      }),
    },
  ],
  'GET /api/alert-recipients': [
    { access: 'companyReadPeople', note: 'own', request: () => ({ url: '/api/alert-recipients' }) },
    {
      access: 'configOfA',
      note: "a board of A's by id",
      request: async (f) => ({
        url: `/api/alert-recipients?boardId=${(await f.t.app.services.boards.first(f.companyA)).id}`,
      }),
    },
    {
      access: 'configOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/alert-recipients?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/alert-recipients/:id/confirm': [
    {
      access: 'recipientOfA',
      note: "a recipient of A's, a code it was not sent",
      request: async (f) => ({
        url: `/api/alert-recipients/${(await recipientOfA(f)).id}/confirm`,
        payload: { code: '000000' },
      }),
    },
  ],
  'POST /api/providers/twilio/status': [
    {
      access: 'signedByTwilio',
      note: 'a forged signature',
      request: () => ({
        url: '/api/providers/twilio/status',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': 'AAAA',
        },
        payload: 'MessageSid=SM00000000000000000000000000000000&MessageStatus=delivered',
      }),
    },
  ],
  'POST /api/providers/twilio/inbound': [
    {
      access: 'signedByTwilio',
      note: 'a forged STOP',
      request: () => ({
        url: '/api/providers/twilio/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': 'AAAA',
        },
        payload: 'From=%2B12025550143&Body=STOP',
      }),
    },
  ],
  'GET /b/:ref': [
    {
      access: 'redirect',
      note: "a short link to company A's first board",
      request: async (f) => ({
        url: `/b/${(await f.t.app.services.boards.first(f.companyA)).id.toString(36)}`,
      }),
    },
  ],
  'GET /alerts/confirm/:token': [
    {
      access: 'public',
      note: "the confirmation page of a recipient of A's",
      linkNamesA: true,
      request: async (f) => ({ url: (await recipientOfA(f)).link }),
    },
  ],
  'POST /alerts/confirm/:token': [
    {
      access: 'public',
      note: "a recipient of A's says no",
      linkNamesA: true,
      request: async (f) => ({
        url: (await recipientOfA(f)).link,
        payload: 'answer=no',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    },
  ],
  'GET /api/alert-deliveries': [
    { access: 'companyRead', note: 'own', request: () => ({ url: '/api/alert-deliveries' }) },
    {
      access: 'alertsOfA',
      note: "a board of A's by id",
      request: async (f) => ({ url: `/api/alert-deliveries?boardId=${await spareBoardOfA(f)}` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/alert-deliveries?companyId=${f.companyA}` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's first board, the company named too",
      request: async (f) => ({
        url: `/api/alert-deliveries?companyId=${f.companyA}&boardId=${(await f.t.app.services.boards.first(f.companyA)).id}`,
      }),
    },
  ],
  'GET /api/push/public-key': [
    { access: 'signedIn', request: () => ({ url: '/api/push/public-key' }) },
  ],
  'GET /api/push/members': [
    { access: 'companyEditor', note: 'own', request: () => ({ url: '/api/push/members' }) },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/push/members?companyId=${f.companyA}` }),
    },
  ],
  'GET /api/push-subscriptions': [
    { access: 'signedIn', note: 'own', request: () => ({ url: '/api/push-subscriptions' }) },
  ],
  'POST /api/push-subscriptions': [
    {
      access: 'signedIn',
      note: 'for oneself',
      request: () => ({ url: '/api/push-subscriptions', payload: freshSubscription() }),
    },
  ],
  'DELETE /api/push-subscriptions/:id': [
    {
      access: 'ownDevice',
      request: async (f) => ({ url: `/api/push-subscriptions/${await deviceOfUserInA(f)}` }),
    },
  ],
  'POST /api/push-subscriptions/:id/test': [
    {
      access: 'ownDevice',
      request: async (f) => ({ url: `/api/push-subscriptions/${await deviceOfUserInA(f)}/test` }),
    },
  ],
  'GET /api/history': [
    {
      access: 'companyRead',
      note: 'own',
      request: () => ({ url: '/api/history?from=2025-06-02&to=2025-06-13' }),
    },
    {
      access: 'alertsOfA',
      note: "a board of A's by id",
      request: async (f) => ({
        url: `/api/history?boardId=${await spareBoardOfA(f)}&from=2025-06-02&to=2025-06-13&format=csv`,
      }),
    },
    {
      access: 'alertsOfA',
      note: "company A's by id",
      request: (f) => ({
        url: `/api/history?companyId=${f.companyA}&from=2025-06-02&to=2025-06-13`,
      }),
    },
    {
      access: 'alertsOfA',
      note: "company A's first board, the company named too",
      request: async (f) => ({
        url: `/api/history?companyId=${f.companyA}&boardId=${(await f.t.app.services.boards.first(f.companyA)).id}&from=2025-06-02&to=2025-06-13`,
      }),
    },
  ],
  'GET /api/history/status': [
    { access: 'companyRead', note: 'own', request: () => ({ url: '/api/history/status' }) },
    {
      access: 'alertsOfA',
      note: "a board of A's by id",
      request: async (f) => ({ url: `/api/history/status?boardId=${await secondBoardOfA(f)}` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/history/status?companyId=${f.companyA}` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's first board, the company named too",
      request: async (f) => ({
        url: `/api/history/status?companyId=${f.companyA}&boardId=${(await f.t.app.services.boards.first(f.companyA)).id}`,
      }),
    },
  ],
  'GET /api/history/day': [
    {
      access: 'companyRead',
      note: 'own',
      request: () => ({ url: '/api/history/day?date=2025-06-12' }),
    },
    {
      access: 'alertsOfA',
      note: "a board of A's by id",
      request: async (f) => ({
        url: `/api/history/day?boardId=${await secondBoardOfA(f)}&date=2025-06-12`,
      }),
    },
    {
      access: 'alertsOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/history/day?companyId=${f.companyA}&date=2025-06-12` }),
    },
    {
      access: 'alertsOfA',
      note: "company A's first board, the company named too",
      request: async (f) => ({
        url: `/api/history/day?companyId=${f.companyA}&boardId=${(await f.t.app.services.boards.first(f.companyA)).id}&date=2025-06-12`,
      }),
    },
  ],
  'GET /api/target-suggestions': [
    {
      access: 'companyReadPeople',
      note: 'own',
      request: () => ({ url: '/api/target-suggestions' }),
    },
    {
      access: 'configOfA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/target-suggestions?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/target-suggestions/apply': [
    {
      access: 'companyEditor',
      note: 'accept the targets as they are',
      request: () => ({ url: '/api/target-suggestions/apply', payload: { items: 'none' } }),
    },
    {
      access: 'managedInA',
      note: "company A's by id, as they are",
      request: (f) => ({
        url: `/api/target-suggestions/apply?companyId=${f.companyA}`,
        payload: { items: 'none' },
      }),
    },
  ],
  'GET /api/pace/learned': [
    { access: 'companyReadPeople', note: 'own', request: () => ({ url: '/api/pace/learned' }) },
    {
      access: 'configOfA',
      note: "a board of A's by id",
      // Read-only: A's first board (a spare board per cell would pass A's 50-board bound).
      request: async (f) => ({
        url: `/api/pace/learned?boardId=${(await f.t.app.services.boards.first(f.companyA)).id}`,
      }),
    },
    {
      access: 'configOfA',
      note: "company A's first board, by the company",
      request: (f) => ({ url: `/api/pace/learned?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/screens/pair': [
    {
      access: 'managedInA',
      note: 'a TV into company A',
      request: async (f) => ({
        url: '/api/screens/pair',
        payload: { code: await pairingCode(f), name: `Wall ${f.mark.a}`, companyId: f.companyA },
      }),
    },
  ],
  'POST /api/screens/links': [
    {
      access: 'managedInA',
      note: 'into company A',
      request: (f) => ({
        url: '/api/screens/links',
        payload: { name: `Link ${f.mark.a}`, companyId: f.companyA },
      }),
    },
  ],
  'PATCH /api/screens/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({
        url: `/api/screens/${(await linkOfA(f)).id}`,
        payload: { name: 'Renamed screen' },
      }),
    },
  ],
  'DELETE /api/screens/:id': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/screens/${(await linkOfA(f)).id}` }),
    },
  ],
  'POST /api/screens/:id/regenerate': [
    {
      access: 'managedInA',
      request: async (f) => ({ url: `/api/screens/${(await linkOfA(f)).id}/regenerate` }),
    },
  ],
  'GET /api/api-keys': [
    { access: 'adminList', note: 'own', request: () => ({ url: '/api/api-keys' }) },
    {
      access: 'managedInA',
      note: "company A's by id",
      request: (f) => ({ url: `/api/api-keys?companyId=${f.companyA}` }),
    },
  ],
  'POST /api/api-keys': [
    {
      access: 'managedInA',
      note: 'into company A',
      request: (f) => ({
        url: '/api/api-keys',
        payload: { name: `Sheet ${f.mark.a}`, scopes: ['history:read'], companyId: f.companyA },
      }),
    },
  ],
  'DELETE /api/api-keys/:id': [
    { access: 'managedInA', request: async (f) => ({ url: `/api/api-keys/${await keyOfA(f)}` }) },
  ],
  'GET /api/onboarding/sample-credentials': [
    { access: 'adminList', request: () => ({ url: '/api/onboarding/sample-credentials' }) },
  ],
};

describe('authorization matrix', () => {
  const registered: { method: string; url: string }[] = [];
  let f: Fixture;
  const results: { cell: string; status: number; expected: Expected }[] = [];
  let leaks: string[] = [];
  let serverErrors: string[] = [];
  let stripe: StripeStandin | undefined;

  beforeAll(async () => {
    const started = Date.now();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    stripe = await startStripeStandin();
    const t = await createTestApp({
      env: {
        PORT: String(port),
        PUBLIC_URL: base,
        API_RATE_LIMIT_PER_MINUTE: '100000',
        API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
        // Billing against the Stripe stand-in on loopback (the SDK does not use `fetch` below).
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PRICE_ID: stripe.priceId,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        // Jobber's app (its host is never reached here: the connect step only redirects to it).
        JOBBER_CLIENT_ID: 'matrix-jobber-app',
        JOBBER_CLIENT_SECRET: 'matrix-jobber-secret',
        JOBBER_API_URL: 'http://127.0.0.1:9',
      },
      // No outside network: weather falls back to its placeholder, ServiceTitan is unreachable.
      services: {
        fetch: async () => {
          throw new Error('the matrix runs offline');
        },
      },
      build: {
        demoServiceTitanCredential: {
          clientId: 'cid.sample',
          clientSecret: 'cs.sample-secret',
          tenantId: '1',
          appKey: 'ak.sample',
        },
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (method !== 'HEAD') registered.push({ method, url: route.url });
          }
        },
      },
    });
    console.info(`app built in ${Date.now() - started} ms`);
    await t.app.listen({ host: '127.0.0.1', port });
    const mark = { a: `alpha-${uniq()}`, b: `bravo-${uniq()}` };
    const companyA = await createCompany(t.app, { name: `${mark.a} Heating` });
    const companyB = await createCompany(t.app, { name: `${mark.b} Plumbing` });
    const users = {
      user: await createSignedInUser(t.app, {
        companyId: companyA,
        email: `user@${mark.a}.test`,
      }),
      adminA: await createSignedInUser(t.app, {
        companyId: companyA,
        role: 'account_admin',
        email: `admin@${mark.a}.test`,
      }),
      adminB: await createSignedInUser(t.app, {
        companyId: companyB,
        role: 'account_admin',
        email: `admin@${mark.b}.test`,
      }),
      master: await createSignedInUser(t.app, {
        role: 'master_admin',
        email: `master-${uniq()}@example.test`,
      }),
    };
    // A paired TV of company A: it holds only its device cookie.
    const pairing = await t.app.inject({ method: 'POST', url: '/api/screen/pairing' });
    const screenCookie = [pairing.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith('cb_screen='))!
      .split(';')[0]!;
    const paired = await t.app.inject({
      method: 'POST',
      url: '/api/screens/pair',
      headers: { cookie: users.adminA.cookie },
      payload: { code: pairing.json<{ code: string }>().code, name: `Wall ${mark.a}` },
    });
    if (paired.statusCode !== 201) throw new Error(`pairing failed: ${paired.body}`);
    const screenA: TestUser = {
      id: 'screen',
      email: '',
      role: 'user',
      companyId: companyA,
      cookie: screenCookie,
    };
    // An API key of company A holding every scope (issue 37): it sends only its header.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie: users.adminA.cookie },
      payload: { name: `Key ${mark.a}`, scopes: ['boards:read', 'history:read', 'alerts:read'] },
    });
    if (made.statusCode !== 201) throw new Error(`key creation failed: ${made.body}`);
    const keyA: TestUser = {
      id: 'key',
      email: '',
      role: 'user',
      companyId: companyA,
      cookie: '',
      authorization: `Bearer ${made.json<{ key: string }>().key}`,
    };
    f = { mark, companyA, companyB, users: { ...users, screenA, keyA }, t };
    // Company B's things, which A's people (and A's screens) must never see.
    await t.app.inject({
      method: 'POST',
      url: '/api/screens/links',
      headers: { cookie: users.adminB.cookie },
      payload: { name: `Lobby ${mark.b}` },
    });
    await createSignedInUser(t.app, { companyId: companyB, email: `user@${mark.b}.test` });
    await t.app.db.insert(invitations).values({
      email: `invitee@${mark.b}.test`,
      firstName: 'B',
      lastName: 'Invitee',
      companyId: companyB,
    });
    await t.app.db.insert(credentials).values({
      userId: users.adminB.id,
      clientId: `cid-${mark.b}`,
      clientSecretEnc: t.app.secretBox.seal('secret-of-b-0000'),
    });
    // Company A's things, which B's people must never see.
    await invitationInA(f);
    await credentialOfUserInA(f);
  }, 240_000);
  afterAll(async () => {
    await f?.t.close();
    await stripe?.close();
  });

  it('has an entry for every route the server registers, and no entry for a route it does not', () => {
    const keys = registered.filter((r) => !outsideApi(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(30);
    const missing = keys.filter((k) => !(k in MATRIX));
    expect(
      missing,
      "routes without an authorization matrix row: add one to MATRIX, e.g. 'POST /api/x': [{ access: 'managedInA', request: (f) => ({ url: '/api/x', payload: {} }) }]",
    ).toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !keys.includes(k));
    expect(stale, 'matrix entries for routes that are not registered').toEqual([]);
  });

  it('agrees with the access rule the API reference states for each route', async () => {
    const doc = (await f.t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { 'x-access'?: string; 'x-callers'?: string[] }>>;
    }>();
    const disagreements: string[] = [];
    for (const [route, cases] of Object.entries(MATRIX)) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const stated = operation?.['x-access'];
      const cells = (caller: Caller) => cases.map((c) => ACCESS[c.access][CALLERS.indexOf(caller)]);
      // Public in the reference ⇔ an anonymous caller is never refused by this matrix.
      const anonymousServed = cells('anonymous').every((e) => e === 'ok' || e === 302);
      if ((stated === 'public') !== anonymousServed) {
        disagreements.push(`${route}: stated ${stated}, anonymous ${cells('anonymous')}`);
      }
      // Not public: a screen in the reference ⇔ a paired screen is served by some case here.
      const screenServed = cells('screenA').some((e) => e === 'ok');
      if (stated !== 'public' && (stated === 'viewer' || stated === 'screen') !== screenServed) {
        disagreements.push(`${route}: stated ${stated}, screen ${cells('screenA')}`);
      }
      // Not public: a key among the callers ⇔ an API key is served by some case here.
      const keyServed = cells('keyA').some((e) => e === 'ok');
      const keyStated = operation?.['x-callers']?.includes('key') ?? false;
      if (stated !== 'public' && keyStated !== keyServed) {
        disagreements.push(`${route}: callers ${operation?.['x-callers']}, key ${cells('keyA')}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    for (const c of cases) {
      it(`${route}${c.note ? ` (${c.note})` : ''}: ${c.access} ${ACCESS[c.access].join(' / ')}`, async () => {
        const [method] = route.split(' ');
        const outcomes: string[] = [];
        for (const [i, caller] of CALLERS.entries()) {
          const expected = ACCESS[c.access][i]!;
          let who: TestUser | null = null;
          if (caller === 'screenA' || caller === 'keyA') {
            who = f.users[caller];
          } else if (caller !== 'anonymous') {
            who = c.freshSession
              ? await createSignedInUser(f.t.app, {
                  role: f.users[caller].role,
                  companyId: f.users[caller].companyId,
                })
              : f.users[caller];
          }
          // The master admin's company-A deletion acts on a copy so the other cells keep A.
          let request = await c.request(f, caller);
          if (route === 'DELETE /api/companies/:id' && caller === 'master' && c.note) {
            request = {
              url: `/api/companies/${await createCompany(f.t.app, { name: `${f.mark.a} copy` })}`,
            };
          }
          const injected = await f.t.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: {
              ...(who?.cookie ? { cookie: who.cookie } : {}),
              ...(who?.authorization ? { authorization: who.authorization } : {}),
              ...request.headers,
            },
            ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
            ...(c.stream ? { payloadAsStream: true } : {}),
          });
          const res = {
            statusCode: injected.statusCode,
            body: c.stream ? await readStreamStart(injected.stream()) : injected.body,
          };
          const cell = `${route} as ${caller}`;
          results.push({ cell, status: res.statusCode, expected });
          if (res.statusCode >= 500) serverErrors.push(`${cell}: ${res.statusCode}`);
          // Nobody but the master admin may see the other company's things.
          const foreign =
            caller === 'adminB'
              ? [f.mark.a]
              : caller === 'master'
                ? []
                : caller === 'anonymous'
                  ? [f.mark.a, f.mark.b]
                  : [f.mark.b];
          for (const marker of foreign) {
            if (c.linkNamesA && marker === f.mark.a) continue;
            if (res.body.includes(marker)) leaks.push(`${cell} shows ${marker}`);
          }
          const ok =
            expected === 'ok'
              ? res.statusCode >= 200 && res.statusCode < 300
              : res.statusCode === expected;
          outcomes.push(`${caller}: ${res.statusCode}${ok ? '' : ` (expected ${expected})`}`);
        }
        expect(
          outcomes.filter((o) => o.includes('expected')),
          outcomes.join(', '),
        ).toEqual([]);
      });
    }
  }

  it('leaked nothing and never answered 5xx', () => {
    expect(leaks).toEqual([]);
    expect(serverErrors).toEqual([]);
    const routes = Object.keys(MATRIX).length;
    const cases = Object.values(MATRIX).flat().length;
    console.info(
      `authorization matrix: ${routes} routes (${cases} cases) x ${CALLERS.length} callers = ${results.length} cells, ${leaks.length} leaks`,
    );
    leaks = [];
    serverErrors = [];
  });
});
