import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenMeteoFake, type OpenMeteoFake } from '../../standins/open-meteo/index.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('GET /api/weather', () => {
  let fake: OpenMeteoFake;
  let t: TestApp;
  let clock = new Date('2025-06-10T15:00:00Z');

  beforeAll(async () => {
    fake = await startOpenMeteoFake();
    t = await createTestApp({ env: { OPEN_METEO_URL: fake.url }, services: { now: () => clock } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    fake.setNow(() => clock);
  });

  it('answers with the Open-Meteo forecast for the ZIP code, located offline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/weather?zip=34211' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe('open-meteo');
    expect(body.zip).toBe('34211');
    expect(body.location).toMatchObject({ name: 'Bradenton, FL', timeZone: 'America/New_York' });
    expect(body.location.latitude).toBeCloseTo(27.45, 2);
    // The fake answers 72.4 °F, code 2 now; daily highs 80.4 + i, lows 60.4 + i, codes 0,1,3,61,...
    expect(body.current).toEqual({ temperature: 72, condition: 'Partly Cloudy', weatherCode: 2 });
    expect(body.days[0]).toEqual({
      date: '2025-06-10',
      highTemp: 80,
      lowTemp: 60,
      weatherCode: 0,
      condition: 'Clear',
      temperature: 72,
    });
    expect(body.days[3]).toEqual({
      date: '2025-06-13',
      highTemp: 83,
      lowTemp: 63,
      weatherCode: 61,
      condition: 'Rain',
      temperature: 83,
    });
    expect(body.fetchedAt).toBe(clock.toISOString());

    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.path).toBe('/v1/forecast');
    expect(call.params).toMatchObject({
      latitude: '27.45',
      current: 'temperature_2m,weather_code',
      daily: 'temperature_2m_max,temperature_2m_min,weather_code',
      temperature_unit: 'fahrenheit',
      timezone: 'auto',
    });
    expect(Number(call.params.forecast_days)).toBeGreaterThanOrEqual(7);
    expect(call.params.apikey).toBeUndefined();
  });

  it('asks Open-Meteo once per ZIP code within 10 minutes, then again', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/weather?zip=10001' });
    const second = await t.app.inject({ method: 'GET', url: '/api/weather?zip=10001' });
    expect(second.json()).toEqual(first.json());
    expect(fake.forecastCallCount()).toBe(1);

    await t.app.inject({ method: 'GET', url: '/api/weather?zip=60601' });
    expect(fake.forecastCallCount()).toBe(2);

    clock = new Date(clock.getTime() + 10 * 60 * 1000 + 1000);
    const later = await t.app.inject({ method: 'GET', url: '/api/weather?zip=10001' });
    expect(later.json().fetchedAt).toBe(clock.toISOString());
    expect(fake.forecastCallCount()).toBe(3);
  });

  it('falls back to placeholder weather, with a 200, when Open-Meteo fails', async () => {
    fake.failWith({ kind: 'status', status: 500 });
    const res = await t.app.inject({ method: 'GET', url: '/api/weather?zip=94103' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe('placeholder');
    expect(body.location).toMatchObject({
      name: 'San Francisco, CA',
      timeZone: 'America/Los_Angeles',
    });
    expect(body.days.slice(0, 5).map((d: { condition: string }) => d.condition)).toEqual([
      'Clear',
      'Partly Cloudy',
      'Overcast',
      'Rain',
      'Clear',
    ]);
    expect(body.days[0].date).toBe('2025-06-10');
    expect(fake.forecastCallCount()).toBe(1);
  });

  it('falls back to placeholder weather when Open-Meteo answers with an unexpected shape', async () => {
    fake.failWith({ kind: 'malformed' });
    const res = await t.app.inject({ method: 'GET', url: '/api/weather?zip=30301' });
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe('placeholder');
  });

  it('retries a failed forecast sooner than a good one expires', async () => {
    fake.failNext(1, { kind: 'status', status: 503 });
    const failed = await t.app.inject({ method: 'GET', url: '/api/weather?zip=80202' });
    expect(failed.json().source).toBe('placeholder');
    clock = new Date(clock.getTime() + 61 * 1000);
    const recovered = await t.app.inject({ method: 'GET', url: '/api/weather?zip=80202' });
    expect(recovered.json().source).toBe('open-meteo');
    expect(fake.forecastCallCount()).toBe(2);
  });

  it('answers an unknown ZIP code with placeholder weather and no location, without calling out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/weather?zip=00000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ zip: '00000', location: null, source: 'placeholder' });
    expect(fake.forecastCallCount()).toBe(0);
  });

  it.each([['abcde'], ['1234'], ['123456'], ['1234a'], [' 12345'], ['']])(
    'refuses zip=%j with a 400 naming zip',
    async (zip) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/weather?zip=${encodeURIComponent(zip)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().error).toMatch(/zip/);
      expect(fake.forecastCallCount()).toBe(0);
    },
  );

  it('refuses a missing zip with a 400 naming zip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/weather' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/zip/);
  });
});

describe('GET /api/weather with a customer API key', () => {
  let fake: OpenMeteoFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startOpenMeteoFake();
    t = await createTestApp({
      env: { OPEN_METEO_URL: `${fake.url}/`, OPEN_METEO_API_KEY: 'om-secret-key' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the key to Open-Meteo and never back to the caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/weather?zip=34211' });
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe('open-meteo');
    expect(fake.calls[0]?.params.apikey).toBe('om-secret-key');
    expect(res.body).not.toContain('om-secret-key');
  });
});
