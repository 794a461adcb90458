import type { PushSubscriptionBody } from '@shared/api/push';
import { fetchPublicKey, saveSubscription } from '../api/push-api';

/**
 * This browser and Web Push (issue 36): whether it can take notifications, and if not why in a
 * person's words; its service worker (registered only when the person asks for notifications,
 * never on the board or a TV's page); its subscription, made with the server's VAPID key and
 * handed to the server.
 */

export type PushEnvironment =
  /** Push works here: ask when the person taps the button. */
  | 'supported'
  /** An iPhone or iPad in a browser tab: only Home Screen apps get notifications (iOS 16.4+). */
  | 'ios-add-to-home-screen'
  /** A Home Screen app on an iPhone or iPad too old for Web Push (before iOS 16.4). */
  | 'ios-too-old'
  /** Not https (and not localhost): browsers offer no push there. */
  | 'insecure'
  /** A browser without the Push API or service workers. */
  | 'unsupported';

interface BrowserFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  standalone: boolean;
  secure: boolean;
  hasPush: boolean;
}

/** iPhone, iPod, iPad, and an iPad that says it is a Mac (iPadOS 13+ asks for desktop sites). */
export const isAppleMobile = (
  facts: Pick<BrowserFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>,
) =>
  /iPhone|iPad|iPod/.test(facts.userAgent) ||
  (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1);

/** What this browser can do, from its facts (kept pure for tests). */
export function pushEnvironmentOf(facts: BrowserFacts): PushEnvironment {
  if (!facts.secure) return 'insecure';
  if (isAppleMobile(facts)) {
    // Safari on iOS offers push only to Home Screen apps: explain before asking anything.
    if (!facts.standalone) return 'ios-add-to-home-screen';
    if (!facts.hasPush) return 'ios-too-old';
    return 'supported';
  }
  return facts.hasPush ? 'supported' : 'unsupported';
}

export function pushEnvironment(): PushEnvironment {
  return pushEnvironmentOf({
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    secure: window.isSecureContext,
    hasPush: 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  });
}

/**
 * The service worker's address (its scope is the whole site). The development server answers it
 * with the worker's source, a module (vite.config.ts); the build makes it one classic script.
 */
const WORKER_URL = '/sw.js';

/** SHA-256 (hex) of an endpoint: how the server's device list names this browser's. */
export async function endpointSha256(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's current subscription, if it has one (nothing is registered to find out). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const fromBase64Url = (text: string) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Asks for permission (call it from the tap itself: Safari asks only then), registers the
 * service worker, subscribes with the server's key (again if the key changed) and tells the
 * server. Answers the permission when it was not granted.
 */
export async function turnOnNotifications(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await navigator.serviceWorker.register(WORKER_URL, {
    scope: '/',
    type: import.meta.env.DEV ? 'module' : 'classic',
    // The worker's script is always asked for afresh, never from the HTTP cache.
    updateViaCache: 'none',
  });
  const registration = await navigator.serviceWorker.ready;
  const key = fromBase64Url(await fetchPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await saveSubscription(subscription.toJSON() as PushSubscriptionBody);
  return permission;
}

/** This browser's subscription ends (the server's device is removed separately). */
export async function unsubscribeHere(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}
