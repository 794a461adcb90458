import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type {
  HistoryDayDetail,
  HistoryResponse,
  HistoryStatus,
} from '../../src/shared/api/history.js';
import { capacityPercent } from '../../src/shared/capacity/percent.js';
import { demoAccounts, openSignedInBoard, signInAs } from './helpers.js';

/**
 * The History page (issue 27, item 5): a plain member reaches it from the side menu; once the
 * demo company's last 13 weeks are filled in from the bundled ServiceTitan simulator, the table
 * shows for the last 4 weeks exactly what GET /api/history answers for the same range, a picked
 * day shows its fill curve (GET /api/history/day's points), and the CSV downloads as the API
 * gives it.
 */

/** The demo backfill reads 13 pages from the simulator; on a loaded 2-core machine, give it time. */
const BACKFILL_TIMEOUT_MS = 120_000;

async function statusOf(page: Page): Promise<HistoryStatus> {
  const res = await page.request.get('/api/history/status');
  expect(res.status()).toBe(200);
  return (await res.json()) as HistoryStatus;
}

test('a member reads past days as the API has them, a day’s fill curve, and the CSV', async ({
  page,
}) => {
  test.setTimeout(BACKFILL_TIMEOUT_MS + 60_000);
  await openSignedInBoard(page, demoAccounts.csr);
  await page.getByTestId('menu-button').click();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();

  // The 13 weeks are filled in by the background loop: the page says how far, then when done.
  await expect
    .poll(async () => (await statusOf(page)).backfill.state, { timeout: BACKFILL_TIMEOUT_MS })
    .toBe('done');
  const status = await statusOf(page);
  expect(status.backfill).toMatchObject({ daysDone: 65, daysTotal: 65 });
  await expect(page.getByTestId('backfill')).toContainText(
    'The last 13 weeks (65 working days) were filled in from ServiceTitan on',
    { timeout: 15_000 },
  );

  // The default range: the last 4 weeks, up to yesterday.
  const from = await page.getByLabel('From').inputValue();
  const to = await page.getByLabel('To').inputValue();
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(27);
  const answer = (await (
    await page.request.get(`/api/history?from=${from}&to=${to}`)
  ).json()) as HistoryResponse;
  // 4 weeks of a Monday-Friday board: about 20 working days, all reconstructed (the board
  // was not in use before the suite started).
  expect(answer.days.length).toBeGreaterThanOrEqual(18);
  await expect(page.getByTestId('history-row')).toHaveCount(answer.days.length);
  await expect(page.getByTestId('history-sources')).toContainText(
    `${answer.days.filter((d) => d.source === 'reconstructed').length} reconstructed from ServiceTitan`,
  );
  // Reconstructed days had no target then: the page says they are judged by today's.
  await expect(page.getByTestId('history-sources')).toContainText('targets in force now');

  // Every number of the table is the API's: each item's booked / target and %, and the total.
  const numbersOf = async (cell: ReturnType<Page['getByTestId']>) => ({
    scheduled: Number(await cell.locator('[data-part=scheduled]').textContent()),
    target: Number(await cell.locator('[data-part=target]').textContent()),
    percent: Number(await cell.locator('[data-part=percent]').textContent()),
  });
  let booked = 0;
  for (const day of answer.days) {
    const row = page.locator(`[data-testid=history-row][data-date="${day.date}"]`);
    await expect(row).toContainText(day.source === 'reconstructed' ? 'Reconstructed' : 'Recorded');
    for (const item of day.items) {
      const cell = row.locator(`[data-testid=history-cell][data-item-id="${item.id}"]`);
      expect(await numbersOf(cell), `${day.date} ${item.name}`).toEqual({
        scheduled: item.scheduled,
        target: item.target,
        percent: capacityPercent(item.scheduled, item.target),
      });
    }
    const scheduled = day.items.reduce((sum, item) => sum + item.scheduled, 0);
    const target = day.items.reduce((sum, item) => sum + item.target, 0);
    expect(await numbersOf(row.getByTestId('history-total')), day.date).toEqual({
      scheduled,
      target,
      percent: capacityPercent(scheduled, target),
    });
    booked += scheduled;
  }
  // The simulator's tenant books jobs every working day: the weeks are not all zeros.
  expect(booked).toBeGreaterThan(0);
  await expect(
    page.getByTestId('history-chart').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();

  // A picked day's fill curve: its moments as the API has them, drawn against the pace curve.
  const day = answer.days.at(-1)!;
  await page
    .getByRole('button', { name: /show how it filled up/ })
    .last()
    .click();
  const detail = (await (
    await page.request.get(`/api/history/day?date=${day.date}`)
  ).json()) as HistoryDayDetail;
  expect(detail.points.length).toBeGreaterThan(0);
  const points = page.getByTestId('fill-points').locator('li');
  await expect(points).toHaveCount(detail.points.length);
  for (const [index, point] of detail.points.entries()) {
    await expect(points.nth(index)).toContainText(
      `${point.scheduled} / ${point.target} (${point.percent} %)`,
    );
  }
  // The last moment is the day's final total, as the table shows it.
  const last = detail.points.at(-1)!;
  expect(last.scheduled).toBe(day.items.reduce((sum, item) => sum + item.scheduled, 0));
  const curve = page.getByTestId('fill-curve');
  await expect(curve.locator('.recharts-line')).toHaveCount(2);
  // The demo board has 13 weeks of history: the pace it would have shown came from its similar
  // days (decision 038), their usual range drawn as a band.
  expect(detail.paceBy).toBe('history');
  await expect(curve).toContainText('Pace (similar days’ median)');
  await expect(curve).toContainText('Usual range of similar days');
  // Its time axis is working days only, each as wide as the others: the pace curve's 3 working
  // days before the day, then the day; a weekend or holiday between them takes no width.
  const label = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: detail.timeZone,
  });
  const workingDays = [...detail.before, day.date].map((date) =>
    label.format(new Date(`${date}T12:00:00Z`)),
  );
  expect(workingDays).toHaveLength(4);
  const ticks = curve.getByTestId('fill-curve-day');
  await expect(ticks).toHaveCount(4);
  // Each day on two lines: "Fri" over "Nov 20".
  const tickTexts = await ticks.evaluateAll((nodes) =>
    nodes.map((node) => [...node.querySelectorAll('tspan')].map((t) => t.textContent).join(', ')),
  );
  expect(tickTexts).toEqual(workingDays);
  for (const text of tickTexts) expect(text).not.toMatch(/^(Sat|Sun)/);
  const centres = await ticks.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return box.x + box.width / 2;
    }),
  );
  const gaps = centres.slice(1).map((x, index) => x - centres[index]!);
  for (const gap of gaps) expect(Math.abs(gap - gaps[0]!)).toBeLessThan(2);

  // The CSV: the same range, as the API gives it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('history-csv').click(),
  ]);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  const fromApi = await (
    await page.request.get(`/api/history?from=${from}&to=${to}&format=csv`)
  ).text();
  expect(csv.split('\r\n')[0]).toBe(
    'date,item_id,item_name,scheduled,target,source,booked_hours,capacity_hours',
  );
  expect(csv).toBe(fromApi);
  // The file names the board and the range.
  expect(download.suggestedFilename()).toBe(`history-main-board-${from}-to-${to}.csv`);

  // A range typed on the page is kept in the address: a reload shows the same days.
  const laterFrom = new Date(Date.parse(`${from}T12:00:00Z`) + 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await page.getByLabel('From').fill(laterFrom);
  await expect(page).toHaveURL(new RegExp(`from=${laterFrom}&to=${to}$`));
  await page.reload();
  await expect(page.getByLabel('From')).toHaveValue(laterFrom);
  await expect(page.getByLabel('To')).toHaveValue(to);
});

