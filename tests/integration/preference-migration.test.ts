import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, openSql, type Sql } from '../helpers/migration-sql.js';

/**
 * The data move of decision 007: per-user preferences and groups become their company's. Runs
 * the migrations before it, writes rows of the old shape, then runs it.
 */
describe('migration: preferences and groups move to the company', () => {
  let db: Sql;
  beforeAll(async () => {
    db = await openSql();
    await apply(db, '0000_initial');
  });
  afterAll(() => db.close());

  it('keeps each company one preference per item (the most recently updated) and drops rows of users without a company', async () => {
    await db.exec(`
      insert into companies (id, name) values (1, 'A'), (2, 'B');
      insert into users (id, issuer, subject, email, company_id) values
        ('a1', 'i', 'a1', 'a1@x', 1), ('a2', 'i', 'a2', 'a2@x', 1),
        ('b1', 'i', 'b1', 'b1@x', 2), ('lonely', 'i', 'l', 'l@x', null);
      insert into item_groups (id, user_id, name, type) values
        (10, 'a1', 'North', 'businessUnit'), (11, 'a2', 'Installs', 'jobType'),
        (12, 'lonely', 'Gone', 'businessUnit');
      insert into business_unit_preferences (user_id, business_unit_id, day1_target, group_id, updated_at) values
        ('a1', 100, 3, 10, '2026-01-02'), ('a2', 100, 9, null, '2026-01-01'),
        ('b1', 100, 4, null, '2026-01-01'), ('lonely', 200, 6, 12, '2026-01-05');
      insert into job_type_preferences (user_id, job_type_id, day1_target, group_id, enabled, updated_at) values
        ('a1', 100, 2, null, true, '2026-01-01'), ('a2', 100, 7, 11, false, '2026-03-01');
    `);
    await apply(db, '0001_company_preferences');
    await apply(db, '0002_company_preferences_finish');

    const groups = await db.query('select id, company_id, name, type from item_groups order by id');
    expect(groups.rows).toEqual([
      { id: 10, company_id: 1, name: 'North', type: 'businessUnit' },
      { id: 11, company_id: 1, name: 'Installs', type: 'jobType' },
    ]);
    const prefs = await db.query(
      `select company_id, type, item_id::int as item_id, day1_target, group_id, enabled
       from item_preferences order by company_id, type, item_id`,
    );
    expect(prefs.rows).toEqual([
      {
        company_id: 1,
        type: 'businessUnit',
        item_id: 100,
        day1_target: 3,
        group_id: 10,
        enabled: true,
      },
      {
        company_id: 1,
        type: 'jobType',
        item_id: 100,
        day1_target: 7,
        group_id: 11,
        enabled: false,
      },
      {
        company_id: 2,
        type: 'businessUnit',
        item_id: 100,
        day1_target: 4,
        group_id: null,
        enabled: true,
      },
    ]);
    const oldTables = await db.query(
      `select table_name from information_schema.tables
       where table_name in ('business_unit_preferences', 'job_type_preferences')`,
    );
    expect(oldTables.rows).toEqual([]);
  });
});
