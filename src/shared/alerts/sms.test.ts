import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  gsm7Length,
  gsm7Safe,
  isE164,
  segments,
  smsText,
  toE164,
  twilioErrorWords,
  type SmsFacts,
} from './sms.js';

const LINK = 'https://callboard.example.com/b/3k';

const behind = (over: Partial<SmsFacts> = {}): SmsFacts => ({
  event: 'firing',
  kind: 'behind',
  boardName: 'Service',
  weekday: 'Thursday',
  item: null,
  percent: 42,
  expectedPercent: 66,
  clock: '2:00 PM',
  staleSince: null,
  summary: 'Behind: Thursday at 42 % of target at 2:00 PM on Service',
  ...over,
});

/** Board and item names as customers type them (business units, job types, groups). */
const REALISTIC_NAMES = [
  'Service',
  'HVAC Service',
  'Plumbing Install',
  'Residential Replacement & Install',
  'Commercial Refrigeration – North',
  'Dispatch wall (main office)',
  'Électricité Québec',
  'Müller’s Heating & Air – Zürich',
  'Łódź Serwis',
  'Generators / Standby Power — Emergency Response Team',
  'São Paulo Ar-Condicionado',
];

describe('phone numbers', () => {
  it('accepts E.164 numbers valid for their country and nothing else', () => {
    expect(isE164('+12025550143')).toBe(true);
    expect(isE164('+442071838750')).toBe(true);
    expect(isE164('+1202555014')).toBe(false);
    expect(isE164('2025550143')).toBe(false);
    expect(isE164('+1 202 555 0143')).toBe(false);
    expect(isE164('+99912345678')).toBe(false);
  });

  it('reads what people type as E.164 (a number without a country code is a US one)', () => {
    expect(toE164('(202) 555-0143')).toBe('+12025550143');
    expect(toE164('+44 20 7183 8750')).toBe('+442071838750');
    expect(toE164('555-0143')).toBeNull();
    expect(formatPhone('+12025550143')).toBe('+1 202 555 0143');
  });
});

