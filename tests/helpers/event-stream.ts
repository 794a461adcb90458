/** A message of a Server-Sent Events stream as a browser's EventSource would see it. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  /** Every message received so far, heartbeats left out. */
  events: StreamEvent[];
  /** How many heartbeats came. */
  heartbeats: { count: number };
  /** Waits (bounded) for a message that matches; fails with what arrived instead. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET /api/events` over real HTTP (inject cannot hold a stream open) and parses it. */
export async function openEventStream(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string; query?: string } = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events${options.query ?? ''}`, {
    headers: {
      accept: 'text/event-stream',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const heartbeats = { count: 0 };
  const waiters = new Set<() => void>();
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const pump = async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length === 0 || (event === 'message' && data.join('') === '""')) continue;
          // Heartbeats (every 20 s from one timer per instance) come at any moment: counted,
          // not listed, so a test's list of messages is what the server said.
          if (event === 'heartbeat') {
            heartbeats.count += 1;
            continue;
          }
          events.push({ id, event, data: JSON.parse(data.join('\n')) });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Closed by us.
    } finally {
      endedResolve();
      for (const wake of waiters) wake();
    }
  };
  void pump();
  let finished = false;
  void ended.then(() => (finished = true));
  return {
    status: response.status,
    events,
    heartbeats,
    ended,
    async next(match, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (finished || Date.now() > deadline) {
          throw new Error(
            `no matching stream message; got ${JSON.stringify(events.map((e) => [e.event, e.data]))}`,
          );
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.max(0, deadline - Date.now()) + 1);
          waiters.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** Polls `check` until it returns true or `boundMs` passes; returns the last answer. */
export async function eventually(
  check: () => Promise<boolean>,
  boundMs: number,
  everyMs = 25,
): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
