import type { FastifyBaseLogger } from 'fastify';
import type {
  PushDevice,
  PushMember,
  PushPayload,
  PushSubscriptionBody,
  PushTestResult,
} from '../../../shared/api/push.js';
import { MAX_DEVICES_PER_PERSON } from '../../../shared/api/push.js';
import { can, type Actor, type Permission } from '../../../shared/permissions.js';
import type { Role } from '../../db/schema.js';
import type { AlertMessage } from '../alerts/alert-store.js';
import type { SendOutcome } from '../alerts/channels.js';
import type { OutgoingClient } from '../alerts/outgoing-guard.js';
import type { Database } from '../../db/index.js';
import type { SecretBox } from '../../security/secret-box.js';
import { deviceLabel } from './device-label.js';
import { createPushSender, pushPayload, type DeviceOutcome } from './push-sender.js';
import { createPushStore, type OpenSubscription, type SubscriptionRow } from './push-store.js';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.js';

/**
 * Push notifications (issue 36, decision 052): people's devices, the VAPID key pair, and an
 * alert rule's push channel. A channel names members (`userIds`), or none: every admin of the
 * company who has a device. A device is its owner's consent: a person turns notifications on
 * on their own device, for themselves, and only people who may see the company's alerts are
 * reached. A push service's 404 or 410 deletes the device.
 */

/** A rule's push channel (the alerts channel list's `{ type: 'push', userIds? }`). */
export interface PushChannel {
  type: 'push';
  userIds?: string[] | undefined;
}

