/// <reference lib="webworker" />
import type { PushPayload } from '../../shared/api/push';
import { openTarget } from './open-target';

/**
 * The service worker (issue 36, decision 052), served as `/sw.js` and registered only when a
 * person turns on notifications (never by the board or a TV's page). It shows the notification
 * a push message carries and opens the board it names on a click. It has no `fetch` handler:
 * pages, the board's numbers and every API answer go to the network as if it were not there,
 * and nothing is cached.
 */

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
/** Android's status bar draws only the badge's alpha: the mark in white on nothing. */
const BADGE = '/icons/badge-96.png';

/** The message's notification; a message that is not ours still shows something honest. */
function payloadOf(data: PushMessageData | null): PushPayload {
  try {
    const parsed = data?.json() as Partial<PushPayload> | undefined;
    if (parsed && typeof parsed.title === 'string') {
      return {
        title: parsed.title,
        body: typeof parsed.body === 'string' ? parsed.body : '',
        url: typeof parsed.url === 'string' ? parsed.url : '/',
        tag: typeof parsed.tag === 'string' ? parsed.tag : 'call-board',
        at: typeof parsed.at === 'string' ? parsed.at : new Date().toISOString(),
      };
    }
  } catch {
    // Not JSON: fall through.
  }
  return {
    title: '3-Day Call Board',
    body: data?.text() ?? 'Open the board to see what changed.',
    url: '/',
    tag: 'call-board',
    at: new Date().toISOString(),
  };
}

self.addEventListener('install', () => {
  // A new version takes over at once: it only shows notifications, nothing to migrate.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = payloadOf(event.data);
  const at = Date.parse(payload.at);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      // A rule's newer message replaces its older one and still rings.
      renotify: true,
      icon: ICON,
      badge: BADGE,
      timestamp: Number.isNaN(at) ? Date.now() : at,
      data: { url: payload.url },
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = openTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The board already open in a window or the Home Screen app: bring it forward.
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});

/**
 * The browser replaced the subscription (it expired, or the push service rotated it): subscribe
 * again with the same key and tell the server, which sends to the new one. The old one's next
 * message answers 410 and the server removes it.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
  };
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      const subscription =
        change.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!subscription) return;
      await fetch('/api/push-subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })(),
  );
});
