import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenMeteoFake, type OpenMeteoFake } from '../../../../standins/open-meteo/index.js';
import { createWeatherService } from './index.js';
import { resolveZip } from './resolve-zip.js';

/** Collects warn() calls as JSON text, so a test can look for anything that must not leak. */
function capturingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(
      JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? { message: v.message } : v)),
    );
  };
  const log = {
    warn: record,
    error: record,
    info: record,
    debug: record,
    trace: record,
    fatal: record,
  } as unknown;
  return { log: log as FastifyBaseLogger, lines };
}

describe('weather service', () => {
  let fake: OpenMeteoFake;
  beforeAll(async () => {
    fake = await startOpenMeteoFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('shares one Open-Meteo call between concurrent requests for a ZIP code', async () => {
    const { log } = capturingLog();
    const service = createWeatherService({
      fetch,
      now: () => new Date(),
      log,
      openMeteoUrl: fake.url,
      apiKey: undefined,
    });
    const answers = await Promise.all([
      service.forZip('34211'),
      service.forZip('34211'),
      service.forZip('34211'),
    ]);
    expect(answers.every((a) => a.source === 'open-meteo')).toBe(true);
    expect(fake.forecastCallCount()).toBe(1);
  });

  it('gives placeholder weather when Open-Meteo does not answer in time, and logs no API key', async () => {
    fake.failWith({ kind: 'hang' });
    const { log, lines } = capturingLog();
    const service = createWeatherService({
      fetch,
      now: () => new Date(),
      log,
      openMeteoUrl: fake.url,
      apiKey: 'very-secret-key',
      timeoutMs: 200,
    });
    const answer = await service.forZip('34211');
    expect(answer.source).toBe('placeholder');
    expect(answer.location?.timeZone).toBe('America/New_York');
    expect(lines.join('\n')).toMatch(/timed out/);
    expect(lines.join('\n')).not.toContain('very-secret-key');
    expect(fake.calls[0]?.params.apikey).toBe('very-secret-key');
  });

  it('gives placeholder weather when the network is down', async () => {
    const { log, lines } = capturingLog();
    const refused: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const service = createWeatherService({
      fetch: refused,
      now: () => new Date(),
      log,
      openMeteoUrl: fake.url,
      apiKey: 'k',
    });
    const answer = await service.forZip('10001');
    expect(answer.source).toBe('placeholder');
    expect(answer.days.length).toBeGreaterThanOrEqual(7);
    expect(lines.join('\n')).toMatch(/network error/);
  });

  it('keeps memory bounded however many ZIP codes are asked about', async () => {
    const { log } = capturingLog();
    const service = createWeatherService({
      fetch,
      now: () => new Date(),
      log,
      openMeteoUrl: fake.url,
      apiKey: undefined,
      maxEntries: 2,
    });
    await service.forZip('34211');
    await service.forZip('10001');
    await service.forZip('60601');
    // 34211 was evicted to make room, so asking again calls out again.
    await service.forZip('34211');
    expect(fake.forecastCallCount()).toBe(4);
  });
});

describe('resolveZip', () => {
  it('finds place, coordinates and time zone offline', () => {
    expect(resolveZip('99501')).toMatchObject({
      name: 'Anchorage, AK',
      timeZone: 'America/Anchorage',
    });
    expect(resolveZip('85001')?.timeZone).toBe('America/Phoenix');
    expect(resolveZip('96813')?.timeZone).toBe('Pacific/Honolulu');
  });

  it('gives null for unknown or malformed codes', () => {
    expect(resolveZip('00000')).toBeNull();
    expect(resolveZip('ABC')).toBeNull();
    expect(resolveZip('K1A')).toBeNull();
  });
});
