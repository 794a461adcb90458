import { describe, expect, it } from 'vitest';
import { segments } from '../../../shared/alerts/sms.js';
import { pushPayload } from '../push/push-sender.js';
import { alertText } from '../sms/sms-channel.js';
import type { AlertMessage } from './alert-store.js';
import { messageFacts, renderMail, slackPayload, teamsPayload } from './channels.js';

/** A behind alert of a jobs board: 12 jobs booked of a target of 20. */
const JOBS: AlertMessage = {
  event: 'firing',
  ruleName: 'Tomorrow behind at 2 PM',
  kind: 'behind',
  companyName: 'Acme Heating',
  boardName: 'Main board',
  boardUrl: 'https://board.test/',
  summary: 'Behind: Thursday at 60 % of target at 2:00 PM on Main board',
  day: { date: '2025-10-30', weekday: 'Thursday' },
  item: null,
  booked: 12,
  target: 20,
  percent: 60,
  expectedPercent: 66,
  staleSince: null,
  at: '2025-10-29T18:00:00.000Z',
  clock: '2:00 PM',
  shortUrl: 'https://board.test/b/3k',
};

/** The same alert of an hours board (issue 35): 136.5 hours booked of the crew's 191. */
const HOURS: AlertMessage = {
  ...JOBS,
  summary: 'Behind: Thursday at 71 % of hours at 2:00 PM on Main board',
  booked: 136.5,
  target: 191,
  percent: 71,
  measure: 'hours',
};

/** Every word a person reads of an alert on each channel but the webhook's JSON. */
function everyWord(message: AlertMessage): string[] {
  const mail = renderMail(message);
  const push = pushPayload(message, 1);
  return [
    mail.subject,
    mail.text,
    mail.html,
    JSON.stringify(slackPayload(message)),
    JSON.stringify(teamsPayload(message)),
    push.title,
    push.body,
    alertText(message),
  ];
}

describe('the words of an alert on every channel', () => {
  it("says a jobs board's numbers as jobs of target", () => {
    expect(messageFacts(JOBS)).toContainEqual(['Booked / target', '12 / 20 (60 %)']);
    expect(renderMail(JOBS).text).toContain('Booked / target: 12 / 20 (60 %)');
    expect(pushPayload(JOBS, 1).body).toBe(
      '12 of 20 booked · 66 % expected by now · Acme Heating, Main board',
    );
    expect(alertText(JOBS)).toBe(
      'Call board Main board: Thu 60% of target at 2:00 PM (expected 66%). https://board.test/b/3k',
    );
    for (const words of everyWord(JOBS)) expect(words).not.toMatch(/\bh booked|hours/);
  });

  it("says an hours board's numbers as hours booked of the crew's hours, as the board writes them", () => {
    expect(messageFacts(HOURS)).toContainEqual([
      'Technician hours',
      '136.5 of 191 h booked (71 %)',
    ]);
    expect(renderMail(HOURS).text).toContain('Technician hours: 136.5 of 191 h booked (71 %)');
    expect(renderMail(HOURS).html).toContain(
      '<tr><th align="left">Technician hours</th><td>136.5 of 191 h booked (71 %)</td></tr>',
    );
    expect(JSON.stringify(slackPayload(HOURS))).toContain(
      '*Technician hours*\\n136.5 of 191 h booked (71 %)',
    );
    expect(teamsPayload(HOURS).attachments[0]!.content.body[1]).toMatchObject({
      facts: expect.arrayContaining([
        { title: 'Technician hours', value: '136.5 of 191 h booked (71 %)' },
      ]),
    });
    expect(pushPayload(HOURS, 1).body).toBe(
      '136.5 of 191 h booked · 66 % expected by now · Acme Heating, Main board',
    );
    const text = alertText(HOURS);
    expect(text).toBe(
      'Call board Main board: Thu 71% of hours booked at 2:00 PM (expected 66%). https://board.test/b/3k',
    );
    expect(segments(text)).toBe(1);
    for (const words of everyWord(HOURS)) expect(words).not.toMatch(/target/);
  });
});
