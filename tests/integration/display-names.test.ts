import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompany,
  createSignedInUser,
  createTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/test-app.js';

/**
 * Issue 24: one display-name rule for every name a person types. A name that could pass for
 * another (a lone surrogate stored as U+FFFD, a right-to-left override, an isolate, a zero-width
 * space inside, a control character) is refused with 400 naming the field, and nothing changes.
 */
const SPOOFS = [
  ['a lone surrogate', 'Acme\ud800 HVAC', 'must be valid Unicode text'],
  ['a right-to-left override', 'Acme\u202eCAVH', 'must not contain text-direction controls'],
  ['an isolate', 'Acme \u2067HVAC\u2069', 'must not contain text-direction controls'],
  [
    'a zero-width space inside',
    'Ac\u200bme HVAC',
    'must not contain invisible formatting characters',
  ],
  [
    'a right-to-left mark inside',
    'Acme\u200f HVAC',
    'must not contain invisible formatting characters',
  ],
  ['a control character', 'Acme\u0007HVAC', 'must not contain control characters'],
] as const;

describe('names that cannot spoof', () => {
  let t: TestApp;
  let admin: TestUser;
  let master: TestUser;
  let companyId: number;
  let screenId: number;
  let groupId: number;

  const call = (who: TestUser, method: string, url: string, payload: object) =>
    t.app.inject({ method: method as 'POST', url, headers: { cookie: who.cookie }, payload });

  /** Every typed name: where it is sent and the field the 400 must name. */
  const FIELDS: {
    field: string;
    who: () => TestUser;
    send: (name: string) => { method: string; url: string; payload: object };
    read: () => Promise<unknown>;
  }[] = [
    {
      field: 'name',
      who: () => master,
      send: (name) => ({ method: 'POST', url: '/api/companies', payload: { name } }),
      read: async () => (await call(master, 'GET', '/api/companies', {})).json(),
    },
    {
      field: 'name',
      who: () => admin,
      send: (name) => ({ method: 'PATCH', url: `/api/companies/${companyId}`, payload: { name } }),
      read: async () => (await call(master, 'GET', '/api/companies', {})).json(),
    },
    ...(['firstName', 'lastName'] as const).map((field) => ({
      field,
      who: () => admin,
      send: (name: string) => ({
        method: 'POST',
        url: '/api/admin/invitations',
        payload: {
          email: 'spoof@example.test',
          firstName: 'Fine',
          lastName: 'Name',
          [field]: name,
        },
      }),
      read: async () => (await call(admin, 'GET', '/api/admin/invitations', {})).json(),
    })),
    {
      field: 'name',
      who: () => admin,
      send: (name) => ({ method: 'POST', url: '/api/screens/links', payload: { name } }),
      read: async () => (await call(admin, 'GET', '/api/screens', {})).json(),
    },
    {
      field: 'name',
      who: () => admin,
      send: (name) => ({ method: 'PATCH', url: `/api/screens/${screenId}`, payload: { name } }),
      read: async () => (await call(admin, 'GET', '/api/screens', {})).json(),
    },
    {
      field: 'name',
      who: () => admin,
      send: (name) => ({
        method: 'POST',
        url: '/api/item-groups',
        payload: { name, type: 'jobType' },
      }),
      read: async () => (await call(admin, 'GET', '/api/item-groups', {})).json(),
    },
    {
      field: 'name',
      who: () => admin,
      send: (name) => ({ method: 'PATCH', url: `/api/item-groups/${groupId}`, payload: { name } }),
      read: async () => (await call(admin, 'GET', '/api/item-groups', {})).json(),
    },
    {
      field: 'customName',
      who: () => admin,
      send: (customName) => ({
        method: 'POST',
        url: '/api/job-type-preferences',
        payload: { jobTypeId: 7, customName },
      }),
      read: async () => (await call(admin, 'GET', '/api/job-type-preferences', {})).json(),
    },
    {
      field: 'settings.title',
      who: () => admin,
      send: (title) => ({
        method: 'PUT',
        url: '/api/board-settings',
        payload: { settings: { title }, version: 0 },
      }),
      read: async () => (await call(admin, 'GET', '/api/board-settings', {})).json(),
    },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    companyId = await createCompany(t.app, { name: 'Acme HVAC' });
    admin = await createSignedInUser(t.app, { role: 'account_admin', companyId });
    master = await createSignedInUser(t.app, { role: 'master_admin' });
    const link = await call(admin, 'POST', '/api/screens/links', { name: 'Lobby' });
    screenId = link.json<{ screen: { id: number } }>().screen.id;
    const group = await call(admin, 'POST', '/api/item-groups', { name: 'North', type: 'jobType' });
    groupId = group.json<{ id: number }>().id;
  });
  afterAll(() => t.close());

  it.each(SPOOFS)(
    'refuses %s in every typed name, naming the field',
    async (_what, name, message) => {
      for (const f of FIELDS) {
        const before = await f.read();
        const request = f.send(name);
        const res = await call(f.who(), request.method, request.url, request.payload);
        const where = `${request.method} ${request.url} ${f.field}`;
        expect(res.statusCode, where).toBe(400);
        expect(res.json().error, where).toContain(`${f.field}: ${message}`);
        expect(await f.read(), where).toEqual(before);
      }
    },
  );

  it('keeps names in any script, with accents and emoji sequences', async () => {
    for (const name of ['Café Électrique', 'שירות מיזוג', '👨‍👩‍👧 Family Plumbing']) {
      const res = await call(admin, 'PATCH', `/api/screens/${screenId}`, { name });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().name).toBe(name);
    }
  });
});
