/**
 * One process of bench/live-screens.ts's load generator (issue 26, item 7): holds its share of
 * the paired screens' `GET /api/events` streams, so no single process holds 10,000 sockets (one
 * did, and ran out of file descriptors: EMFILE). Started by the bench with `fork`; talks to it
 * over IPC:
 *
 *   parent → { type: 'connect', screens }   open every stream (at most 100 opening at a time);
 *                                          answers { type: 'connected', seconds }
 *   parent → { type: 'report' }             answers { type: 'report', screens, refetchMs, ... }
 *   parent → { type: 'close' }              closes every stream and exits
 *
 * Each screen does what the TV page does: reads `POST /api/capacity` once, opens the stream, and
 * on a `capacity` message shows the board's answer the message carries (issue 26, item 6) or,
 * when the message has none (or names another board), reads `POST /api/capacity` again.
 */
import http from 'node:http';

export interface ClientScreen {
  /** The instance this screen's requests and stream go to. */
  baseUrl: string;
  cookie: string;
  address: string;
  viewType: 'businessUnit' | 'jobType';
  boardId: number;
}

export interface ScreenReport {
  connected: boolean;
  failed: string | null;
  dropped: boolean;
  /** When each `capacity` message arrived (ms since epoch). */
  capacityEvents: number[];
  /** Messages that carried this screen's own board's answer (no request needed). */
  answered: number;
  /** Messages without an answer, or with another board's: the screen re-read. */
  plain: number;
  heartbeats: number;
  /** `fetched` messages: an unchanged read told (issue 33, item 2). */
  fetched: number;
  otherEvents: Record<string, number>;
}

export type ToClient =
  | { type: 'connect'; screens: ClientScreen[] }
  | { type: 'report' }
  | {
      type: 'close';
    };

export type FromClient =
  | { type: 'connected'; seconds: number }
  | {
      type: 'report';
      screens: ScreenReport[];
      refetchMs: number[];
      answers: number;
      non200: Record<string, number>;
      errors: Record<string, number>;
    };

interface Screen extends ClientScreen, Omit<ScreenReport, 'otherEvents'> {
  otherEvents: Map<string, number>;
  request?: http.ClientRequest;
}

let closing = false;
const screens: Screen[] = [];
const refetchMs: number[] = [];
const answers = { total: 0, non200: new Map<string, number>(), errors: new Map<string, number>() };
const agents = new Map<string, http.Agent>();
const agentFor = (baseUrl: string) => {
  let agent = agents.get(baseUrl);
  if (!agent) agents.set(baseUrl, (agent = new http.Agent({ keepAlive: true })));
  return agent;
};
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const requestFailed = (err: NodeJS.ErrnoException) => {
  if (!closing) count(answers.errors, err.code ?? err.message);
};

function postCapacity(screen: Screen): Promise<number> {
  const body = JSON.stringify({ viewType: screen.viewType });
  return new Promise((resolve) => {
    const request = http.request(
      `${screen.baseUrl}/api/capacity`,
      {
        method: 'POST',
        agent: agentFor(screen.baseUrl),
        headers: {
          cookie: screen.cookie,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': screen.address,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          answers.total++;
          const status = response.statusCode ?? 0;
          if (status !== 200) count(answers.non200, String(status));
          resolve(status);
        });
        response.on('error', (err) => {
          requestFailed(err);
          resolve(0);
        });
      },
    );
    request.on('error', (err) => {
      requestFailed(err);
      resolve(0);
    });
    request.end(body);
  });
}

function onCapacity(screen: Screen, data: string): void {
  let carried = false;
  try {
    const parsed = JSON.parse(data) as { boardId?: number | null; answer?: { days?: unknown } };
    carried = parsed.answer?.days !== undefined && parsed.boardId === screen.boardId;
  } catch {
    carried = false;
  }
  if (carried) {
    screen.answered++;
    return;
  }
  screen.plain++;
  if (closing) return;
  const t0 = performance.now();
  void postCapacity(screen).then(() => refetchMs.push(performance.now() - t0));
}

/** Opens the screen's stream; resolves once the `hello` message arrived (or it failed). */
function openStream(screen: Screen): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        resolve();
      }
    };
    const request = http.get(
      `${screen.baseUrl}/api/events`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          cookie: screen.cookie,
          'x-forwarded-for': screen.address,
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          screen.failed = `HTTP ${response.statusCode}`;
          response.resume();
          settle();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let comment = false;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
              else if (line.startsWith(':')) comment = true;
            }
            if (event === 'capacity') {
              screen.capacityEvents.push(Date.now());
              onCapacity(screen, data.join('\n'));
            } else if (event === 'hello') {
              screen.connected = true;
              settle();
            } else if (event === 'heartbeat' || (comment && event === 'message')) {
              screen.heartbeats++;
            } else if (event === 'fetched') {
              screen.fetched++;
            } else {
              count(screen.otherEvents, event);
            }
          }
        });
        const lost = () => {
          if (!closing) screen.dropped = true;
          settle();
        };
        response.on('close', lost);
        response.on('error', lost);
      },
    );
    request.on('error', (err) => {
      if (!screen.connected) screen.failed = err.message;
      else if (!closing) screen.dropped = true;
      settle();
    });
    screen.request = request;
  });
}

async function connect(list: ClientScreen[]): Promise<number> {
  const started = Date.now();
  for (const s of list) {
    screens.push({
      ...s,
      connected: false,
      failed: null,
      dropped: false,
      capacityEvents: [],
      answered: 0,
      plain: 0,
      heartbeats: 0,
      fetched: 0,
      otherEvents: new Map(),
    });
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(100, screens.length) }, async () => {
      while (next < screens.length) {
        const screen = screens[next++]!;
        await postCapacity(screen);
        await openStream(screen);
      }
    }),
  );
  return (Date.now() - started) / 1000;
}

function report(): FromClient {
  return {
    type: 'report',
    screens: screens.map((s) => ({
      connected: s.connected,
      failed: s.failed,
      dropped: s.dropped,
      capacityEvents: s.capacityEvents,
      answered: s.answered,
      plain: s.plain,
      heartbeats: s.heartbeats,
      fetched: s.fetched,
      otherEvents: Object.fromEntries(s.otherEvents),
    })),
    refetchMs,
    answers: answers.total,
    non200: Object.fromEntries(answers.non200),
    errors: Object.fromEntries(answers.errors),
  };
}

process.on('message', (message: ToClient) => {
  if (message.type === 'connect') {
    void connect(message.screens).then((seconds) =>
      process.send!({ type: 'connected', seconds } satisfies FromClient),
    );
  } else if (message.type === 'report') {
    process.send!(report());
  } else if (message.type === 'close') {
    closing = true;
    for (const screen of screens) screen.request?.destroy();
    for (const agent of agents.values()) agent.destroy();
    process.disconnect();
    setTimeout(() => process.exit(0), 100).unref();
  }
});
// The parent gone (killed, crashed): end too, so no process is left holding sockets.
process.on('disconnect', () => process.exit(0));
