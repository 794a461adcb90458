import {
  LIVE_EVENT_NAMES,
  type LiveEventName,
  type LiveMessage,
} from '../../../shared/api/live.js';

/** Reconnect back-off after a stream fails: 1 s doubling to 60 s, with jitter. */
export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 60_000;
/**
 * A stream that hears nothing, not even a heartbeat, for this many of the server's heartbeat
 * intervals is taken for dead and opened again (issue 33, item 6): a load balancer whose
 * instance died may keep the browser's side of the connection open for good, and nothing else
 * would ever tell. Two missed heartbeats, and half of one more for busy timers and networks.
 */
export const SILENT_AFTER_HEARTBEATS = 2.5;

/** What the stream does with each message (by its SSE event name). */
export type LiveHandlers = {
  [E in LiveEventName]?: (data: Extract<LiveMessage, { event: E }>['data']) => void;
};

/** The part of the browser's EventSource this needs (Node's tests pass the `eventsource` package's). */
export interface EventSourceLike {
  readonly lastEventId?: string;
  onopen: ((event: Event) => unknown) | null;
  onerror: ((event: Event) => unknown) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = (url: string) => EventSourceLike;

export interface BoardStreamConnection {
  /** Closes the stream for good (no reconnect). */
  close(): void;
}

/**
 * One board stream (`GET /api/events`): opens it, hands each message to its handler, reconnects
 * with back-off and jitter after any failure (passing the last event id, so the server replays or
 * asks for a re-read), and reconnects a stream that has gone silent for SILENT_AFTER_HEARTBEATS
 * of the heartbeat interval the server named in its `hello`. No React: the board's hook
 * (use-board-stream.ts) and the tests drive the same code.
 */
export function openBoardStream(options: {
  /** The stream's address, with the last event id heard (a new EventSource cannot send it). */
  url: (lastEventId: string | undefined) => string;
  handlers: LiveHandlers;
  /** Told when the stream opens and when it is lost. */
  onOpenChange?: (open: boolean) => void;
  open?: EventSourceFactory;
  random?: () => number;
}): BoardStreamConnection {
  const open: EventSourceFactory =
    options.open ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
  const random = options.random ?? Math.random;
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  /** How long a silence is too long: from the server's `hello` (older servers: never). */
  let silenceLimitMs: number | null = null;
  let failures = 0;
  let lastEventId: string | undefined;
  let stopped = false;

  const lose = (current: EventSourceLike) => {
    current.close();
    clearTimeout(silenceTimer);
    if (source !== current || stopped) return;
    source = null;
    options.onOpenChange?.(false);
    failures += 1;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
    // With jitter: a restarted server is not met by every screen at the same instant.
    retryTimer = setTimeout(connect, ceiling / 2 + random() * (ceiling / 2));
  };

  /** Anything heard (a message, a heartbeat) proves the stream alive for another while. */
  const heard = (current: EventSourceLike) => {
    clearTimeout(silenceTimer);
    if (silenceLimitMs !== null) silenceTimer = setTimeout(() => lose(current), silenceLimitMs);
  };

  function connect(): void {
    const next = open(options.url(lastEventId));
    source = next;
    for (const name of LIVE_EVENT_NAMES) {
      next.addEventListener(name, (event) => {
        if (source !== next) return;
        if (event.lastEventId) lastEventId = event.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          heard(next);
          return;
        }
        if (name === 'hello') {
          const seconds = (data as { heartbeatSeconds?: unknown }).heartbeatSeconds;
          silenceLimitMs =
            typeof seconds === 'number' && seconds > 0
              ? seconds * 1000 * SILENT_AFTER_HEARTBEATS
              : null;
        }
        heard(next);
        (options.handlers[name] as ((value: unknown) => void) | undefined)?.(data);
      });
    }
    next.onopen = () => {
      if (source !== next) return;
      failures = 0;
      heard(next);
      options.onOpenChange?.(true);
    };
    // Any failure: close it and reconnect ourselves, with back-off and jitter.
    next.onerror = () => lose(next);
  }

  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(silenceTimer);
      source?.close();
      source = null;
    },
  };
}
