import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AlertRecipient, RecipientKind, RecipientStatus } from '../../../shared/api/alerts.js';
import type { Database } from '../../db/index.js';
import { alertRecipients, companies } from '../../db/schema.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { SendOutcome } from './channels.js';

/**
 * Who alerts may reach (decision 30, issue 36, decision 046). A channel names recipients (e-mail
 * addresses, phone numbers, members for push); each is a row of the company with what the person
 * said: pending, confirmed or opted out. Only a confirmed recipient, or a member's own verified
 * address, number or device, is sent alerts; a pending one gets its one confirmation message and
 * nothing else, however often the rule fires or is tested.
 *
 * Each kind of recipient is a `RecipientKindDriver`: how an address is written, which members
 * own theirs, and how the one confirmation message goes out (none for push: a member subscribes
 * a device themself).
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type RecipientRow = typeof alertRecipients.$inferSelect;

export interface RecipientKey {
  kind: RecipientKind;
  address: string;
}
export const recipientKeyText = (key: RecipientKey) => `${key.kind}:${key.address}`;

/** What the one confirmation message says and links to. */
export interface ConfirmationMessage {
  companyName: string;
  /** The page where an e-mail address confirms (or says no): `/alerts/confirm/<token>`. */
  link: string;
  /** The 6-digit code a number confirms with. */
  code: string;
}

export interface RecipientKindDriver {
  kind: RecipientKind;
  /** How the page names an address ("+1 202-555-0143", a member's name). */
  label?(address: string): string;
  /** Of these addresses, the ones that are a member's own (verified): confirmed without a message. */
  membersOwning(companyId: number, addresses: string[]): Promise<Set<string>>;
  /** Sends the one confirmation message; absent when the person confirms by acting themself. */
  sendConfirmation?(to: string, message: ConfirmationMessage): Promise<SendOutcome>;
  /** What a pending recipient of this kind is waiting for, when no message is sent. */
  pendingWords?: string;
}

/** Where a recipient stands, with the reason a message may not go to them. */
export interface RecipientState {
  row: RecipientRow | null;
  status: RecipientStatus;
  member: boolean;
}

const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const newToken = () => crypto.randomBytes(24).toString('base64url');
const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
const codeHashOf = (tokenHash: string, code: string) => hash(`${tokenHash}:${code}`);

/** Wrong codes a number may be given before its confirmation is locked. */
export const MAX_CODE_ATTEMPTS = 5;