describe('the text of an alert', () => {
  it('reads as the issue says it', () => {
    expect(smsText(behind({ boardName: '' }), LINK)).toBe(
      `Call board: Thu 42% of target at 2:00 PM (expected 66%). ${LINK}`,
    );
    expect(smsText(behind(), LINK)).toBe(
      `Call board Service: Thu 42% of target at 2:00 PM (expected 66%). ${LINK}`,
    );
    expect(smsText(behind({ event: 'repeat' }), LINK)).toBe(
      `Call board Service: still Thu 42% of target at 2:00 PM (expected 66%). ${LINK}`,
    );
    expect(smsText(behind({ event: 'resolved' }), LINK)).toBe(
      `Call board Service: Thu caught up, 42% of target. ${LINK}`,
    );
  });

  it('speaks of hours booked on a board measuring hours, as its gauge does, and of target on a jobs board', () => {
    const hours = (over: Partial<SmsFacts>) => behind({ measure: 'hours', percent: 71, ...over });
    expect(smsText(hours({}), LINK)).toBe(
      `Call board Service: Thu 71% of hours booked at 2:00 PM (expected 66%). ${LINK}`,
    );
    expect(smsText(hours({ event: 'repeat', item: 'HVAC Service' }), LINK)).toBe(
      `Call board Service: still Thu HVAC Service 71% of hours booked at 2:00 PM (expected 66%). ${LINK}`,
    );
    expect(smsText(hours({ event: 'resolved' }), LINK)).toBe(
      `Call board Service: Thu caught up, 71% of hours booked. ${LINK}`,
    );
    expect(smsText(hours({ kind: 'full', percent: 92, goalPercent: 90 }), LINK)).toBe(
      `Call board Service: Thu full, 92% of hours booked (goal 90%). ${LINK}`,
    );
    expect(smsText(hours({ kind: 'full', event: 'resolved', percent: 85 }), LINK)).toBe(
      `Call board Service: Thu below its goal again, 85% of hours booked. ${LINK}`,
    );
    expect(smsText(hours({ kind: 'stale', staleSince: '1:05 PM' }), LINK)).toBe(
      `Call board Service: numbers stale since 1:05 PM. ${LINK}`,
    );
    // A jobs board's texts keep their words.
    expect(smsText(behind({ kind: 'full', goalPercent: 90 }), LINK)).toBe(
      `Call board Service: Thu full, 42% of target (goal 90%). ${LINK}`,
    );
    expect(smsText(behind({ kind: 'full', event: 'resolved' }), LINK)).toBe(
      `Call board Service: Thu below its goal again, 42% of target. ${LINK}`,
    );
    expect(smsText(behind({ measure: undefined }), LINK)).not.toContain('hours');
  });

  it('fits one GSM-7 segment for every realistic board and item name, every kind and event, jobs or hours', () => {
    let longest = 0;
    for (const boardName of REALISTIC_NAMES)
      for (const item of [null, ...REALISTIC_NAMES])
        for (const kind of ['behind', 'full', 'stale'] as const)
          for (const event of ['firing', 'repeat', 'resolved', 'test'] as const)
            for (const measure of [undefined, 'hours'] as const) {
              const text = smsText(
                behind({
                  boardName,
                  item,
                  kind,
                  event,
                  measure,
                  goalPercent: 100,
                  staleSince: '1:05 PM',
                }),
                LINK,
              );
              expect(gsm7Length(text), text).not.toBeNull();
              expect(segments(text), text).toBe(1);
              expect(text.endsWith(LINK), text).toBe(true);
              longest = Math.max(longest, text.length);
            }
    expect(longest).toBeLessThanOrEqual(160);
  });

  it('keeps names in GSM-7: a single other character would make it a 70-character UCS-2 text', () => {
    expect(gsm7Safe('Müller’s Heating – Zürich')).toBe("Müller's Heating - Zürich");
    expect(gsm7Safe('Électricité Québec')).toBe('Électricité Québec');
    expect(gsm7Safe('São Paulo Ar-Condicionado')).toBe('Sao Paulo Ar-Condicionado');
    expect(gsm7Safe('Łódź 🔥 Serwis')).toBe('Lodz Serwis');
    expect(segments('é'.repeat(160))).toBe(1);
    expect(segments(`${'a'.repeat(159)}€`)).toBe(2);
    expect(segments(`${'a'.repeat(60)}ł`)).toBe(1);
    expect(segments(`${'a'.repeat(70)}ł`)).toBe(2);
  });

  it('drops the board name, then shortens the item, before the link is ever cut', () => {
    const longName = 'Generators / Standby Power — Emergency Response Team';
    const text = smsText(behind({ boardName: longName, item: longName }), LINK);
    expect(segments(text)).toBe(1);
    expect(text).not.toContain('Generators / Standby Power - Emergency Response Team:');
    expect(text).toMatch(
      /^Call board: Thu Generators \/ Standby Power - Emergency Response Team 42%/,
    );
    const longLink = `https://callboard.example.com/${'x'.repeat(150)}`;
    expect(smsText(behind(), longLink).endsWith(longLink)).toBe(true);
  });
});

describe("Twilio's error codes in plain words", () => {
  it('names the ones a sender meets', () => {
    expect(twilioErrorWords(21211)).toBe('this is not a valid phone number (Twilio error 21211)');
    expect(twilioErrorWords('21610')).toMatch(/^the person replied STOP/);
    expect(twilioErrorWords('21608')).toMatch(/trial account/);
    expect(twilioErrorWords('30003')).toBe(
      'the phone is switched off or out of reach (Twilio error 30003)',
    );
    expect(twilioErrorWords('30005')).toMatch(/unknown to its carrier/);
    expect(twilioErrorWords('30006')).toMatch(/landline/);
    expect(twilioErrorWords('30007')).toMatch(/spam/);
    expect(twilioErrorWords(39999, 'Something new')).toBe('Twilio error 39999: Something new');
    expect(twilioErrorWords(null)).toBe('Twilio did not say why');
  });
});
