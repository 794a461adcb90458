import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayDays } from '../../src/shared/calendar/display-days.js';
import { countJobs } from '../../src/shared/capacity/count-jobs.js';
import { companies } from '../../src/server/db/schema.js';
import type { DatabaseHandle } from '../../src/server/db/index.js';
import { createSecretBox } from '../../src/server/security/secret-box.js';
import { createJobberAdapter } from '../../src/server/platforms/jobber/adapter.js';
import { createJobberGraphql } from '../../src/server/platforms/jobber/graphql-client.js';
import { createJobberTokenStore } from '../../src/server/platforms/jobber/token-store.js';
import {
  localDayNumber,
  localTimeToUtcMs,
} from '../../standins/servicetitan-simulator/local-time.js';
import { startJobberStandin, type JobberStandin } from '../../standins/jobber/index.js';
import { openTestDatabase } from '../helpers/database.js';
import { jobberConsent } from '../helpers/jobber-consent.js';

/**
 * Jobber's counting (issue 38, decision 058) against the stand-in, compared with a recount made
 * here from the stand-in's own visits by other means (Intl's calendar dates, names, no counting
 * code of the product): DST weeks, local-midnight edges, all-day visits, several team members or
 * none, no line items, more than one page. Then the token store: two instances on one database.
 */

const ZONE = 'America/Chicago';
const EVERY_DAY = {
  sunday: true,
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
};

let database: DatabaseHandle;
let standin: JobberStandin;
let clockMs = Date.parse('2026-10-30T20:00:00Z');
const now = () => new Date(clockMs);
const secretBox = createSecretBox(crypto.randomBytes(32));

function localDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

async function companyWithJobber(name: string) {
  const [company] = await database.db
    .insert(companies)
    .values({ name })
    .returning({ id: companies.id });
  const tokens = await jobberConsent(standin, now);
  return { companyId: company!.id, tokens };
}

function productFor(options: { refreshAheadMs?: number; owner?: string } = {}) {
  const app = () => ({
    clientId: standin.app.clientId,
    clientSecret: standin.app.clientSecret,
    apiUrl: standin.url,
  });
  const tokens = createJobberTokenStore({
    db: database.db,
    secretBox,
    app,
    fetch,
    now,
    ...options,
  });
  const graphql = createJobberGraphql({
    apiUrl: () => standin.url,
    tokens,
    fetch,
    now,
    // Waiting moves the shared clock: the stand-in's bucket refills as it would have.
    sleep: async (ms) => {
      clockMs += ms;
    },
  });
  return { tokens, graphql, adapter: createJobberAdapter({ graphql, now }) };
}

beforeAll(async () => {
  database = await openTestDatabase();
  standin = await startJobberStandin({ now, webhookTickMs: 0, timeZone: ZONE });
});
afterAll(async () => {
  await standin?.close();
  await database?.close();
});

