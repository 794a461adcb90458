import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle, Listener } from '../../db/index.js';
import type { BoardEvent, EventBus } from './contract.js';

/** The one channel every instance listens on. */
export const EVENTS_CHANNEL = 'cb_events';

const companyId = z.number().int().positive();
const boardId = z.number().int().positive();
/**
 * What arrives is checked: another app version (a rolling deploy) may send more or less. Every
 * event of the contract, every field: one missing here was dropped on every other instance
 * (`capacity.wanted` and `boards.changed` were, and a moved screen's or a board's `boardId` was
 * stripped); `SameEvents` below fails the build when the two differ.
 */
const boardEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('capacity.updated'), companyId }),
  z.object({ type: z.literal('capacity.fetched'), companyId, fetchedAt: z.iso.datetime() }),
  z.object({ type: z.literal('capacity.wanted'), companyId }),
  z.object({
    type: z.literal('settings.changed'),
    companyId,
    version: z.number().int(),
    boardId: boardId.optional(),
  }),
  z.object({ type: z.literal('boards.changed'), companyId }),
  z.object({ type: z.literal('preferences.changed'), companyId }),
  z.object({ type: z.literal('alerts.changed'), companyId }),
  z.object({
    type: z.literal('credentials.changed'),
    companyId: companyId.nullable(),
    userId: z.string().optional(),
  }),
  z.object({
    type: z.literal('screen.changed'),
    companyId,
    screenId: z.number().int(),
    revoked: z.boolean(),
    boardId: boardId.optional(),
  }),
  z.object({
    type: z.literal('session.ended'),
    sessionIdHash: z.string().optional(),
    userId: z.string().optional(),
  }),
]);

/** True only when the schema's events are exactly the contract's, both ways. */
type SameEvents<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaIsTheContract: SameEvents<z.infer<typeof boardEventSchema>, BoardEvent> = true;
void schemaIsTheContract;

/** A notification: the publishing instance and the event. */
const envelopeSchema = z.object({ from: z.string(), event: boardEventSchema });

function parseEnvelope(payload: string): { from: string; event: BoardEvent } | null {
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? (parsed.data as { from: string; event: BoardEvent }) : null;
  } catch {
    return null;
  }
}

/**
 * The event bus over the database's NOTIFY / LISTEN: every instance on one PostgreSQL hears
 * every event, the publisher included (one listening connection per instance); on PGlite the
 * same statements reach every app sharing the embedded database. The publisher's own listeners
 * are told at once, inside `publish` (so the request that made a change reads its own write:
 * its caches are already invalidated when it answers), and its own notification is skipped when
 * it comes back; a NOTIFY that fails (the database is unreachable) so still reaches them.
 */
export async function createDatabaseEventBus(
  database: DatabaseHandle,
  logger?: FastifyBaseLogger,
): Promise<EventBus> {
  const instance = crypto.randomUUID();
  const listeners = new Set<(event: BoardEvent) => void>();
  const missedListeners = new Set<() => void>();
  const deliver = (event: BoardEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        logger?.error({ err, type: event.type }, 'an event listener failed');
      }
    }
  };
  const listener: Listener = await database.listen(EVENTS_CHANNEL, {
    onNotify(payload) {
      const envelope = parseEnvelope(payload);
      if (!envelope) logger?.warn('ignored a notification this version does not understand');
      else if (envelope.from !== instance) deliver(envelope.event);
    },
    onReconnect() {
      logger?.info('listening for events again; caches and open boards catch up');
      for (const missed of missedListeners) missed();
    },
    onError(error) {
      logger?.warn({ err: error.message }, 'the events connection to the database was lost');
    },
  });
  let closed = false;
  return {
    async publish(event) {
      if (closed) return;
      deliver(event);
      try {
        await database.notify(EVENTS_CHANNEL, JSON.stringify({ from: instance, event }));
      } catch (err) {
        logger?.warn({ err, type: event.type }, 'could not tell other instances of an event');
      }
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    onMissedEvents(fn) {
      missedListeners.add(fn);
      return () => missedListeners.delete(fn);
    },
    async close() {
      closed = true;
      listeners.clear();
      missedListeners.clear();
      await listener.close();
    },
  };
}
