import { expect, test } from '@playwright/test';
import type { CapacityResponse } from '../../src/shared/api/capacity.js';
import { hoursLine } from '../../src/shared/capacity/hours.js';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, pairTv, signInAs } from './helpers.js';

/**
 * A board measuring technician hours (issue 35) on the office TV and a phone: each day card and
 * row reads "34.5 of 48 h booked · 6 technicians" from the simulator's crew, the gauge shows the
 * share of hours, and the board names where the hours came from. It makes a board of its own in
 * the demo company and deletes it (the `company-configuration` project: the list of boards grows
 * while it runs).
 */

const SAME_ORIGIN = { origin: baseURL };
const SHOTS = process.env.HOURS_SHOTS_DIR;

test('an hours board on the TV and a phone: hours booked of the crew’s hours, technicians and where they came from', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInAs(page, demoAccounts.manager);
  const created = await page.request.post('/api/boards', {
    data: { name: `Hours ${Date.now().toString(36)}`, viewType: 'businessUnit', measure: 'hours' },
    headers: SAME_ORIGIN,
  });
  expect(created.status()).toBe(201);
  const boardId = ((await created.json()) as { id: number }).id;
  try {
    // What the server says, for the words the screens must show.
    const read = await page.request.post(`/api/capacity?boardId=${boardId}`, {
      data: {},
      headers: SAME_ORIGIN,
    });
    const answer = (await read.json()) as CapacityResponse;
    expect(answer.measure).toBe('hours');
    expect(answer.hoursSource).toBe('capacity');
    const firstDay = answer.days[0]!;
    expect(firstDay.hours!.capacity).toBeGreaterThan(0);

    const tv = await pairTv(browser, page, 'Hours TV', true, boardId);
    try {
      const cards = tv.page.getByTestId('day-card');
      await expect(cards).toHaveCount(3);
      await expect(tv.page.getByTestId('measure-note')).toHaveText(
        "Hours from ServiceTitan's capacity planning.",
      );
      const dayLine = cards.first().getByTestId('day-hours');
      await expect(dayLine).toHaveText(/^\d+(\.\d)? of \d+(\.\d)? h booked · \d+ technicians?$/);
      // The numbers the TV shows may be newer than the ones read above: compare with its own.
      const shown = (await tv.page.evaluate(async () => {
        const res = await fetch('/api/capacity', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return (await res.json()) as unknown;
      })) as CapacityResponse;
      const day = shown.days[0]!;
      await expect(dayLine).toHaveText(hoursLine(day.hours!, day.technicians!));
      const percent = Math.round((day.hours!.booked / day.hours!.capacity) * 100);
      await expect(cards.first().getByTestId('day-percent')).toHaveText(`${percent}%`);
      await expect(cards.first().getByTestId('capacity-gauge')).toHaveAttribute(
        'aria-label',
        new RegExp(`^${percent}% of technician hours booked`),
      );
      const unit = day.data.find((d) => (d.hours?.capacity ?? 0) > 0)!;
      await expect(
        cards
          .first()
          .getByTestId('capacity-row')
          .filter({ hasText: unit.name })
          .getByTestId('row-hours'),
      ).toHaveText(hoursLine(unit.hours!, unit.technicians!));
      if (SHOTS) await tv.page.screenshot({ path: `${SHOTS}/tv-1920x1080.png` });
    } finally {
      await tv.context.close();
      const unpaired = await page.request.delete(`/api/screens/${tv.screenId}`, {
        headers: SAME_ORIGIN,
      });
      expect(unpaired.ok()).toBe(true);
    }

    // A phone: the same words, one card under another.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/boards/${boardId}`);
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    await expect(page.getByTestId('day-hours').first()).toHaveText(/ h booked · \d+ technicians?$/);
    await expect(page.getByTestId('measure-note')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-390x844.png` });
  } finally {
    const removed = await page.request.delete(`/api/boards/${boardId}`, { headers: SAME_ORIGIN });
    expect(removed.ok()).toBe(true);
  }
});
