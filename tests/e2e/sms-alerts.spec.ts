import { expect, test } from '@playwright/test';
import { demoAccounts, openSignedInBoard } from './helpers.js';

/**
 * Text messages on the Alerts page (issue 36, decision 053), on a phone-sized screen: an admin
 * adds a rule texting a number typed as people write it; the number is pending with a place for
 * its code; the code the Twilio stand-in (which the embedded default runs) received is typed in;
 * Send test texts it, and the stand-in's signed callback makes the log say delivered.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an admin texts a number that agreed by its code, on a phone', async ({ page }) => {
  // Sign-in, a rule, a code, a test and the callback: more steps than most browser tests.
  test.slow();
  await openSignedInBoard(page, demoAccounts.manager);
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  const name = `Text me ${Date.now()}`;
  const number = `(312) 555-01${String(Date.now() % 100).padStart(2, '0')}`;
  const e164 = `+1312555${number.slice(-4)}`;
  const spaced = `+1 312 555 ${number.slice(-4)}`;

  await page.getByTestId('new-alert-rule').click();
  const form = page.getByTestId('alert-rule-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Channel 1 kind').selectOption('sms');
  // Not a number: the shared schema says so under the field, and nothing is saved.
  await form.getByLabel('Phone numbers').fill('555-01');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form.getByRole('alert').first()).toContainText('E.164');
  await form.getByLabel('Phone numbers').fill(number);
  await expect(page.getByTestId('rule-sentence')).toContainText(`text ${e164}`);
  await form.getByRole('button', { name: 'Create rule' }).click();

  const card = page.getByTestId('alert-rule').filter({ hasText: name });
  await expect(card).toContainText(`Text message: ${spaced}`);
  const recipient = card.getByTestId('alert-recipient').filter({ hasText: spaced });
  await expect(recipient).toHaveAttribute('data-status', 'pending');
  await expect(recipient).toContainText('Waiting for the 6-digit code sent to this number');

  // The code as the phone received it (the stand-in's list of texts, linked in development).
  const standin = await page.getByTestId('sms-standin-link').getAttribute('href');
  const texts = (await (await page.request.get(`${standin}messages.json`)).json()) as {
    messages: { to: string; body: string }[];
  };
  const sent = texts.messages.filter((m) => m.to === e164);
  expect(sent).toHaveLength(1);
  const code = /code: (\d{6})\./.exec(sent[0]!.body)![1]!;

  await page.screenshot({
    path: '/work/coord/shots/sms/alerts-sms-pending-phone.png',
    fullPage: false,
  });
  const codeInput = recipient.getByPlaceholder('6-digit code');
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await recipient.getByRole('button', { name: 'Confirm number' }).click();
  await expect(recipient.getByRole('alert')).toContainText('not the code sent to this number');
  await codeInput.fill(code);
  await recipient.getByRole('button', { name: 'Confirm number' }).click();
  await expect(recipient).toHaveAttribute('data-status', 'confirmed');

  await card.getByRole('button', { name: 'Send test' }).click();
  await expect(card.getByTestId('alert-test-result')).toContainText(
    `Text message (${spaced}): test sent`,
  );
  await page.reload();
  const log = page.getByTestId('alert-delivery').filter({ hasText: name });
  await expect(log.first()).toContainText('delivered');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: '/work/coord/shots/sms/alerts-sms-confirmed-phone.png',
    fullPage: true,
  });

  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByTestId('alert-rule').filter({ hasText: name })).toHaveCount(0);
});
