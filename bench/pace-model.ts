/**
 * The pace model measured (issue 33, item 1; decision 038): does a day read as it will end?
 *
 * The real product (buildApp, embedded PGlite) fills in 13 weeks of history from the bundled
 * ServiceTitan simulator for tenants of three shapes (the demo's `sample`, `same-day`: over half
 * of the work booked within hours, `booked-ahead`: mostly days to weeks ahead), BENCH_PACE_TENANTS
 * of each (default 4; the first `sample` one is the demo tenant itself), and applies the suggested
 * targets. Then, for each past working day D whose day before has 8 full weeks of history behind
 * it, it replays the working day before D (08:00-17:00, every 15 minutes) as the board would have
 * judged it: D's count at that moment from its own history, against the board's past days of
 * the 8 weeks before (the model's `peerCounts`, `judgeByHistory`). Days are grouped by how they
 * ended against those same 8 weeks:
 *
 * - "median": D's final count within the 40th-60th percentile of the past days' finals;
 *   the figure is the share of the day before during which D read On track (target: most of it,
 *   at least 80 % on average);
 * - "bottom fifth": D's final count below their 20th percentile; the figure is the share of them
 *   reading Behind or At risk at 12:00 of the day before (target: at least 80 %).
 *
 * For comparison, the same moments judged as before issue 33 (the set curve 66/33/15 % as a
 * share of the target, rising to 100 % by the end of the day before) and by the set curve as it
 * is now (halfway to 100 % at the end of the day before, capped at the goal; what a board uses
 * until it has history). Exits 1 when a target is missed.
 *
 * Run: npx tsx bench/pace-model.ts   (deterministic: a fixed clock and seeded tenants)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/index.js';
import { companies } from '../src/server/db/schema.js';
import { readCompanySettings } from '../src/server/services/board-settings/board-settings-store.js';
import { readPastDays } from '../src/server/services/history/pace-history.js';
import { listPreferences } from '../src/server/services/preferences/preference-store.js';
import { addDays, workingDaysBetween } from '../src/shared/calendar/display-days.js';
import {
  countAt,
  daysBetween,
  localInstant,
  judgeByCurve,
  judgeByHistory,
  peerCounts,
  type PaceCalendar,
  type PastDay,
} from '../src/shared/capacity/pace-model.js';
import type { PaceStatus } from '../src/shared/capacity/pace.js';
import { capacityPercent } from '../src/shared/capacity/percent.js';
import { percentile } from '../src/shared/targets/suggest-target.js';
import {
  startServiceTitanSimulator,
  type SimulatorCredential,
  type TenantShape,
} from '../standins/servicetitan-simulator/index.js';

/** Wednesday 14 October 2026, 18:00 in New York: an ordinary week, after working hours. */
const NOW = new Date('2026-10-14T22:00:00Z');
const PER_SHAPE = Number(process.env.BENCH_PACE_TENANTS ?? 4);
const SHAPES: TenantShape[] = ['sample', 'same-day', 'booked-ahead'];
/** Each past day is judged against the 8 weeks before the day it is judged on. */
const WEEKS = 8;
/** The day before D from 08:00 to 17:00, every 15 minutes. */
const HOURS = Array.from({ length: 37 }, (_, i) => 8 + i / 4);
const NOON = 12;
const GOAL = 90; // the 1st day ahead's default goal (target marker)
const TARGETS = { medianOnTrack: 80, bottomBehindByNoon: 80 };
/** BENCH_PACE_SWEEP=1: the figures for other "behind" percentiles too (how the 20th was chosen). */
const SWEEP = process.env.BENCH_PACE_SWEEP ? [15, 20, 25, 30, 35, 40] : [];

const started = Date.now();
const simulator = await startServiceTitanSimulator({ now: () => NOW });
const tenants: { shape: TenantShape; credential: SimulatorCredential; demo: boolean }[] = [];
for (const shape of SHAPES) {
  for (let i = 0; i < PER_SHAPE; i++) {
    const demo = shape === 'sample' && i === 0;
    tenants.push({
      shape,
      demo,
      credential: demo ? simulator.demoCredential : simulator.addTenant({ shape }),
    });
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cb-pace-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    SEED_DEMO_DATA: 'false',
    SERVICETITAN_SIMULATOR: 'false',
    SERVICETITAN_AUTH_URL: simulator.authUrl,
    SERVICETITAN_API_URL: simulator.apiUrl,
  }),
  database,
  services: { now: () => NOW, scheduleTickMs: 0, alertTickMs: 0, historyTickMs: 0 },
});
await app.ready();