describe('Jobber counts equal a recount from the stand-in', () => {
  for (const [label, at] of [
    ['the week clocks fall back', '2026-10-30T20:00:00Z'],
    ['the week clocks spring forward', '2026-03-06T20:00:00Z'],
  ] as const) {
    it(`on ${label}, with edges, all-day visits, crews, no line items and several pages`, async () => {
      clockMs = Date.parse(at);
      const { companyId, tokens: first } = await companyWithJobber(`Counts ${label}`);
      const { tokens, adapter } = productFor();
      await tokens.connect({
        companyId,
        accountId: standin.account.id,
        accountName: standin.account.name,
        tokens: first,
        connectedBy: null,
      });
      const days = displayDays({
        now: now(),
        timeZone: ZONE,
        workdays: EVERY_DAY,
        holidays: [],
        count: 5,
      });
      const last = days[days.length - 1]!;
      const [team, services] = [standin.account.users, standin.account.productsAndServices];
      const dayNumbers = days.map((d) => localDayNumber(Date.parse(d.startUtc) + 3_600_000, ZONE));
      const edge = (day: number, minute: number) => localTimeToUtcMs(day, minute, ZONE);
      const createdMs = clockMs - 3_600_000;
      // The edges: each day's first instant and last second, 1:30 on the DST Sunday, an all-day
      // visit, three people or nobody, no line items, a one-off line, the window's end itself.
      for (const day of dayNumbers) {
        standin.account.addVisit({ startMs: edge(day, 0), createdMs });
        standin.account.addVisit({ startMs: edge(day + 1, 0) - 1000, createdMs });
        standin.account.addVisit({ startMs: edge(day, 90), createdMs: clockMs - 60_000 });
        standin.account.addVisit({ startMs: edge(day, 600), allDay: true, createdMs });
        standin.account.addVisit({
          startMs: edge(day, 660),
          createdMs,
          assignedUserIds: [team[3]!.id, team[1]!.id, team[2]!.id],
          productOrServiceIds: [services[4]!.id, services[0]!.id],
        });
        standin.account.addVisit({
          startMs: edge(day, 720),
          createdMs,
          assignedUserIds: [],
          productOrServiceIds: [],
        });
        standin.account.addVisit({
          startMs: edge(day, 780),
          createdMs,
          productOrServiceIds: [null],
        });
      }
      standin.account.addVisit({
        startMs: edge(dayNumbers[dayNumbers.length - 1]! + 1, 0),
        createdMs,
      });
      standin.account.addVisit({ startMs: edge(dayNumbers[0]!, 0) - 1000, createdMs });

      const before = standin.stats.graphqlRequests;
      const window = { startsOnOrAfter: days[0]!.startUtc, startsBefore: last.endUtc };
      const reader = adapter.reader({
        companyId,
        accountId: standin.account.id,
        connectionId: 'test',
      });
      const [bookings, items] = await Promise.all([reader.bookings(window), reader.items()]);
      const pages = standin.stats.graphqlRequests - before;

      // The recount: from the stand-in's own visits, with Intl's calendar dates.
      const dates = days.map((d) => d.date);
      const todayStart = localTimeToUtcMs(localDayNumber(clockMs, ZONE), 0, ZONE);
      const expected = { services: new Map<string, number>(), team: new Map<string, number>() };
      const expectedNew = new Map<string, number>();
      let visitsInDays = 0;
      for (const visit of standin.account.visitsAt(clockMs)) {
        if (visit.startMs === null) continue;
        const date = localDate(visit.startMs);
        if (!dates.includes(date)) continue;
        visitsInDays += 1;
        const productId = visit.lineItems[0]?.productOrServiceId ?? null;
        const service = services.find((p) => p.id === productId)?.name ?? 'Other';
        const person = team.find((u) => u.id === visit.assignedUserIds[0]);
        const member = person ? `${person.first} ${person.last}` : 'Unassigned';
        const add = (map: Map<string, number>, key: string) =>
          map.set(key, (map.get(key) ?? 0) + 1);
        add(expected.services, `${date} ${service}`);
        add(expected.team, `${date} ${member}`);
        if (visit.createdMs >= todayStart) add(expectedNew, `${date} ${service}`);
      }

      const counted = (viewType: 'businessUnit' | 'jobType') => {
        const names = new Map(
          (viewType === 'businessUnit' ? items.businessUnits : items.jobTypes).map((i) => [
            i.id,
            i.name,
          ]),
        );
        const result = { counts: new Map<string, number>(), newToday: new Map<string, number>() };
        const perDay = countJobs({
          days: days.map((d) => ({
            date: d.date,
            startMs: Date.parse(d.startUtc),
            endMs: Date.parse(d.endUtc),
          })),
          jobs: bookings.jobs,
          appointments: bookings.appointments,
          viewType,
          newSinceMs: todayStart,
        });
        for (const day of perDay) {
          for (const [id, n] of day.counts) result.counts.set(`${day.date} ${names.get(id)}`, n);
          for (const [id, n] of day.newToday)
            result.newToday.set(`${day.date} ${names.get(id)}`, n);
        }
        return result;
      };
      const services_ = counted('businessUnit');
      const team_ = counted('jobType');
      expect(services_.counts).toEqual(expected.services);
      expect(team_.counts).toEqual(expected.team);
      expect(services_.newToday).toEqual(expectedNew);
      // Every visit of the days counted once in each view, and read over several pages.
      expect([...services_.counts.values()].reduce((a, b) => a + b, 0)).toBe(visitsInDays);
      expect(visitsInDays).toBeGreaterThan(50);
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(visitsInDays / 50) + 2);
      expect(services_.counts.get(`${dates[0]} Other`)).toBeGreaterThanOrEqual(2);
      expect(team_.counts.get(`${dates[1]} Unassigned`)).toBeGreaterThanOrEqual(1);
      expect(team_.counts.get(`${dates[2]} Dana Kowalski`)).toBeGreaterThanOrEqual(1);
    });
  }
});