interface Person {
  id: string;
  role: Role;
  companyId: number | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

const actorOfPerson = (person: Person): Actor => ({
  kind: 'person',
  id: person.id,
  role: person.role,
  companyId: person.companyId,
});

export const personName = (person: Pick<Person, 'email' | 'firstName' | 'lastName'>) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email;

/** Who a channel reaches: the named people who may see the company's alerts, or its admins. */
export const recipientRule = (channel: PushChannel): Permission =>
  channel.userIds ? 'alerts.view' : 'alerts.manage';

export function createPushService(deps: {
  db: Database;
  secretBox: SecretBox;
  outgoing: OutgoingClient;
  now: () => Date;
  publicUrl: string;
  configuredKeys: VapidKeys | undefined;
  subject: string;
  logger?: FastifyBaseLogger;
}) {
  const store = createPushStore({ db: deps.db, secretBox: deps.secretBox });
  let loading: Promise<VapidKeys> | null = null;
  /** The key pair, read (or made) once per instance. */
  function vapid(): Promise<VapidKeys> {
    loading ??= loadVapidKeys({
      db: deps.db,
      secretBox: deps.secretBox,
      configured: deps.configuredKeys,
    }).then(
      ({ keys, generated }) => {
        if (generated)
          deps.logger?.info(
            'generated a VAPID key pair for push notifications and stored it in the database (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to choose your own)',
          );
        return keys;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }
  const sender = createPushSender({ outgoing: deps.outgoing, vapid, subject: deps.subject });

  /** The people a channel of `companyId`'s rule reaches now. */
  async function recipients(companyId: number, channel: PushChannel): Promise<Person[]> {
    const candidates = channel.userIds
      ? await store.people(channel.userIds)
      : await store.membersOf(companyId);
    const rule = recipientRule(channel);
    return candidates.filter((p) => can(actorOfPerson(p), rule, { companyId }));
  }

  /** Records what one device's push service answered; true when it got the message. */
  async function settle(
    device: OpenSubscription,
    outcome: DeviceOutcome,
    deliveryId: number | null,
  ): Promise<void> {
    const at = deps.now();
    if (outcome.kind === 'sent') {
      if (deliveryId !== null) await store.settle(deliveryId, device.id, 'sent', at);
      await store.recordOutcome(device.id, { sentAt: at });
    } else if (outcome.kind === 'gone') {
      await store.remove(device.id);
      deps.logger?.info({ subscriptionId: device.id }, 'push subscription gone: removed');
    } else {
      if (outcome.kind === 'failed' && deliveryId !== null)
        await store.settle(deliveryId, device.id, 'failed', at);
      await store.recordOutcome(device.id, { error: outcome.error });
    }
  }

  return {
    store,
    vapid,
    async publicKey(): Promise<string> {
      return (await vapid()).publicKey;
    },

    /** Saves the caller's browser subscription (`tooMany` past the per-person limit). */
    async subscribe(
      userId: string,
      body: PushSubscriptionBody,
      userAgent: string | undefined,
    ): Promise<{ device: PushDevice; created: boolean } | { tooMany: true }> {
      const saved = await store.save(
        {
          userId,
          endpoint: body.endpoint,
          keys: body.keys,
          expiresAt:
            body.expirationTime === null || body.expirationTime === undefined
              ? null
              : new Date(body.expirationTime),
          label: deviceLabel(userAgent),
        },
        deps.now(),
        MAX_DEVICES_PER_PERSON,
      );
      if ('tooMany' in saved) return saved;
      return { device: store.view(saved.row), created: saved.created };
    },

    async devices(userId: string): Promise<PushDevice[]> {
      return (await store.listOf(userId)).map(store.view);
    },

    /** A device and its owner's company (for the permission rules), or null. */
    async device(
      id: number,
    ): Promise<(SubscriptionRow & { ownerCompanyId: number | null }) | null> {
      const row = await store.byId(id);
      if (!row) return null;
      const [owner] = await store.people([row.userId]);
      return { ...row, ownerCompanyId: owner?.companyId ?? null };
    },

    remove: store.remove,
    view: store.view,

    /** A test notification to one device, now (its owner's "Send a test"). */
    async test(row: SubscriptionRow): Promise<PushTestResult> {
      const device = store.open(row);
      const payload: PushPayload = {
        title: 'Notifications are on',
        body: 'Alerts about your call board will arrive on this device like this one.',
        url: `${deps.publicUrl}/alerts`,
        tag: 'test',
        at: deps.now().toISOString(),
      };
      const outcome = await sender.send(device, payload, { urgency: 'high', topic: 'test' });
      await settle(device, outcome, null);
      return outcome.kind === 'sent'
        ? { ok: true, error: null, removed: false }
        : { ok: false, error: outcome.error, removed: outcome.kind === 'gone' };
    },

    /** The members a push channel of `companyId` can name, with their devices. */
    async members(companyId: number): Promise<PushMember[]> {
      const members = (await store.membersOf(companyId)).filter((p) =>
        can(actorOfPerson(p), 'alerts.view', { companyId }),
      );
      const counts = await store.deviceCounts(members.map((m) => m.id));
      return members.map((m) => ({
        userId: m.id,
        name: personName(m),
        email: m.email,
        admin: can(actorOfPerson(m), 'alerts.manage', { companyId }),
        devices: counts.get(m.id) ?? 0,
      }));
    },

    /**
     * A channel's problems for a rule of `companyId` (field → message): every id must be someone
     * who may see the company's alerts.
     */
    async channelProblems(
      companyId: number,
      channel: PushChannel,
      field: string,
    ): Promise<{ field: string; message: string }[]> {
      if (!channel.userIds) return [];
      const allowed = new Set((await recipients(companyId, channel)).map((p) => p.id));
      return channel.userIds.flatMap((id, index) =>
        allowed.has(id)
          ? []
          : [
              {
                field: `${field}.userIds[${index}]`,
                message: 'is not a member of the company whose alerts these are',
              },
            ],
      );
    },

    /** The names of the people each push channel names (the rule's card shows them). */
    async names(userIds: string[]): Promise<Map<string, string>> {
      const people = await store.people([...new Set(userIds)]);
      return new Map(people.map((p) => [p.id, personName(p)]));
    },

    /**
     * One alert delivery of a push channel: the message to every device of its recipients that
     * it has not yet reached (a retry skips the ones that got it). Delivered when at least one
     * device got it and none waits for another try.
     */
    async sendAlert(context: {
      deliveryId: number;
      ruleId: number;
      companyId: number;
      channel: PushChannel;
      message: AlertMessage;
    }): Promise<SendOutcome> {
      const people = await recipients(context.companyId, context.channel);
      const devices = await store.devicesOf(people.map((p) => p.id));
      const settled = await store.settledFor(context.deliveryId);
      const pending = devices.filter((d) => !settled.has(d.id));
      const alreadySent = [...settled.values()].filter((o) => o === 'sent').length;
      if (devices.length === 0 && alreadySent === 0)
        return {
          ok: false,
          retry: false,
          error: context.channel.userIds
            ? 'nobody it names has notifications on on a device yet (Alerts page: Notify me on this device)'
            : 'no admin of the company has notifications on on a device yet (Alerts page: Notify me on this device)',
        };
      const payload = pushPayload(context.message, context.ruleId);
      const urgency = context.message.event === 'resolved' ? 'normal' : 'high';
      const outcomes = await Promise.all(
        pending.map(async (device) => {
          const outcome = await sender.send(device, payload, {
            urgency,
            topic: `rule-${context.ruleId}`,
          });
          await settle(device, outcome, context.deliveryId);
          return outcome;
        }),
      );
      const sent = alreadySent + outcomes.filter((o) => o.kind === 'sent').length;
      const problems = outcomes.flatMap((o) => (o.kind === 'sent' ? [] : [o]));
      const reached = `reached ${sent} of ${sent + problems.length} devices`;
      const reasons = [...new Set(problems.map((p) => p.error))].join('; ');
      if (problems.some((p) => p.kind === 'retry'))
        return { ok: false, retry: true, error: `${reached}; ${reasons}` };
      if (sent > 0) return { ok: true };
      return { ok: false, retry: false, error: `${reached}: ${reasons}` };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