export function createRecipients(deps: {
  db: Database;
  secretBox: SecretBox;
  kinds: Map<RecipientKind, RecipientKindDriver>;
  publicUrl: string;
  now: () => Date;
}) {
  const { db, secretBox, kinds } = deps;

  const linkOf = (token: string) => `${deps.publicUrl}/alerts/confirm/${token}`;

  /**
   * Makes a row for each key the company does not have yet (pending) and answers the new ones,
   * with their token and code to send (nothing else ever sees them in clear).
   */
  async function ensure(
    executor: Database | Tx,
    companyId: number,
    keys: RecipientKey[],
  ): Promise<{ row: RecipientRow; token: string; code: string }[]> {
    const unique = new Map(keys.map((k) => [recipientKeyText(k), k]));
    const made: { row: RecipientRow; token: string; code: string }[] = [];
    for (const key of unique.values()) {
      const token = newToken();
      const code = newCode();
      const tokenHash = hash(token);
      const [row] = await executor
        .insert(alertRecipients)
        .values({
          companyId,
          kind: key.kind,
          address: key.address,
          tokenHash,
          tokenEnc: secretBox.seal(token),
          codeHash: key.kind === 'sms' ? codeHashOf(tokenHash, code) : null,
        })
        .onConflictDoNothing({
          target: [alertRecipients.companyId, alertRecipients.kind, alertRecipients.address],
        })
        .returning();
      if (row) made.push({ row, token, code });
    }
    return made;
  }

  /** The rows of these keys (any kind) of one company. */
  async function rowsOf(companyId: number, keys: RecipientKey[]): Promise<RecipientRow[]> {
    if (keys.length === 0) return [];
    const rows = await db
      .select()
      .from(alertRecipients)
      .where(
        and(
          eq(alertRecipients.companyId, companyId),
          inArray(
            alertRecipients.address,
            keys.map((k) => k.address),
          ),
        ),
      );
    const wanted = new Set(keys.map(recipientKeyText));
    return rows.filter((r) => wanted.has(recipientKeyText(r)));
  }

  /** Which of these addresses are members' own, per kind. */
  async function membersOf(companyId: number, keys: RecipientKey[]): Promise<Set<string>> {
    const owned = new Set<string>();
    const byKind = new Map<RecipientKind, string[]>();
    for (const key of keys) byKind.set(key.kind, [...(byKind.get(key.kind) ?? []), key.address]);
    for (const [kind, addresses] of byKind) {
      const driver = kinds.get(kind);
      if (!driver) continue;
      for (const address of await driver.membersOwning(companyId, addresses))
        owned.add(recipientKeyText({ kind, address }));
    }
    return owned;
  }

  /** Where each key stands in this company (keyed by `recipientKeyText`). */
  async function states(
    companyId: number,
    keys: RecipientKey[],
  ): Promise<Map<string, RecipientState>> {
    const [rows, members] = await Promise.all([
      rowsOf(companyId, keys),
      membersOf(companyId, keys),
    ]);
    const byKey = new Map(rows.map((r) => [recipientKeyText(r), r]));
    const answer = new Map<string, RecipientState>();
    for (const key of keys) {
      const text = recipientKeyText(key);
      const row = byKey.get(text) ?? null;
      const member = members.has(text);
      // STOP wins over membership: someone who said stop is not texted because they are a member.
      const status: RecipientStatus =
        row?.status === 'opted_out'
          ? 'opted_out'
          : member
            ? 'confirmed'
            : (row?.status ?? 'pending');
      answer.set(text, { row, status, member });
    }
    return answer;
  }

  /** Why nothing is sent to someone who has not agreed (the delivery log's words). */
  function withheldWords(key: RecipientKey, state: RecipientState): string {
    const who = label(key);
    if (state.status === 'opted_out')
      return key.kind === 'sms'
        ? `${who} replied STOP: nothing is texted until they opt in again`
        : `${who} said no to these alerts`;
    const waiting = kinds.get(key.kind)?.pendingWords;
    return waiting
      ? `${who} ${waiting}`
      : `${who} has not confirmed yet: only the confirmation message was sent`;
  }

  const label = (key: RecipientKey) => kinds.get(key.kind)?.label?.(key.address) ?? key.address;

  function statusText(key: RecipientKey, state: RecipientState): string {
    if (state.status === 'confirmed')
      return state.member ? 'Confirmed: a member of the company' : 'Confirmed';
    if (state.status === 'opted_out') return withheldWords(key, state);
    const row = state.row;
    if (row?.confirmationError) return `Not confirmed: ${row.confirmationError}`;
    const driver = kinds.get(key.kind);
    if (!driver?.sendConfirmation) return `Waiting: ${driver?.pendingWords ?? 'not confirmed yet'}`;
    if (!row?.confirmationSentAt) return 'Waiting: the confirmation message is not sent yet';
    return key.kind === 'sms'
      ? 'Waiting for the 6-digit code sent to this number'
      : 'Waiting: a confirmation link was e-mailed';
  }

  /** The API's view of these recipients of one company (in the order given). */
  async function view(companyId: number, keys: RecipientKey[]): Promise<AlertRecipient[]> {
    const unique = [...new Map(keys.map((k) => [recipientKeyText(k), k])).values()];
    const found = await states(companyId, unique);
    return unique.flatMap((key) => {
      const state = found.get(recipientKeyText(key))!;
      if (!state.row) return [];
      return [
        {
          id: state.row.id,
          kind: key.kind,
          address: key.address,
          label: label(key),
          status: state.status,
          member: state.member,
          confirmationSentAt: state.row.confirmationSentAt?.toISOString() ?? null,
          confirmationError: state.row.confirmationError,
          statusText: statusText(key, state),
        },
      ];
    });
  }

  /** Every recipient row of a company (for a list without a board). */
  async function keysOfCompany(companyId: number): Promise<RecipientKey[]> {
    return db
      .select({ kind: alertRecipients.kind, address: alertRecipients.address })
      .from(alertRecipients)
      .where(eq(alertRecipients.companyId, companyId))
      .orderBy(alertRecipients.id);
  }

  /**
   * Sends the one confirmation message of each new row (a member's own address needs none),
   * and records that it went, or why not.
   */
  async function sendConfirmations(
    companyId: number,
    made: { row: RecipientRow; token: string; code: string }[],
  ): Promise<void> {
    if (made.length === 0) return;
    const [company] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    const companyName = company?.name ?? 'A company';
    await Promise.all(
      made.map(async ({ row, token, code }) => {
        const driver = kinds.get(row.kind);
        if (!driver?.sendConfirmation) return;
        const outcome = await driver
          .sendConfirmation(row.address, { companyName, link: linkOf(token), code })
          .catch((error: unknown): SendOutcome => ({
            ok: false,
            retry: true,
            error: error instanceof Error ? error.message : 'it could not be sent',
          }));
        await db
          .update(alertRecipients)
          .set(
            outcome.ok
              ? { confirmationSentAt: deps.now(), confirmationError: null }
              : { confirmationError: `the confirmation message was not sent: ${outcome.error}` },
          )
          .where(eq(alertRecipients.id, row.id));
      }),
    );
  }

  /**
   * Which rows of these (from `ensure`) need a message: not a member's own (`members`, from
   * `membersOf`, asked before the transaction: PGlite has one connection), of a kind that sends.
   */
  function needingMessages(
    made: { row: RecipientRow; token: string; code: string }[],
    members: Set<string>,
  ) {
    return made.filter(
      (m) => kinds.get(m.row.kind)?.sendConfirmation && !members.has(recipientKeyText(m.row)),
    );
  }

  /** The row a confirmation link names, with its company's name (null: no such link). */
  async function byToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
    const [found] = await db
      .select({ row: alertRecipients, companyName: companies.name })
      .from(alertRecipients)
      .innerJoin(companies, eq(companies.id, alertRecipients.companyId))
      .where(eq(alertRecipients.tokenHash, hash(token)));
    return found ?? null;
  }

  /** The person's answer through their link: yes (confirmed) or no (opted out). */
  async function answer(id: number, yes: boolean): Promise<void> {
    const at = deps.now();
    await db
      .update(alertRecipients)
      .set(
        yes
          ? { status: 'confirmed', confirmedAt: at, optedOutAt: null, confirmationError: null }
          : { status: 'opted_out', optedOutAt: at },
      )
      .where(eq(alertRecipients.id, id));
  }

  /** The link a later message carries to stop them (the recipient's own confirmation page). */
  async function stopLink(companyId: number, key: RecipientKey): Promise<string | null> {
    const [row] = await rowsOf(companyId, [key]);
    return row ? linkOf(secretBox.open(row.tokenEnc)) : null;
  }

  /** A number's code, typed by someone in its company (decision 046): confirmed, or why not. */
  async function confirmCode(
    row: RecipientRow,
    code: string,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    if (row.status === 'confirmed') return { ok: true };
    if (!row.codeHash) return { ok: false, message: 'this recipient does not confirm by a code' };
    if (row.codeAttempts >= MAX_CODE_ATTEMPTS)
      return {
        ok: false,
        message: `the code was typed wrong ${MAX_CODE_ATTEMPTS} times: remove this number from the rule and add it again to ask for a new code`,
      };
    const given = Buffer.from(codeHashOf(row.tokenHash, code));
    const expected = Buffer.from(row.codeHash);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) {
      await answer(row.id, true);
      return { ok: true };
    }
    await db
      .update(alertRecipients)
      .set({ codeAttempts: sql`${alertRecipients.codeAttempts} + 1` })
      .where(eq(alertRecipients.id, row.id));
    return { ok: false, message: 'that is not the code sent to this number' };
  }

  async function byId(id: number): Promise<RecipientRow | null> {
    const [row] = await db.select().from(alertRecipients).where(eq(alertRecipients.id, id));
    return row ?? null;
  }

  /**
   * A number said STOP (or START) to our sender: every company's row of it follows, since the
   * sender is one for all companies and the carrier blocks it for all of them (Twilio 21610).
   */
  async function setNumberOptedOut(address: string, optedOut: boolean): Promise<number> {
    const at = deps.now();
    const changed = await db
      .update(alertRecipients)
      .set(
        optedOut
          ? { status: 'opted_out', optedOutAt: at }
          : { status: 'confirmed', confirmedAt: at, optedOutAt: null },
      )
      .where(
        and(
          eq(alertRecipients.kind, 'sms'),
          eq(alertRecipients.address, address),
          optedOut ? undefined : eq(alertRecipients.status, 'opted_out'),
        ),
      )
      .returning({ id: alertRecipients.id });
    return changed.length;
  }

  return {
    ensure,
    states,
    view,
    keysOfCompany,
    needingMessages,
    membersOf,
    sendConfirmations,
    withheldWords,
    byToken,
    byId,
    answer,
    stopLink,
    confirmCode,
    setNumberOptedOut,
    label,
  };
}

export type Recipients = ReturnType<typeof createRecipients>;
