import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, openSql, type Sql } from '../helpers/migration-sql.js';

/**
 * Decision 019's migration: invitations become one per company and address. The pending
 * invitations of the old shape (one per address) stay as they were, and afterwards a second
 * company may invite an address the first already did.
 */
const PREVIOUS = [
  '0000_initial',
  '0001_company_preferences',
  '0002_company_preferences_finish',
  '0003_subscription-cancel-at-period-end',
  '0004_company-board-and-screens',
  '0005_boards',
];

describe('migration: invitations per company', () => {
  let db: Sql;
  beforeAll(async () => {
    db = await openSql();
    for (const tag of PREVIOUS) await apply(db, tag);
  });
  afterAll(() => db.close());

  it('keeps every pending invitation and then allows one per company and address', async () => {
    await db.exec(`
      insert into companies (id, name) values (1, 'A'), (2, 'B');
      insert into users (id, issuer, subject, email, company_id) values ('u1', 'i', 's1', 'u1@x.test', 1);
      insert into invitations (email, first_name, last_name, company_id, role, is_admin) values
        ( 'Hire@X.test', 'Hi', 'Re', 1, 'user', false),
        ('boss@x.test', 'Bo', 'Ss', null, 'master_admin', false),
        ('lead@x.test', 'Le', 'Ad', 2, 'account_admin', true);
    `);
    await apply(db, '0006_invitations-per-company');
    const kept = await db.query(
      'select id, email, company_id, role, is_admin from invitations order by id',
    );
    expect(kept.rows).toEqual([
      { id: 1, email: 'Hire@X.test', company_id: 1, role: 'user', is_admin: false },
      { id: 2, email: 'boss@x.test', company_id: null, role: 'master_admin', is_admin: false },
      { id: 3, email: 'lead@x.test', company_id: 2, role: 'account_admin', is_admin: true },
    ]);
    const verified = await db.query('select email_verified from users');
    expect(verified.rows).toEqual([{ email_verified: false }]);
    // Another company invites the same address; the same company (any case) may not twice.
    await db.exec(
      `insert into invitations (email, first_name, last_name, company_id) values ('hire@x.test', 'H', 'R', 2)`,
    );
    await expect(
      db.exec(
        `insert into invitations (email, first_name, last_name, company_id) values ('HIRE@x.test', 'H', 'R', 1)`,
      ),
    ).rejects.toThrow(/invitations_company_email_idx/);
    await expect(
      db.exec(
        `insert into invitations (email, first_name, last_name, company_id) values ('Boss@x.test', 'B', 'S', null)`,
      ),
    ).rejects.toThrow(/invitations_company_email_idx/);
  });
});
