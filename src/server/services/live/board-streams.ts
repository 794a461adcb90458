import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '../../../shared/api/live.js';
import type { BoardEvent, EventBus } from '../events/contract.js';

/** What a board or screen is told (the SSE `event:` names). */
export type StreamMessage = LiveMessage;

/** Who is at the other end of a stream, and how to talk to it. */
export interface StreamClient {
  /** The company whose board it shows (null: a person with no company; version news only). */
  companyId: number | null;
  /** The board it shows (issue 26): a moved screen's stream follows it. */
  boardId?: number | null;
  sessionIdHash?: string | null;
  userId?: string | null;
  /** A paired screen (issue 11). */
  screenId?: number | null;
  /**
   * `prepared`: the message's data as JSON text already (a board's answer, serialized once for
   * every screen of the board), sent as it is instead of `data`. `frame`: the whole SSE message
   * (id, event and that data) as bytes, made once for every screen of the board, to write as it
   * is: a wall of screens shares one buffer instead of a copy of the answer per screen.
   */
  send(message: StreamMessage & { id?: string; prepared?: string; frame?: Buffer }): void;
  /** Ends the stream (the client may reconnect, and is then judged afresh). */
  close(): void;
}

/**
 * A message as the SSE format frames it. Its data is one line of JSON (JSON.stringify escapes
 * line breaks), or `prepared`, JSON text made once for many streams.
 */
export function sseFrame(message: StreamMessage & { id?: string; prepared?: string }): string {
  const data = message.prepared ?? JSON.stringify(message.data);
  return `${message.id ? `id: ${message.id}\n` : ''}event: ${message.event}\ndata: ${data}\n\n`;
}

/**
 * A `heartbeat` message to every stream this often: proxies and load balancers close connections
 * idle for 30-60 s, and a client that hears none for two of them reconnects (issue 33, item 6).
 */
export const HEARTBEAT_MS = 20_000;

/** How many recent company messages each instance keeps for Last-Event-ID replay. */
const REPLAY_BUFFER = 1_000;

interface Buffered {
  seq: number;
  companyId: number;
  /** Only for the streams of this board (a board's settings). */
  boardId?: number | undefined;
  message: StreamMessage;
}

export interface BoardStreams {
  /**
   * Registers an open stream: sends `hello` (with this instance's build version), replays what
   * it missed since `lastEventId` when this instance still has it, else asks for a `resync`.
   * Returns the function to call when the stream closes.
   */
  open(client: StreamClient, lastEventId: string | null): () => void;
  /** How many streams are open on this instance. */
  count(): number;
  /** Ends every stream (shutdown: a server that is closing waits for open connections). */
  closeAll(): void;
}

/**
 * The open board and screen streams of this instance and what each hears from the event bus:
 * only its own company's events, its own session's end and its own screen's revocation.
 * Event ids are `<instance>.<sequence>`; a reconnect with a Last-Event-ID of this instance gets
 * the company messages it missed from memory, any other (another instance, too old) a `resync`,
 * after which the client re-reads its board: either way it ends consistent.
 */
