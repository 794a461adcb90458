import { describe, expect, it } from 'vitest';
import { holidayChoices } from './holiday-choices';

describe('holidayChoices', () => {
  it('lists the 11 holidays of 2025 with the dates the seed gives', () => {
    expect(holidayChoices(2025).map((h) => `${h.name} (${h.dateLabel})`)).toEqual([
      "New Year's Day (Jan 1)",
      'Martin Luther King Jr. Day (Jan 20)',
      "Presidents' Day (Feb 17)",
      'Memorial Day (May 26)',
      'Juneteenth (Jun 19)',
      'Independence Day (Jul 4)',
      'Labor Day (Sep 1)',
      'Columbus Day (Oct 13)',
      'Veterans Day (Nov 11)',
      'Thanksgiving (Nov 27)',
      'Christmas (Dec 25)',
    ]);
  });

  it('follows the rules in another year', () => {
    const thanksgiving = holidayChoices(2026).find((h) => h.name === 'Thanksgiving');
    expect(thanksgiving).toEqual({ name: 'Thanksgiving', date: '2026-11-26', dateLabel: 'Nov 26' });
  });
});