test('a master admin chooses the company whose history to read, as the API answers it', async ({
  page,
}) => {
  test.setTimeout(BACKFILL_TIMEOUT_MS + 60_000);
  await signInAs(page, demoAccounts.master);
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  // No company of their own: one to choose first.
  await expect(page.getByText('Choose a company to read its history.')).toBeVisible();
  const companies = (await (await page.request.get('/api/companies')).json()) as {
    id: number;
    name: string;
  }[];
  const demo = companies.find((c) => c.name === 'Demo Heating & Air')!;
  await page.getByLabel('Company').selectOption({ label: demo.name });
  await expect(page).toHaveURL(new RegExp(`/history\\?companyId=${demo.id}$`));
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/history/status?companyId=${demo.id}`)
          ).json()) as HistoryStatus
        ).backfill.state,
      { timeout: BACKFILL_TIMEOUT_MS },
    )
    .toBe('done');
  // The range is filled in once the chosen company's board (its time zone) has been read.
  await expect(page.getByLabel('From')).not.toHaveValue('');
  await expect(page.getByLabel('To')).not.toHaveValue('');
  const from = await page.getByLabel('From').inputValue();
  const to = await page.getByLabel('To').inputValue();
  const answer = (await (
    await page.request.get(`/api/history?companyId=${demo.id}&from=${from}&to=${to}`)
  ).json()) as HistoryResponse;
  expect(answer.days.length).toBeGreaterThan(0);
  await expect(page.getByTestId('history-row')).toHaveCount(answer.days.length);
  const last = answer.days.at(-1)!;
  const total = last.items.reduce((sum, item) => sum + item.scheduled, 0);
  await expect(
    page
      .locator(`[data-testid=history-row][data-date="${last.date}"]`)
      .getByTestId('history-total')
      .locator('[data-part=scheduled]'),
  ).toHaveText(String(total));
  // The download names the company too: the same numbers as the API's.
  await expect(page.getByTestId('history-csv')).toHaveAttribute(
    'href',
    new RegExp(`companyId=${demo.id}&boardId=\\d+&from=${from}&to=${to}&format=csv`),
  );
});