export function createBoardStreams(deps: {
  events: EventBus;
  buildVersion: string;
  logger?: FastifyBaseLogger;
  /**
   * A board's answer as a paired screen reads it (JSON text, prepared once per board), or null
   * when there is none to send: then the screens re-read, as people's boards always do (issue
   * 26, item 6: no request storm after every update).
   */
  screenAnswer?: (companyId: number, boardId: number | null) => Promise<string | null>;
  /** How often every stream gets a heartbeat (default HEARTBEAT_MS; tests: shorter). */
  heartbeatMs?: number;
}): BoardStreams & { close(): void } {
  const { events, buildVersion, screenAnswer } = deps;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const instance = crypto.randomBytes(4).toString('hex');
  const clients = new Set<StreamClient>();
  /**
   * The same streams by company: an event of one company looks only at its streams (a
   * `capacity.fetched` comes every interval for every company, and an instance may hold
   * thousands of screens of hundreds of companies).
   */
  const byCompany = new Map<number | null, Set<StreamClient>>();
  const streamsOf = (companyId: number | null): Iterable<StreamClient> =>
    byCompany.get(companyId) ?? [];
  const buffer: Buffered[] = [];
  let seq = 0;

  const idOf = (n: number) => `${instance}.${n}`;
  /**
   * When each stream was last written to (performance.now()). A stream written to lately gets no
   * heartbeat: anything heard proves it alive to its client and to proxies on the way, and at
   * 10,000 screens each write is a socket's system call (issue 33, item 9), so a board told of
   * its numbers every interval needs none besides.
   */
  const spokeAt = new Map<StreamClient, number>();
  function say(client: StreamClient, message: Parameters<StreamClient['send']>[0]): void {
    client.send(message);
    spokeAt.set(client, performance.now());
  }

  const hears = (client: StreamClient, companyId: number, boardId: number | undefined) =>
    client.companyId === companyId &&
    (boardId === undefined || client.boardId == null || client.boardId === boardId);

  function toCompany(companyId: number, message: StreamMessage, boardId?: number): void {
    seq += 1;
    buffer.push({ seq, companyId, boardId, message });
    if (buffer.length > REPLAY_BUFFER) buffer.shift();
    for (const client of streamsOf(companyId)) {
      if (hears(client, companyId, boardId)) say(client, { ...message, id: idOf(seq) });
    }
  }

  /**
   * New numbers for a company: people's streams are told to re-read (their answer may use their
   * own credential); each board's paired screens get the board's new answer in the message,
   * prepared once per board however many screens show it, so they need not ask at all.
   */
  function capacityTo(companyId: number): void {
    const message: StreamMessage = { event: 'capacity', data: { companyId } };
    seq += 1;
    const id = idOf(seq);
    buffer.push({ seq, companyId, message });
    if (buffer.length > REPLAY_BUFFER) buffer.shift();
    const screensByBoard = new Map<number | null, StreamClient[]>();
    for (const client of streamsOf(companyId)) {
      if (!hears(client, companyId, undefined)) continue;
      if (client.screenId == null || !screenAnswer) {
        say(client, { ...message, id });
        continue;
      }
      const board = client.boardId ?? null;
      const list = screensByBoard.get(board);
      if (list) list.push(client);
      else screensByBoard.set(board, [client]);
    }
    for (const [boardId, screens] of screensByBoard) {
      screenAnswer!(companyId, boardId)
        .catch((error: unknown) => {
          deps.logger?.warn(
            { err: error, companyId, boardId },
            'a board answer for screens failed',
          );
          return null;
        })
        .then((answer) => {
          const prepared =
            answer === null
              ? undefined
              : `{"companyId":${companyId},"boardId":${boardId ?? 'null'},"answer":${answer}}`;
          // The answer is one line of JSON: one `data:` line (the SSE format's framing).
          const frame =
            prepared === undefined
              ? undefined
              : Buffer.from(`id: ${id}\nevent: ${message.event}\ndata: ${prepared}\n\n`);
          for (const client of screens) {
            // Closed or moved to another board meanwhile: its own re-read covers it.
            if (!clients.has(client)) continue;
            const sameBoard = (client.boardId ?? null) === boardId;
            say(client, {
              ...message,
              id,
              ...(prepared && sameBoard ? { prepared, frame } : {}),
            });
          }
        })
        .catch(() => undefined);
    }
  }

  /**
   * The company's numbers were read again, unchanged (issue 33, item 2): every stream of the
   * company is told when, in one small message framed once. Not kept for replay and without an
   * id: the next one says the same, newer.
   */
  function fetchedTo(companyId: number, fetchedAt: string): void {
    let frame: Buffer | undefined;
    for (const client of streamsOf(companyId)) {
      const message: StreamMessage = { event: 'fetched', data: { companyId, fetchedAt } };
      frame ??= Buffer.from(sseFrame(message));
      say(client, { ...message, frame });
    }
  }

  function endWhere(match: (client: StreamClient) => boolean, message: StreamMessage): void {
    for (const client of [...clients]) {
      if (!match(client)) continue;
      say(client, message);
      client.close();
    }
  }

  function onEvent(event: BoardEvent): void {
    switch (event.type) {
      case 'capacity.updated':
        capacityTo(event.companyId);
        break;
      case 'capacity.fetched':
        fetchedTo(event.companyId, event.fetchedAt);
        break;
      case 'credentials.changed':
        // Another credential may mean other numbers (or none).
        if (event.companyId !== null) {
          toCompany(event.companyId, { event: 'capacity', data: { companyId: event.companyId } });
        }
        break;
      case 'settings.changed':
        toCompany(
          event.companyId,
          {
            event: 'settings',
            data: {
              companyId: event.companyId,
              version: event.version,
              ...(event.boardId === undefined ? {} : { boardId: event.boardId }),
            },
          },
          event.boardId,
        );
        break;
      case 'boards.changed':
        toCompany(event.companyId, { event: 'boards', data: { companyId: event.companyId } });
        break;
      case 'alerts.changed':
        toCompany(event.companyId, { event: 'alerts', data: { companyId: event.companyId } });
        break;
      case 'preferences.changed':
        toCompany(event.companyId, { event: 'preferences', data: { companyId: event.companyId } });
        break;
      case 'screen.changed':
        if (!event.revoked && event.boardId !== undefined) {
          // A moved screen shows its new board at once, without pairing again (issue 26).
          for (const client of clients) {
            if (client.screenId !== event.screenId) continue;
            client.boardId = event.boardId;
            say(client, { event: 'board', data: { boardId: event.boardId } });
          }
        }
        if (event.revoked) {
          endWhere((client) => client.screenId === event.screenId, {
            event: 'screen-revoked',
            data: { screenId: event.screenId },
          });
        }
        break;
      case 'session.ended':
        if (event.sessionIdHash || event.userId) {
          endWhere(
            (client) =>
              (!!event.sessionIdHash && client.sessionIdHash === event.sessionIdHash) ||
              (!!event.userId && client.userId === event.userId),
            { event: 'session-ended', data: {} },
          );
        }
        break;
      default:
        break;
    }
  }

  /**
   * One timer and one framed message for the streams of this instance that heard nothing for
   * about a heartbeat period (an eighth less, for the timer's own lateness). It looks four times
   * a period, so an idle stream hears one every period and none is silent for longer than a
   * period and a quarter.
   */
  const heartbeat: StreamMessage = { event: 'heartbeat', data: {} };
  const heartbeatFrame = Buffer.from(sseFrame(heartbeat));
  const heartbeatTimer = setInterval(() => {
    const quietSince = performance.now() - (heartbeatMs * 7) / 8;
    for (const client of clients) {
      if ((spokeAt.get(client) ?? 0) <= quietSince) {
        say(client, { ...heartbeat, frame: heartbeatFrame });
      }
    }
  }, heartbeatMs / 4);
  heartbeatTimer.unref();

  const unsubscribe = events.subscribe(onEvent);
  const unsubscribeMissed = events.onMissedEvents(() => {
    for (const client of clients) say(client, { event: 'resync', data: {} });
  });

  return {
    open(client, lastEventId) {
      clients.add(client);
      const own = byCompany.get(client.companyId);
      if (own) own.add(client);
      else byCompany.set(client.companyId, new Set([client]));
      say(client, {
        event: 'hello',
        data: {
          version: buildVersion,
          companyId: client.companyId,
          ...(client.boardId == null ? {} : { boardId: client.boardId }),
          heartbeatSeconds: heartbeatMs / 1000,
        },
        id: idOf(seq),
      });
      if (lastEventId) {
        const [from, n] = lastEventId.split('.');
        const last = Number(n);
        const oldest = buffer[0]?.seq ?? seq + 1;
        if (from === instance && Number.isInteger(last) && last >= oldest - 1 && last <= seq) {
          for (const missed of buffer) {
            if (missed.seq > last && hears(client, missed.companyId, missed.boardId)) {
              say(client, { ...missed.message, id: idOf(missed.seq) });
            }
          }
        } else {
          say(client, { event: 'resync', data: {} });
        }
      }
      return () => {
        clients.delete(client);
        spokeAt.delete(client);
        const own = byCompany.get(client.companyId);
        own?.delete(client);
        if (own?.size === 0) byCompany.delete(client.companyId);
      };
    },
    count: () => clients.size,
    closeAll() {
      for (const client of [...clients]) client.close();
      clients.clear();
      spokeAt.clear();
      byCompany.clear();
    },
    close() {
      clearInterval(heartbeatTimer);
      unsubscribe();
      unsubscribeMissed();
    },
  };
}
