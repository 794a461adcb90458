import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import tzLookup from 'tz-lookup';

/**
 * A local stand-in for Open-Meteo's forecast API (`GET /v1/forecast`) with the real parameter
 * names and response shape, for tests and offline development. It counts calls and can be told
 * to fail, so tests can prove caching and the placeholder fallback.
 */

export type OpenMeteoFailure =
  | { kind: 'status'; status: number } // e.g. 500 / 429 with Open-Meteo's error body
  | { kind: 'malformed' } // 200 with a body that is not the documented shape
  | { kind: 'hang' }; // never answers (exercises the client's timeout)

export interface OpenMeteoCall {
  path: string;
  params: Record<string, string>;
}

export interface OpenMeteoFake {
  /** Base URL to configure as OPEN_METEO_URL, e.g. http://127.0.0.1:41234. */
  url: string;
  port: number;
  /** Every request received, in order. */
  calls: OpenMeteoCall[];
  /** Forecast requests received. */
  forecastCallCount(): number;
  /** Make every following request fail this way until `recover()`. */
  failWith(failure: OpenMeteoFailure): void;
  /** Make only the next `count` requests fail. */
  failNext(count: number, failure: OpenMeteoFailure): void;
  recover(): void;
  /** Current conditions every forecast answers with. */
  setCurrent(current: { temperature: number; weatherCode: number }): void;
  /** Clock used for "today" in answers (defaults to the real clock). */
  setNow(now: () => Date): void;
  reset(): void;
  close(): Promise<void>;
}

/** WMO codes the daily forecast cycles through. */
const DAILY_CODES = [0, 1, 3, 61, 80, 95, 71];

interface State {
  failure: OpenMeteoFailure | null;
  failuresLeft: number | null;
  current: { temperature: number; weatherCode: number };
  now: () => Date;
  hanging: Set<http.ServerResponse>;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function badRequest(res: http.ServerResponse, reason: string): void {
  sendJson(res, 400, { error: true, reason });
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function forecast(params: Record<string, string>, state: State, res: http.ServerResponse): void {
  const latitude = Number(params.latitude);
  const longitude = Number(params.longitude);
  if (
    params.latitude === undefined ||
    !Number.isFinite(latitude) ||
    latitude < -90 ||
    latitude > 90
  ) {
    return badRequest(res, 'Latitude must be in range of -90 to 90°.');
  }
  if (
    params.longitude === undefined ||
    !Number.isFinite(longitude) ||
    longitude < -180 ||
    longitude > 180
  ) {
    return badRequest(res, 'Longitude must be in range of -180 to 180°.');
  }
  const days = params.forecast_days === undefined ? 7 : Number(params.forecast_days);
  if (!Number.isInteger(days) || days < 0 || days > 16) {
    return badRequest(res, 'Forecast days is invalid. Allowed range 0 to 16.');
  }
  const timezone =
    params.timezone === 'auto' ? tzLookup(latitude, longitude) : (params.timezone ?? 'GMT');
  const fahrenheit = params.temperature_unit === 'fahrenheit';
  const unit = fahrenheit ? '°F' : '°C';
  const toUnit = (f: number) => (fahrenheit ? f : Math.round((((f - 32) * 5) / 9) * 10) / 10);
  const local = new TZDate(state.now().getTime(), timezone === 'GMT' ? 'UTC' : timezone);
  const times: string[] = [];
  for (let i = 0; i < days; i++) {
    const d = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate() + i));
    times.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
  }
  const minutes = local.getMinutes() - (local.getMinutes() % 15);
  const body: Record<string, unknown> = {
    latitude: Math.round(latitude * 100) / 100,
    longitude: Math.round(longitude * 100) / 100,
    generationtime_ms: 0.05,
    utc_offset_seconds: -local.getTimezoneOffset() * 60,
    timezone,
    timezone_abbreviation: timezone,
    elevation: 5,
  };
  if (params.current) {
    body.current_units = {
      time: 'iso8601',
      interval: 'seconds',
      temperature_2m: unit,
      weather_code: 'wmo code',
    };
    body.current = {
      time: `${times[0] ?? ''}T${pad(local.getHours())}:${pad(minutes)}`,
      interval: 900,
      temperature_2m: toUnit(state.current.temperature),
      weather_code: state.current.weatherCode,
    };
  }
  if (params.daily) {
    body.daily_units = {
      time: 'iso8601',
      temperature_2m_max: unit,
      temperature_2m_min: unit,
      weather_code: 'wmo code',
    };
    body.daily = {
      time: times,
      temperature_2m_max: times.map((_, i) => toUnit(80.4 + i)),
      temperature_2m_min: times.map((_, i) => toUnit(60.4 + i)),
      weather_code: times.map((_, i) => DAILY_CODES[i % DAILY_CODES.length]),
    };
  }
  sendJson(res, 200, body);
}

export async function startOpenMeteoFake(
  options: { port?: number; host?: string } = {},
): Promise<OpenMeteoFake> {
  const state: State = {
    failure: null,
    failuresLeft: null,
    current: { temperature: 72.4, weatherCode: 2 },
    now: () => new Date(),
    hanging: new Set(),
  };
  const calls: OpenMeteoCall[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = Object.fromEntries(url.searchParams.entries());
    calls.push({ path: url.pathname, params });

    if (state.failure && (state.failuresLeft === null || state.failuresLeft > 0)) {
      const failure = state.failure;
      if (state.failuresLeft !== null) {
        state.failuresLeft -= 1;
        if (state.failuresLeft === 0) {
          state.failure = null;
          state.failuresLeft = null;
        }
      }
      if (failure.kind === 'status')
        return sendJson(res, failure.status, { error: true, reason: 'Injected failure' });
      if (failure.kind === 'malformed')
        return sendJson(res, 200, { hourly: 'not what you asked for' });
      state.hanging.add(res);
      res.on('close', () => state.hanging.delete(res));
      return;
    }

    if (req.method !== 'GET')
      return sendJson(res, 405, { error: true, reason: 'Method not allowed' });
    if (url.pathname === '/v1/forecast') return forecast(params, state, res);
    return sendJson(res, 404, { error: true, reason: 'Not Found' });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    calls,
    forecastCallCount: () => calls.filter((c) => c.path === '/v1/forecast').length,
    failWith(failure) {
      state.failure = failure;
      state.failuresLeft = null;
    },
    failNext(count, failure) {
      state.failure = count > 0 ? failure : null;
      state.failuresLeft = count > 0 ? count : null;
    },
    recover() {
      state.failure = null;
      state.failuresLeft = null;
    },
    setCurrent(current) {
      state.current = current;
    },
    setNow(now) {
      state.now = now;
    },
    reset() {
      calls.length = 0;
      state.failure = null;
      state.failuresLeft = null;
      state.current = { temperature: 72.4, weatherCode: 2 };
      state.now = () => new Date();
    },
    async close() {
      for (const res of state.hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
