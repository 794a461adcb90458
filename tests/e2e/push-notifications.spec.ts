import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.js';
import { startPushService, type PushServiceStandin } from '../../standins/push-service/index.js';
import { createPushUserAgent } from '../../standins/push-service/user-agent.js';
import { demoAccounts, signInAs, signInAsNewCompanyAdmin } from './helpers.js';

/**
 * Push notifications in the browser (issue 36), on a phone-sized screen. The one fake is the
 * browser's own push service: headless Chromium cannot reach Google's, so `pushManager` hands the
 * page a subscription at the push service stand-in, with keys this test holds. Everything else is
 * the product: the Alerts page's button, the permission, the service worker `/sw.js`, the server
 * saving the device and sending an encrypted, VAPID-signed message, which the test decrypts and
 * delivers to the service worker (Chrome DevTools' ServiceWorker.deliverPushMessage, what the
 * push service's connection would do), and the notification the worker shows.
 */

const PHONE = { width: 390, height: 844 };
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let pushService: PushServiceStandin;

test.beforeAll(async () => {
  pushService = await startPushService();
});
test.afterAll(async () => {
  await pushService?.close();
});

async function phone(browser: Browser, userAgent: string) {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    userAgent,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'America/New_York',
  });
}

/**
 * The browser's push service, stood in for: `subscribe` answers a subscription at `endpoint`
 * with `keys` (kept for the tab's life, as a browser keeps its own), `getSubscription` finds it.
 */
async function standInForBrowserPushService(
  context: BrowserContext,
  endpoint: string,
  keys: { p256dh: string; auth: string },
) {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const SAVED = 'e2e-push-subscription';
      const make = (serverKey: ArrayBuffer) => ({
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: serverKey, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        getKey: () => null,
        unsubscribe: async () => {
          sessionStorage.removeItem(SAVED);
          return true;
        },
      });
      const decode = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)).buffer;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        sessionStorage.setItem(SAVED, btoa(String.fromCharCode(...key)));
        return make(key.buffer) as never;
      };
      PushManager.prototype.getSubscription = async function () {
        const saved = sessionStorage.getItem(SAVED);
        return (saved ? make(decode(saved)) : null) as never;
      };
    },
    { endpoint, keys },
  );
}

