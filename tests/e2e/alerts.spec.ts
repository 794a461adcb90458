import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { demoAccounts, openSignedInBoard } from './helpers.js';

/**
 * The Alerts page (issue 23): an admin reaches it from the side menu, creates a rule with the
 * form (which says what the rule will do), is shown its signing secret once, sends a test, and
 * finds the e-mail in the mail catcher the embedded default runs and both outcomes in the
 * delivery log. A plain member reads the rules and changes nothing.
 */

test('an admin creates a rule, sends a test and finds it in the mail catcher and the log', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openSignedInBoard(page, demoAccounts.manager);
  await page.getByTestId('menu-button').click();
  await page.getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  // The demo company's example rule, in words.
  await expect(
    page.getByTestId('alert-rule').filter({ hasText: 'Tomorrow behind at 2 PM' }),
  ).toContainText('At 2:00 PM on working days, if the');

  const name = `Stale check ${Date.now()}`;
  const to = `e2e-${Date.now()}@example.test`;
  await page.getByTestId('new-alert-rule').click();
  const form = page.getByTestId('alert-rule-form');
  // Nothing typed: the shared schema names what is missing, and nothing is saved.
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form.getByRole('alert').first()).toBeVisible();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Alert when').selectOption('stale');
  await form.getByLabel(/When ServiceTitan has failed for more than/).fill('600');
  await form.locator('#channel-0-to').fill(to);
  await form.getByRole('button', { name: 'Add a channel' }).click();
  await form.getByLabel('Channel 2 kind').selectOption('webhook');
  // A receiver that answers 404: the test reports why it was not delivered.
  await form.getByLabel('Channel 2 Webhook URL').fill(`${baseURL}/no-receiver-here`);
  await expect(page.getByTestId('rule-sentence')).toHaveText(
    `When ServiceTitan has failed for more than 600 minutes (the board shows stale numbers), ` +
      `e-mail ${to} and call the webhook, and say so when it recovers.`,
  );
  await form.getByRole('button', { name: 'Create rule' }).click();

  // The signing secret, once, with a copy button.
  const secret = page.getByTestId('alert-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]+$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await secret.textContent(),
  );
  await page.getByRole('button', { name: 'Done' }).click();

  const card = page.getByTestId('alert-rule').filter({ hasText: name });
  await expect(card).toContainText(`E-mail: ${to}`);
  // A stranger's address is pending: it was sent one confirmation e-mail, and nothing else.
  const recipient = card.getByTestId('alert-recipient').filter({ hasText: to });
  await expect(recipient).toHaveAttribute('data-status', 'pending');
  await expect(recipient).toContainText('a confirmation link was e-mailed');

  // Its owner opens the link from the mail catcher and says yes.
  const catcherUrl = await page.getByTestId('mail-catcher-link').getAttribute('href');
  const caught = (await (await page.request.get(`${catcherUrl}messages.json`)).json()) as {
    messages: { to: string[]; subject: string; text: string }[];
  };
  const invite = caught.messages.find((m) => m.to.includes(to))!;
  expect(invite.subject).toBe('Demo Heating & Air would like to send you call board alerts');
  const link = /https?:\/\/\S+\/alerts\/confirm\/[\w-]+/.exec(invite.text)![0];
  const owner = await context.newPage();
  await owner.goto(link);
  await owner.getByRole('button', { name: 'Yes, send me these alerts' }).click();
  await expect(owner.getByRole('heading', { name: 'Confirmed' })).toBeVisible();
  await owner.close();
  await page.reload();
  await expect(recipient).toHaveAttribute('data-status', 'confirmed');

  await card.getByRole('button', { name: 'Send test' }).click();
  const result = card.getByTestId('alert-test-result');
  await expect(result).toContainText(`E-mail (${to}): test sent`);
  await expect(result).toContainText(/Webhook \(.*\): not sent: .*404/);

  // The delivery log: the e-mail delivered, the webhook failed with its reason.
  const log = page.getByTestId('alert-delivery').filter({ hasText: name });
  await expect(log.filter({ hasText: to })).toContainText('delivered');
  await expect(log.filter({ hasText: 'Webhook' })).toContainText(/failed[\s\S]*Failed: .*404/);

  // The mail catcher's page, linked in development, shows the message.
  const [catcher] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('mail-catcher-link').click(),
  ]);
  const mail = catcher.locator('article').filter({ hasText: `Test of "${name}"` });
  await expect(mail).toContainText(`To ${to}`);
  await expect(mail).toContainText('Company: Demo Heating & Air');
  await catcher.close();

  // Put the demo company back as it was.
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByTestId('alert-rule').filter({ hasText: name })).toHaveCount(0);
});

test('a plain member finds Alerts in the side menu and reads the rules, with nothing to change', async ({
  page,
}) => {
  await openSignedInBoard(page, demoAccounts.csr);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts/);
  await expect(
    page.getByTestId('alert-rule').filter({ hasText: 'Tomorrow behind at 2 PM' }),
  ).toBeVisible();
  await expect(page.getByText('an administrator changes them')).toBeVisible();
  await expect(page.getByTestId('new-alert-rule')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send test' })).toHaveCount(0);
});
