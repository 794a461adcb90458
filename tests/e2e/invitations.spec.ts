import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, freshEmail, signInAs, signInElsewhere, signOut } from './helpers.js';

/**
 * `/invitations` (issue 24, decision 019): a person whom one or several companies invited
 * chooses at sign-in, whether or not they belong to a company. Nobody is placed into a company
 * without choosing (a single invitation: admin-master.spec.ts).
 */

const DEMO = 'Demo Heating & Air';
const write = { headers: { origin: baseURL } };

interface CompanySummary {
  id: number;
  name: string;
}

async function companyNamed(request: APIRequestContext, name: string): Promise<number> {
  const companies = (await (await request.get('/api/companies')).json()) as CompanySummary[];
  const company = companies.find((c) => c.name === name);
  expect(company, `company ${name}`).toBeDefined();
  return company!.id;
}

async function invite(request: APIRequestContext, email: string, companyId: number) {
  const answer = await request.post('/api/admin/invitations', {
    ...write,
    data: { email, firstName: 'Robin', lastName: 'Chooser', role: 'user', companyId },
  });
  expect(answer.status()).toBe(201);
}

/** A second company of the master admin's making, so two companies can invite one person. */
async function createCompany(request: APIRequestContext): Promise<CompanySummary> {
  const name = `Northside Plumbing ${Math.random().toString(36).slice(2, 7)}`;
  const answer = await request.post('/api/companies', { ...write, data: { name } });
  expect(answer.status()).toBe(201);
  const { company } = (await answer.json()) as { company: CompanySummary };
  return company;
}

async function whoIsSignedIn(page: Page) {
  return (await (await page.request.get('/api/auth/user')).json()) as {
    email: string;
    companyName: string | null;
  };
}

test.describe('choosing between invitations', () => {
  let master: Page;
  let second: CompanySummary;
  let demoId: number;

  test.beforeEach(async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    master = await context.newPage();
    await signInAs(master, demoAccounts.master);
    demoId = await companyNamed(master.request, DEMO);
    second = await createCompany(master.request);
  });

  test.afterEach(async () => {
    await master.request.delete(`/api/companies/${second.id}`, write);
    await master.context().close();
  });

  test('invited by two companies: both are offered, the one chosen is joined, the other is gone', async ({
    browser,
  }, testInfo) => {
    test.slow();
    const email = freshEmail('chooser');
    await invite(master.request, email, demoId);
    await invite(master.request, email, second.id);

    const person = await signInElsewhere(browser, baseURL, email);
    const { page } = person;
    await page.waitForURL('**/invitations');
    await expect(
      page.getByRole('heading', { name: 'You have been invited', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Choose the company you work for. Nobody adds you to a company until you choose.',
      ),
    ).toBeVisible();
    // Not placed anywhere yet.
    expect((await whoIsSignedIn(page)).companyName).toBeNull();

    for (const name of [DEMO, second.name]) {
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      await expect(page.getByRole('button', { name: `Join ${name}` })).toBeEnabled();
    }
    await expect(page.getByText(`Invites Robin Chooser (${email}) as a team member.`)).toHaveCount(
      2,
    );
    await expect(page.getByRole('button', { name: 'Create your own company' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('invitations-laptop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: `Join ${second.name}` })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('invitations-phone.png'), fullPage: true });

    await page.getByRole('button', { name: `Join ${second.name}` }).click();
    await page.waitForURL((url) => url.pathname !== '/invitations');
    expect((await whoIsSignedIn(page)).companyName).toBe(second.name);
    // The other company's invitation was declined with the choice: not offered again.
    expect(await (await page.request.get('/api/invitations')).json()).toEqual([]);
    const pending = (await (await master.request.get('/api/admin/invitations')).json()) as {
      email: string;
    }[];
    expect(pending.filter((invitation) => invitation.email === email)).toEqual([]);

    // Signing in again goes straight on: nothing left to choose.
    await signOut(page);
    await signInAs(page, email);
    await expect(page).not.toHaveURL(/\/invitations/);
    await person.context.close();
  });

  test('a member whom another company invites stays where they are unless they choose to move', async ({
    browser,
  }) => {
    test.slow();
    const email = freshEmail('member');
    await invite(master.request, email, demoId);
    const person = await signInElsewhere(browser, baseURL, email);
    const { page } = person;
    // One invitation and no company: asked all the same (issue 33), joined by choosing.
    await page.waitForURL('**/invitations');
    expect((await whoIsSignedIn(page)).companyName).toBeNull();
    await page.getByRole('button', { name: `Join ${DEMO}` }).click();
    await page.waitForURL((url) => url.pathname !== '/invitations');
    expect((await whoIsSignedIn(page)).companyName).toBe(DEMO);
    await signOut(page);

    await invite(master.request, email, second.id);
    await signInAs(page, email);
    await page.waitForURL('**/invitations');
    await expect(
      page.getByText(
        `You are a member of ${DEMO}. Joining another company moves you there; you can also stay where you are.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: second.name, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: DEMO, level: 2 })).toHaveCount(0);
    expect((await whoIsSignedIn(page)).companyName).toBe(DEMO);

    await page.getByRole('button', { name: `Stay with ${DEMO}` }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('day-card')).toHaveCount(3);
    expect((await whoIsSignedIn(page)).companyName).toBe(DEMO);
    expect(await (await page.request.get('/api/invitations')).json()).toEqual([]);
    await person.context.close();
  });
});