/** The notifications the service worker is showing, as the page's registration lists them. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: n.badge,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

test('a person turns on notifications on their phone, and a test arrives as a notification', async ({
  browser,
}, testInfo) => {
  const context = await phone(browser, ANDROID_CHROME);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const agent = createPushUserAgent();
  const page = await context.newPage();
  await signInAsNewCompanyAdmin(page, 'push');
  const { publicKey } = await (await page.request.get('/api/push/public-key')).json();
  const subscription = pushService.subscribe(publicKey);
  await standInForBrowserPushService(context, subscription.endpoint, agent.keys);

  await page.goto('/alerts');
  const card = page.getByTestId('notify-card');
  await expect(card.getByRole('heading', { name: 'Notifications on your devices' })).toBeVisible();
  // Nothing is registered until the person asks.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('phone-notify-me.png') });
  await card.getByRole('button', { name: 'Notify me on this device' }).click();
  await expect(card.getByTestId('push-on-here')).toHaveText('This device gets notifications.');
  const device = card.getByTestId('push-device');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('Chrome on Android');
  await expect(device).toContainText('This device');
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL),
  ).toBe(`${baseURL}/sw.js`);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('phone-notifications-on.png') });

  // Send a test: the push service gets one encrypted message this device's keys read.
  await device.getByRole('button', { name: 'Send a test' }).click();
  await expect(page.getByText('Test sent').first()).toBeVisible();
  await expect.poll(() => pushService.messages(subscription.id).length).toBe(1);
  const [message] = pushService.messages(subscription.id);
  const data = agent.decrypt(message!.body);
  expect(JSON.parse(data)).toMatchObject({
    title: 'Notifications are on',
    url: `${baseURL}/alerts`,
  });

  // What the push service's connection does next: hand the message to the service worker.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
    registrations.push(...event.registrations),
  );
  await cdp.send('ServiceWorker.enable');
  // The page's own registration (the app's scope, not one deleted), once its worker is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const live = () => registrations.findLast((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`);
  await expect.poll(() => live()?.registrationId).toBeTruthy();
  // As a push service does, the message is handed over again until the worker has shown it (a
  // busy machine's worker once showed nothing within 15 s of the first delivery; the tag
  // 'test' replaces a notification shown twice, so exactly one is expected).
  let deliveredAt = 0;
  const deliverAndLook = async () => {
    const shown = await shownNotifications(page);
    if (shown.length === 0 && Date.now() - deliveredAt > 5_000) {
      deliveredAt = Date.now();
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL,
        registrationId: live()!.registrationId,
        data,
      });
    }
    return shown;
  };
  await expect.poll(deliverAndLook, { timeout: 45_000 }).toEqual([
    {
      title: 'Notifications are on',
      body: 'Alerts about your call board will arrive on this device like this one.',
      tag: 'test',
      icon: `${baseURL}/icons/icon-192.png`,
      badge: `${baseURL}/icons/badge-96.png`,
      url: `${baseURL}/alerts`,
    },
  ]);
  await testInfo.attach('notification', {
    body: JSON.stringify(await shownNotifications(page), null, 2),
    contentType: 'application/json',
  });

  // A rule's push channel, made with the form: its Send test reaches this phone too, and the
  // notification opens the rule's board.
  await page.getByTestId('new-alert-rule').click();
  const form = page.getByTestId('alert-rule-form');
  await form.getByLabel('Name').fill('Numbers stale');
  await form.getByLabel('Alert when').selectOption('stale');
  await form.getByLabel('Channel 1 kind').selectOption('push');
  await expect(form.getByLabel('Channel 1 who')).toHaveValue('admins');
  await expect(form.getByTestId('push-admins-summary')).toContainText('1 admin, 1 device now.');
  await expect(page.getByTestId('rule-sentence')).toContainText(
    'notify every admin who turned on notifications',
  );
  await form.getByRole('button', { name: 'Create rule' }).click();
  // No signing secret to show: the rule has no webhook (issue 33 item 7).
  await expect(form).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const rule = page.getByTestId('alert-rule').filter({ hasText: 'Numbers stale' });
  await expect(rule).toContainText('Push notification: every admin who turned on notifications');
  await rule.getByRole('button', { name: 'Send test' }).click();
  await expect(rule.getByTestId('alert-test-result')).toContainText(
    'Push notification (devices of every admin who turned on notifications): test sent',
  );
  await expect.poll(() => pushService.messages(subscription.id).length).toBe(2);
  const alert = agent.decrypt(pushService.messages(subscription.id)[1]!.body);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId: registrations[0]!.registrationId,
    data: alert,
  });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag !== 'test'))
    .toMatchObject({
      title: expect.stringMatching(/^Test of "Numbers stale"/),
      url: `${baseURL}/`,
    });

  // Removing the device ends it here too, and the button comes back.
  await device.getByRole('button', { name: 'Remove Chrome on Android' }).click();
  await expect(card.getByTestId('push-device')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Notify me on this device' })).toBeVisible();
  await context.close();
});

test('an iPhone in Safari is told to add the app to its Home Screen before anything is asked', async ({
  browser,
}, testInfo) => {
  const context = await phone(browser, IPHONE_SAFARI);
  const page = await context.newPage();
  await signInAs(page, demoAccounts.csr);
  await page.goto('/alerts');
  const card = page.getByTestId('notify-card');
  const steps = card.getByTestId('push-add-to-home-screen');
  await expect(steps).toContainText('First, add Call Board to your Home Screen');
  await expect(steps).toContainText('Choose Add to Home Screen, then Add.');
  await expect(steps).toContainText('Tap Notify me on this device there, and allow notifications.');
  await expect(card.getByRole('button', { name: 'Notify me on this device' })).toHaveCount(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await steps.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('iphone-add-to-home-screen.png') });

  // What "Add to Home Screen" installs: a standalone app with its icons, maskable ones too.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );
  for (const icon of icons) expect((await page.request.get(icon.src)).ok()).toBe(true);
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await page.request.get(touchIcon!)).headers()['content-type']).toBe('image/png');

  // A TV's page needs none of it: no manifest, and nothing registered.
  const tv = await context.newPage();
  await tv.goto('/tv');
  await expect(tv.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await tv.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  await context.close();
});
