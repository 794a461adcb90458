import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { users } from '../../db/schema.js';
import { smtpOutcome, type Mailer } from './channels.js';
import type { RecipientKindDriver } from './recipients.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * E-mail recipients (decision 30): a member's own address, as their identity provider verified
 * it, is theirs to receive at; anyone else confirms by the link in one e-mail, and gets nothing
 * more until they do.
 */
export function createEmailRecipients(deps: {
  db: Database;
  mailer: Mailer | undefined;
}): RecipientKindDriver {
  return {
    kind: 'email',
    async membersOwning(companyId, addresses) {
      if (addresses.length === 0) return new Set();
      const rows = await deps.db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(
          and(
            eq(users.companyId, companyId),
            eq(users.emailVerified, true),
            inArray(
              sql`lower(${users.email})`,
              addresses.map((a) => a.toLowerCase()),
            ),
          ),
        );
      const owned = new Set(rows.map((r) => r.email));
      return new Set(addresses.filter((a) => owned.has(a.toLowerCase())));
    },
    async sendConfirmation(to, message) {
      if (!deps.mailer)
        return { ok: false, retry: false, error: 'no mail server is set up (SMTP_URL)' };
      const subject = `${message.companyName} would like to send you call board alerts`;
      const text = [
        `${message.companyName} uses 3-Day Call Board and added ${to} to its alerts: e-mails`,
        'when a day on its board is behind, full, or showing stale numbers.',
        '',
        `To receive them, confirm here: ${message.link}`,
        '',
        'If you do nothing, nothing more is sent to you. The same page lets you say no.',
      ].join('\n');
      const html =
        `<p>${escapeHtml(message.companyName)} uses 3-Day Call Board and added ${escapeHtml(to)} ` +
        'to its alerts: e-mails when a day on its board is behind, full, or showing stale ' +
        `numbers.</p><p><a href="${escapeHtml(message.link)}">Confirm that you want them</a></p>` +
        '<p>If you do nothing, nothing more is sent to you. The same page lets you say no.</p>';
      try {
        await deps.mailer.send({ to: [to], subject, text, html });
        return { ok: true };
      } catch (error) {
        return smtpOutcome(error);
      }
    },
  };
}
