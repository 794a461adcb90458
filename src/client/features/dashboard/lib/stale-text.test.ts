import { describe, expect, it } from 'vitest';
import { staleBannerText } from './stale-text';

describe('staleBannerText', () => {
  it('says a retrying reason once, with one full stop', () => {
    expect(
      staleBannerText(
        '9:41 AM (5 minutes ago)',
        'ServiceTitan is not answering right now. The board will try again shortly.',
      ),
    ).toBe(
      'These numbers are from 9:41 AM (5 minutes ago) — ServiceTitan is not answering right now. The board will try again shortly.',
    );
  });

  it('adds that the board keeps trying when the reason does not say so', () => {
    expect(staleBannerText(null, 'ServiceTitan does not know this tenant ID')).toBe(
      'These numbers are not current — ServiceTitan does not know this tenant ID. The board keeps trying every minute.',
    );
    expect(staleBannerText('9:41 AM', null)).toBe(
      'These numbers are from 9:41 AM. The board keeps trying every minute.',
    );
  });

  it('never doubles a full stop', () => {
    for (const reason of ['Numbers are late.', 'Numbers are late', 'Try again shortly.']) {
      expect(staleBannerText('9:41 AM', reason)).not.toMatch(/\.\./);
    }
  });
});
