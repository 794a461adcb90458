import { describe, expect, it } from 'vitest';
import { outcomeOf } from './push-sender.js';

describe('outcomeOf (what a push service answered)', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/dHIoDxE7Hdg:APA91bH1Zj0kNa';

  it('sorts answers into sent, gone, retry and failed', () => {
    expect(outcomeOf(201, '', endpoint)).toEqual({ kind: 'sent' });
    expect(outcomeOf(410, 'Gone', endpoint).kind).toBe('gone');
    expect(outcomeOf(404, '', endpoint).kind).toBe('gone');
    for (const status of [429, 408, 500, 503])
      expect(outcomeOf(status, '', endpoint).kind).toBe('retry');
    for (const status of [400, 401, 403, 413])
      expect(outcomeOf(status, '', endpoint).kind).toBe('failed');
  });

  it("never repeats the device's endpoint, which every member's delivery log would show", () => {
    const echoed = `A valid push subscription endpoint should be specified in the URL as such: ${endpoint}`;
    const outcome = outcomeOf(400, echoed, endpoint);
    expect(outcome).toMatchObject({ kind: 'failed' });
    const error = (outcome as { error: string }).error;
    expect(error).toContain('the push service refused the message (HTTP 400: A valid push');
    expect(error).not.toContain('dHIoDxE7Hdg');
    expect(
      outcomeOf(404, 'no such subscription /fcm/send/dHIoDxE7Hdg:APA91bH1Zj0kNa', endpoint),
    ).not.toMatchObject({
      error: expect.stringContaining('APA91'),
    });
  });
});
