import { describe, expect, it } from 'vitest';
import { describeAge, formatClock } from './describe-age';

const at = (iso: string) => new Date(iso);

describe('describeAge', () => {
  const now = at('2025-06-02T15:00:00Z');
  it('reads naturally from seconds to days', () => {
    expect(describeAge(at('2025-06-02T14:59:58Z'), now)).toBe('just now');
    expect(describeAge(at('2025-06-02T14:59:15Z'), now)).toBe('45 seconds ago');
    expect(describeAge(at('2025-06-02T14:59:00Z'), now)).toBe('1 minute ago');
    expect(describeAge(at('2025-06-02T14:48:00Z'), now)).toBe('12 minutes ago');
    expect(describeAge(at('2025-06-02T13:00:00Z'), now)).toBe('2 hours ago');
    expect(describeAge(at('2025-05-30T15:00:00Z'), now)).toBe('3 days ago');
  });

  it('never says a time in the future is in the past', () => {
    expect(describeAge(at('2025-06-02T15:00:30Z'), now)).toBe('just now');
  });
});

describe('formatClock', () => {
  it('shows the time in the board zone', () => {
    expect(formatClock(at('2025-06-02T15:04:00Z'), 'America/Chicago')).toBe('10:04 AM');
    expect(formatClock(at('2025-06-02T15:04:09Z'), 'UTC', true)).toBe('3:04:09 PM');
  });
});