const companyIds: number[] = [];
for (const [index, tenant] of tenants.entries()) {
  const [row] = await app.db
    .insert(companies)
    .values({
      name: `Pace bench ${index} (${tenant.shape})`,
      stClientId: tenant.credential.clientId,
      stClientSecretEnc: app.secretBox.seal(tenant.credential.clientSecret),
      stTenantId: tenant.credential.tenantId,
      stAppKeyEnc: app.secretBox.seal(tenant.credential.appKey),
    })
    .returning({ id: companies.id });
  companyIds.push(row!.id);
}
// The product's own backfill, as on connecting: 13 weeks from the simulator, each company whole,
// in one pass (a second would be the daily upkeep, which thins days older than 8 weeks to their
// final counts: the oldest days judged here need their 8 weeks before in detail).
const { backfilled } = await app.services.history.runOnce();
if (backfilled !== tenants.length) throw new Error(`${backfilled} of ${tenants.length} filled in`);
for (const companyId of companyIds) await app.services.targets.apply(companyId, { items: 'all' });
console.log(
  `${tenants.length} tenants filled in and targets applied in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

interface DayResult {
  sweepOnTrack: number[];
  sweepNoonBehind: boolean[];
  shape: TenantShape;
  demo: boolean;
  group: 'median' | 'bottom' | 'other';
  onTrackShare: { model: number; before: number; curve: number };
  notOnTrackAtNoon: { model: boolean; before: boolean; curve: boolean };
}
const results: DayResult[] = [];

for (const [index, companyId] of companyIds.entries()) {
  const tenant = tenants[index]!;
  const settings = await readCompanySettings(app.db, companyId);
  const calendar: PaceCalendar = {
    timeZone: settings.timezone,
    workdays: settings.workdays,
    holidays: settings.holidays,
  };
  const preferences = await listPreferences(app.db, companyId, 'businessUnit');
  const target = preferences.reduce((sum, p) => sum + (p.enabled ? p.day1Target : 0), 0);
  const today = NOW.toISOString().slice(0, 10);
  const all = await readPastDays(app.db, {
    companyId,
    viewType: 'businessUnit',
    calendar,
    from: addDays(today, -14 * 7),
    to: addDays(today, -1),
    counts: () => true,
  });
  const byDate = new Map(all.map((day) => [day.date, day]));
  const first = all[0]!.date;
  for (const day of all) {
    const before = day.before[0]!;
    // The 8 weeks before the day it is judged on must all have been filled in.
    const from = addDays(before, -WEEKS * 7);
    if (from < first) continue;
    const peers = workingDaysBetween({ from, to: addDays(before, -1), ...calendar })
      .map((d) => byDate.get(d.date))
      .filter((d): d is PastDay => d !== undefined);
    const finals = peers.map((p) => countAt(p, Number.POSITIVE_INFINITY)!);
    const final = countAt(day, Number.POSITIVE_INFINITY)!;
    const group =
      final < percentile(finals, 20)!
        ? 'bottom'
        : final >= percentile(finals, 40)! && final <= percentile(finals, 60)!
          ? 'median'
          : 'other';
    const judged = HOURS.map((hours) => {
      const moment = { ahead: 1, hours, span: daysBetween(before, day.date) };
      const instant = localInstant(before, hours, calendar.timeZone);
      const scheduled = countAt(day, instant)!;
      const elapsed = (hours - 8) / 9;
      const similar = peerCounts(peers, moment, calendar.timeZone);
      const model = judgeByHistory({
        scheduled,
        target,
        goal: GOAL,
        peers: similar.counts,
        known: similar.known,
      });
      if (!model) throw new Error(`${day.date}: fewer than 20 past days`);
      // Before issue 33: 66 % of the target at 08:00 rising to 100 % at 17:00, no cap.
      const old = Math.round(66 + 34 * elapsed);
      const oldStatus: PaceStatus =
        capacityPercent(scheduled, target) >= old
          ? 'on_track'
          : old - capacityPercent(scheduled, target) <= 20
            ? 'behind'
            : 'at_risk';
      const curve = judgeByCurve({
        scheduled,
        target,
        goal: GOAL,
        curve: [66, 33, 15],
        dayIndex: 0,
        elapsed,
      });
      const sweep = SWEEP.map(
        (behindBelowPercentile) =>
          judgeByHistory({
            scheduled,
            target,
            goal: GOAL,
            peers: similar.counts,
            known: similar.known,
            behindBelowPercentile,
          })!.status,
      );
      return { hours, model: model.status, before: oldStatus, curve: curve.status, sweep };
    });
    const share = (key: 'model' | 'before' | 'curve') =>
      judged.filter((j) => j[key] === 'on_track').length / judged.length;
    const noon = judged.find((j) => j.hours === NOON)!;
    results.push({
      sweepOnTrack: SWEEP.map(
        (_, k) => judged.filter((j) => j.sweep[k] === 'on_track').length / judged.length,
      ),
      sweepNoonBehind: SWEEP.map((_, k) => noon.sweep[k] !== 'on_track'),
      shape: tenant.shape,
      demo: tenant.demo,
      group,
      onTrackShare: { model: share('model'), before: share('before'), curve: share('curve') },
      notOnTrackAtNoon: {
        model: noon.model !== 'on_track',
        before: noon.before !== 'on_track',
        curve: noon.curve !== 'on_track',
      },
    });
  }
}

const pct = (value: number) => `${Math.round(value * 100)} %`;
const mean = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
let missed = 0;
const rows: string[][] = [];
const groups: [string, (r: DayResult) => boolean][] = [
  ['sample (demo tenant)', (r) => r.demo],
  ...SHAPES.map((shape): [string, (r: DayResult) => boolean] => [
    `${shape} (${PER_SHAPE} tenants)`,
    (r) => r.shape === shape,
  ]),
];
for (const [label, of] of groups) {
  const median = results.filter((r) => of(r) && r.group === 'median');
  const bottom = results.filter((r) => of(r) && r.group === 'bottom');
  const onTrack = (key: 'model' | 'before' | 'curve') =>
    mean(median.map((r) => r.onTrackShare[key]));
  const behind = (key: 'model' | 'before' | 'curve') =>
    bottom.filter((r) => r.notOnTrackAtNoon[key]).length / Math.max(1, bottom.length);
  const measured = !label.startsWith('sample (demo');
  if (measured && median.length > 0 && onTrack('model') * 100 < TARGETS.medianOnTrack) missed++;
  if (measured && bottom.length > 0 && behind('model') * 100 < TARGETS.bottomBehindByNoon) missed++;
  rows.push([
    label,
    `${median.length}`,
    `${pct(onTrack('model'))} (was ${pct(onTrack('before'))}, set curve ${pct(onTrack('curve'))})`,
    `${bottom.length}`,
    `${pct(behind('model'))} (was ${pct(behind('before'))}, set curve ${pct(behind('curve'))})`,
  ]);
}
console.log(
  `\nEach past working day replayed over the working day before it (08:00-17:00, every 15 min), judged against the 8 weeks before; targets: the suggestions (80th percentile), goal ${GOAL} %.`,
);
console.log(
  `"median": ended within the 40th-60th percentile of those weeks; "bottom fifth": below their 20th.\n`,
);
const header = [
  'tenants',
  'median days',
  'share of the day before On track',
  'bottom-fifth days',
  'Behind or At risk at 12:00 the day before',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
for (const [k, p] of SWEEP.entries()) {
  console.log(
    `behind below the ${p}th percentile: ${groups
      .map(([label, of]) => {
        const median = results.filter((r) => of(r) && r.group === 'median');
        const bottom = results.filter((r) => of(r) && r.group === 'bottom');
        return `${label.split(' ')[0]} ${pct(mean(median.map((r) => r.sweepOnTrack[k]!)))} / ${pct(bottom.filter((r) => r.sweepNoonBehind[k]).length / Math.max(1, bottom.length))}`;
      })
      .join(', ')}`,
  );
}
console.log(
  `\nTargets: median days On track ${TARGETS.medianOnTrack} % of the day before or more; bottom-fifth days Behind by noon ${TARGETS.bottomBehindByNoon} % or more (per shape). ${missed === 0 ? 'All met.' : `${missed} missed.`}`,
);
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

await app.close();
await database.close();
await simulator.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(missed === 0 ? 0 : 1);
