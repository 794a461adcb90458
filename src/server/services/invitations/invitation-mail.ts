import type { Mailer } from '../alerts/channels.js';
import { smtpOutcome } from '../alerts/channels.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invitation e-mail (issue 33 item 7): who invited, into which company, and where to sign in
 * with the invited address. Sent through the alerts' mailer (SMTP_URL); without one nothing is
 * sent and the answer says so, so the admin can pass the address on themself.
 */
export async function sendInvitationMail(
  mailer: Mailer | undefined,
  invitation: {
    to: string;
    firstName: string;
    inviter: string;
    companyName: string | null;
    signInUrl: string;
  },
): Promise<{ emailed: true } | { emailed: false; problem: string }> {
  if (!mailer)
    return {
      emailed: false,
      problem: 'no mail server is set up (SMTP_URL), so no e-mail was sent',
    };
  const into = invitation.companyName ? ` to join ${invitation.companyName}` : '';
  const subject = `${invitation.inviter} invited you${into} on 3-Day Call Board`;
  const text = [
    `Hello ${invitation.firstName},`,
    '',
    `${invitation.inviter} invited you${into} on 3-Day Call Board, the board of booked jobs for the next working days.`,
    '',
    `Sign in here with this e-mail address (${invitation.to}) to join: ${invitation.signInUrl}`,
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(invitation.firstName)},</p>` +
    `<p>${escapeHtml(invitation.inviter)} invited you${escapeHtml(into)} on 3-Day Call Board, the board of booked jobs for the next working days.</p>` +
    `<p><a href="${escapeHtml(invitation.signInUrl)}">Sign in</a> with this e-mail address (${escapeHtml(invitation.to)}) to join.</p>`;
  try {
    await mailer.send({ to: [invitation.to], subject, text, html });
    return { emailed: true };
  } catch (error) {
    const outcome = smtpOutcome(error);
    return { emailed: false, problem: outcome.ok ? 'it was not sent' : outcome.error };
  }
}
