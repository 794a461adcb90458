/**
 * History's size (issue 27, item 3): rows and bytes one company's history takes per year, on
 * PostgreSQL (BENCH_DATABASE_URL) or the embedded PGlite. A year of 250 working days with
 * BENCH_HISTORY_ITEMS items (default 25: business units and job types together), each day
 * recorded on its 3 days ahead with BENCH_HISTORY_CHANGES changes per item and day ahead
 * (default 4), then thinned as the daily upkeep does (every change kept for the last 8 weeks,
 * one final row per item and day before). Run: npx tsx bench/history-size.ts
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/index.js';
import { companies } from '../src/server/db/schema.js';
import { addDays } from '../src/shared/calendar/display-days.js';
import { HISTORY_DETAIL_DAYS } from '../src/server/services/history/history-service.js';
import {
  ensureState,
  recordChanges,
  takeUpkeepLease,
  upkeep,
  type HistoryCount,
} from '../src/server/services/history/history-store.js';

const ITEMS = Number(process.env.BENCH_HISTORY_ITEMS ?? 25);
const CHANGES = Number(process.env.BENCH_HISTORY_CHANGES ?? 4);
const WORKING_DAYS = 250;
const url = process.env.BENCH_DATABASE_URL;

const handle = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: undefined },
);
const { db } = handle;
const [company] = await db
  .insert(companies)
  .values({ name: `History bench ${Date.now()}` })
  .returning({ id: companies.id });
const companyId = company!.id;
const today = '2026-11-25';
const dayOf = (index: number) => addDays(today, -Math.round((index * 365) / WORKING_DAYS));

let scheduledBase = 0;
for (let d = WORKING_DAYS - 1; d >= 0; d--) {
  const day = dayOf(d);
  // Each change of each item on the day, read at its own moment in the 3 days before it.
  for (let change = 0; change < 3 * CHANGES; change++) {
    const at = new Date(Date.parse(`${day}T00:00:00Z`) - (3 * CHANGES - change) * 3_600_000);
    const counts: HistoryCount[] = [];
    for (let item = 1; item <= ITEMS; item++) {
      counts.push({
        day,
        itemType: item % 2 ? 'businessUnit' : 'jobType',
        itemId: 1_000_000 + item,
        scheduled: scheduledBase + change,
        target: 5 + (item % 7),
      });
    }
    await recordChanges(db, companyId, counts, at);
  }
  scheduledBase = (scheduledBase + 1) % 3;
}
await ensureState(db, companyId);

async function measure(label: string) {
  const rows = await db.execute(
    sql`select count(*)::int as n from capacity_history where company_id = ${companyId}`,
  );
  const size = await db.execute(
    sql`select pg_total_relation_size('capacity_history')::bigint as bytes, pg_relation_size('capacity_history')::bigint as heap`,
  );
  const first = (r: unknown) =>
    (Array.isArray(r) ? r[0] : (r as { rows: unknown[] }).rows[0]) as Record<string, unknown>;
  console.log(
    `${label}: ${first(rows).n} rows, ${(Number(first(size).bytes) / 1024 / 1024).toFixed(2)} MB with its index (heap ${(Number(first(size).heap) / 1024 / 1024).toFixed(2)} MB)`,
  );
}
await measure(`a year recorded (${ITEMS} items, ${CHANGES} changes per item and day ahead)`);
const at = new Date(`${today}T12:00:00Z`);
await takeUpkeepLease(db, { companyId, owner: 'bench', at, today });
await upkeep(db, {
  companyId,
  owner: 'bench',
  today,
  keepFrom: addDays(today, -400),
  detailFrom: addDays(today, -HISTORY_DETAIL_DAYS),
  at,
});
if (url) await db.execute(sql`vacuum full capacity_history`);
await measure('after the daily upkeep (8 weeks of detail, final rows before)');
await handle.close();
