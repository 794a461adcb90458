import { describe, expect, it } from 'vitest';
import { segments } from '../../../shared/alerts/sms.js';
import { confirmationText, outcomeOf } from './sms-channel.js';

const COMPANIES = [
  'Acme Heating',
  'Müller’s Heating & Air – Zürich',
  'Łódź Serwis',
  'Generators / Standby Power — Emergency Response Team of the Greater Springfield Area',
  'A'.repeat(100),
];

describe('the confirmation text', () => {
  it('asks for consent in one segment, whatever the company is called', () => {
    for (const companyName of COMPANIES) {
      const text = confirmationText({ companyName, code: '482913' });
      expect(segments(text), text).toBe(1);
      expect(text).toMatch(/^Call board code: 482913\. /);
      expect(text.endsWith('Reply STOP to refuse.')).toBe(true);
    }
  });
});

describe("what Twilio's answer means", () => {
  it('keeps the SID of a taken message, retries only what may pass later', () => {
    expect(outcomeOf({ ok: true, sid: 'SM1', status: 'queued' })).toEqual({
      ok: true,
      externalId: 'SM1',
    });
    const refused = (code: number | null, httpStatus: number | null) =>
      outcomeOf({ ok: false, code, httpStatus, message: 'said' });
    expect(refused(21211, 400)).toEqual({
      ok: false,
      retry: false,
      error: 'text message: this is not a valid phone number (Twilio error 21211)',
    });
    expect(refused(20429, 429)).toMatchObject({ retry: true });
    expect(refused(20500, 500)).toMatchObject({ retry: true });
    expect(refused(null, null)).toMatchObject({
      retry: true,
      error: 'text message: Twilio could not be reached: said',
    });
  });
});
