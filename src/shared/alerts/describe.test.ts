import { describe, expect, it } from 'vitest';
import { behindLine, clockTime, describeRule, type DescribableRule } from './describe.js';

const behind: DescribableRule = {
  kind: 'behind',
  dayOffset: 2,
  thresholdPercent: 60,
  belowPace: false,
  itemId: null,
  at: ['14:00'],
  staleMinutes: null,
  repeatMinutes: null,
  channels: [{ type: 'email', to: ['ops@example.com'] }, { type: 'slack' }],
  enabled: true,
};

describe('describeRule', () => {
  it('says what a behind rule will do, naming times, day, threshold and channels', () => {
    expect(describeRule(behind)).toBe(
      'At 2:00 PM on working days, if the second displayed day is below 60 % of its target, ' +
        'e-mail ops@example.com and post to Slack, and say so when it catches up.',
    );
  });

  it("on an hours board, says the percent is of the crew's hours, not of a target", () => {
    expect(describeRule(behind, null, 'ServiceTitan', 'hours')).toBe(
      'At 2:00 PM on working days, if the second displayed day is below 60 % of its technician ' +
        'hours booked, e-mail ops@example.com and post to Slack, and say so when it catches up.',
    );
  });

  it('names pace, an item, several times, a repeat and a pause', () => {
    expect(
      describeRule(
        {
          ...behind,
          belowPace: true,
          itemId: 7,
          at: ['09:30', '14:00'],
          repeatMinutes: 60,
          enabled: false,
          channels: [{ type: 'teams' }, { type: 'webhook' }],
        },
        'Plumbing',
      ),
    ).toBe(
      'Paused. At 9:30 AM and 2:00 PM on working days, if the second displayed day for Plumbing ' +
        'is below 60 % of its target or below its expected pace, post to Microsoft Teams and ' +
        'call the webhook (again every 60 minutes while it lasts), and say so when it catches up.',
    );
  });

  it('says what stale and full rules do, and when a rule has no channel yet', () => {
    expect(describeRule({ ...behind, kind: 'stale', staleMinutes: 30, at: [], channels: [] })).toBe(
      'When ServiceTitan has failed for more than 30 minutes (the board shows stale numbers), ' +
        'tell nobody yet (add a channel), and say so when it recovers.',
    );
    expect(describeRule({ ...behind, kind: 'full', dayOffset: 1 })).toBe(
      'When the first displayed day is full (reaches its goal, the goal line on the board), ' +
        'e-mail ops@example.com and post to Slack, and say so if it drops below again.',
    );
  });
});

describe('the wall line', () => {
  it('reads as a clock', () => {
    expect(clockTime('00:05')).toBe('12:05 AM');
    expect(clockTime('12:00')).toBe('12:00 PM');
    expect(behindLine('Thursday', 42, '14:00')).toBe('Thursday at 42 % of target at 2:00 PM');
  });
});
