import type { PushDevice } from '@shared/api/push';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing, Check, Send, Share, SquarePlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { reportError } from '@/lib/report-error';
import { MY_DEVICES_KEY, useMyDevices, useRemoveDevice, useTestDevice } from '../api/push-api';
import {
  currentSubscription,
  endpointSha256,
  pushEnvironment,
  turnOnNotifications,
  unsubscribeHere,
  type PushEnvironment,
} from '../lib/this-device';

/** This browser's permission and subscription (read from the browser, not the server). */
const THIS_BROWSER_KEY = ['push', 'this-browser'] as const;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const moment = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** What this browser is: its environment, its permission, and its subscription's hash. */
function useThisBrowser() {
  const [environment] = useState<PushEnvironment>(() => pushEnvironment());
  const state = useQuery({
    queryKey: THIS_BROWSER_KEY,
    queryFn: async () => {
      const subscription = await currentSubscription().catch(() => null);
      return {
        permission: Notification.permission,
        hash: subscription ? await endpointSha256(subscription.endpoint) : null,
      };
    },
    enabled: environment === 'supported',
    staleTime: Infinity,
  });
  return {
    environment,
    permission: state.data?.permission ?? null,
    hash: state.data?.hash ?? null,
  };
}

/** iPhone and iPad: notifications come only to Home Screen apps, so that comes first. */
function AddToHomeScreen() {
  return (
    <div className="grid gap-3" data-testid="push-add-to-home-screen">
      <p className="font-medium">First, add Call Board to your Home Screen</p>
      <p className="text-sm text-muted-foreground">
        On iPhone and iPad, notifications come only to apps on the Home Screen (iOS 16.4 or later).
        It takes a moment:
      </p>
      <ol className="grid gap-2 text-sm">
        <li className="flex items-start gap-2">
          <span className="font-semibold">1.</span>
          <span>
            Tap the Share button{' '}
            <Share
              className="inline h-4 w-4 align-text-bottom"
              aria-label="(the square with an arrow)"
            />{' '}
            in Safari&apos;s toolbar.
          </span>
        </li>
        <li className="flex items-start gap-2">
          <span className="font-semibold">2.</span>
          <span>
            Choose <SquarePlus className="inline h-4 w-4 align-text-bottom" aria-hidden />{' '}
            <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
          </span>
        </li>
        <li className="flex items-start gap-2">
          <span className="font-semibold">3.</span>
          <span>
            Open <strong>Call Board</strong> from your Home Screen, sign in, and come back to
            Alerts.
          </span>
        </li>
        <li className="flex items-start gap-2">
          <span className="font-semibold">4.</span>
          <span>
            Tap <strong>Notify me on this device</strong> there, and allow notifications.
          </span>
        </li>
      </ol>
    </div>
  );
}

function Explanation({ environment }: { environment: Exclude<PushEnvironment, 'supported'> }) {
  if (environment === 'ios-add-to-home-screen') return <AddToHomeScreen />;
  const words: Record<typeof environment, string> = {
    'ios-too-old':
      'This iPhone or iPad needs iOS 16.4 or later for notifications: update it in Settings, General, Software Update.',
    insecure:
      'Notifications need the board on a secure (https) address. Ask whoever runs it to serve it over https.',
    unsupported:
      'This browser cannot show notifications from websites. Chrome, Edge, Firefox and Safari can.',
  };
  return (
    <p className="text-sm text-muted-foreground" data-testid="push-unavailable">
      {words[environment]}
    </p>
  );
}

function DeviceRow({ device, here }: { device: PushDevice; here: boolean }) {
  const queryClient = useQueryClient();
  const test = useTestDevice();
  const remove = useRemoveDevice();
  return (
    <li
      className="grid gap-2 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid="push-device"
    >
      <div className="grid gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{device.label}</span>
          {here && <Badge variant="secondary">This device</Badge>}
        </div>
        <span className="text-muted-foreground">
          On since {day(device.createdAt)}
          {device.lastSentAt ? ` · last notified ${moment(device.lastSentAt)}` : ''}
        </span>
        {device.lastError && (
          <span className="text-amber-700 dark:text-amber-300">Last try: {device.lastError}</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending}
          onClick={() => test.mutate(device.id)}
        >
          <Send aria-hidden /> {test.isPending ? 'Sending...' : 'Send a test'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={remove.isPending}
          aria-label={`Remove ${device.label}`}
          onClick={() =>
            remove.mutate(device.id, {
              // This browser's own subscription ends too, so it is not offered to anyone again.
              onSuccess: async () => {
                if (!here) return;
                await unsubscribeHere().catch(() => undefined);
                await queryClient.invalidateQueries({ queryKey: THIS_BROWSER_KEY });
              },
            })
          }
        >
          <Trash2 aria-hidden /> Remove
        </Button>
      </div>
    </li>
  );
}

/**
 * "Notify me on this device" on the Alerts page (issue 36): turns on push notifications for the
 * signed-in person on this browser, after explaining what an iPhone needs first; lists the
 * person's own devices, each with a test and a remove.
 */
export function NotifyCard({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const devices = useMyDevices();
  const browser = useThisBrowser();
  const [busy, setBusy] = useState(false);
  const list = devices.data?.devices ?? [];
  const here = list.find((d) => d.endpointSha256 === browser.hash) ?? null;

  async function turnOn() {
    setBusy(true);
    try {
      await turnOnNotifications();
      await queryClient.invalidateQueries({ queryKey: MY_DEVICES_KEY });
    } catch (error) {
      reportError(error, 'This browser could not turn on notifications. Please try again.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: THIS_BROWSER_KEY });
      setBusy(false);
    }
  }

  return (
    <Card data-testid="notify-card">
      <CardHeader className="gap-1 pb-3">
        <CardTitle as="h2" className="text-lg">
          Notifications on your devices
        </CardTitle>
        <CardDescription>
          Get alerts on your phone or computer: rules that name you
          {isAdmin ? ', or every admin,' : ''} reach each device where you turn them on.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {browser.environment !== 'supported' ? (
          <Explanation environment={browser.environment} />
        ) : browser.permission === 'denied' ? (
          <p className="flex items-start gap-2 text-sm" data-testid="push-blocked">
            <BellOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            Notifications are blocked for this site in this browser. Allow them in its site settings
            (the icon left of the address), then come back here.
          </p>
        ) : here ? (
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="push-on-here">
            <Check className="h-4 w-4 shrink-0 text-green-600" aria-hidden />
            This device gets notifications.
          </p>
        ) : (
          <div className="grid justify-items-start gap-2">
            <Button onClick={() => void turnOn()} disabled={busy} data-testid="notify-me">
              <BellRing aria-hidden /> {busy ? 'Turning on...' : 'Notify me on this device'}
            </Button>
            <p className="text-xs text-muted-foreground">
              Your browser asks whether to allow notifications from Call Board.
            </p>
          </div>
        )}

        {list.length > 0 && (
          <section aria-labelledby="my-devices-heading" className="grid gap-2">
            <h3 id="my-devices-heading" className="text-sm font-semibold">
              Your devices
            </h3>
            <ul className="divide-y rounded-md border" data-testid="push-devices">
              {list.map((device) => (
                <DeviceRow key={device.id} device={device} here={device.id === here?.id} />
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