describe('Jobber tokens shared by two instances', () => {
  it('rotate 100 times from two instances at once and never use a refresh token twice', async () => {
    clockMs = Date.parse('2026-11-20T15:00:00Z');
    const { companyId, tokens: first } = await companyWithJobber('Two instances');
    // Every read is due for a refresh (a token is refreshed an hour ahead of its expiry).
    const a = productFor({ refreshAheadMs: 3_600_000 });
    const b = productFor({ refreshAheadMs: 3_600_000 });
    await a.tokens.connect({
      companyId,
      accountId: standin.account.id,
      accountName: standin.account.name,
      tokens: first,
      connectedBy: null,
    });
    const refusedBefore = standin.oauth.refused;
    const rotationsBefore = standin.oauth.rotations;
    let rounds = 0;
    while (standin.oauth.rotations - rotationsBefore < 100 && rounds++ < 1_000) {
      await Promise.all([
        a.tokens.accessToken(companyId),
        b.tokens.accessToken(companyId),
        a.tokens.accessToken(companyId),
        b.tokens.accessToken(companyId),
      ]);
    }
    expect(standin.oauth.rotations - rotationsBefore).toBeGreaterThanOrEqual(100);
    expect(standin.oauth.refused - refusedBefore).toBe(0);
    const connection = await a.tokens.connection(companyId);
    expect(connection?.connected).toBe(true);
    // The stored token reads Jobber.
    const reader = a.adapter.reader({
      companyId,
      accountId: standin.account.id,
      connectionId: connection!.connectionId,
    });
    await expect(reader.account()).resolves.toBe(standin.account.id);
    await expect(reader.items()).resolves.toMatchObject({
      jobTypes: expect.arrayContaining([{ id: expect.any(Number), name: 'Unassigned' }]),
    });
  });

  it('a refused refresh turns the connection to disconnected, and the reader says so in words', async () => {
    clockMs = Date.parse('2026-11-20T15:00:00Z');
    const { companyId, tokens: first } = await companyWithJobber('Refused');
    const { tokens, adapter } = productFor({ refreshAheadMs: 3_600_000 });
    await tokens.connect({
      companyId,
      accountId: standin.account.id,
      accountName: standin.account.name,
      tokens: first,
      connectedBy: null,
    });
    // The account owner disconnects the app in Jobber: the grant ends.
    await standin.disconnectInJobber();
    const reader = adapter.reader({ companyId, accountId: standin.account.id, connectionId: 'x' });
    const failure = await reader.items().catch((error: unknown) => error);
    expect(adapter.describeError(failure)).toEqual({
      kind: 'disconnected',
      message: 'Jobber disconnected: an admin reconnects from Setup',
    });
    // Told by whichever came first: the refused refresh, or Jobber's answer to a read.
    expect(await tokens.connection(companyId)).toMatchObject({
      connected: false,
      disconnectedReason: expect.stringMatching(/^(refresh_refused|app_disconnected)$/),
    });
  });
});
