import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { WeatherResponse } from '../../../shared/api/weather.js';
import { todayIn } from '../../../shared/calendar/display-days.js';
import { conditionFromCode } from '../../../shared/weather/condition-from-code.js';
import { placeholderWeather } from '../../../shared/weather/placeholder-weather.js';
import { fetchForecast, ForecastError } from './fetch-forecast.js';
import { resolveZip } from './resolve-zip.js';

/** Weather for a ZIP code: Open-Meteo's forecast, or the seed's placeholder when that fails. */
export interface WeatherService {
  /** Never rejects: any failure answers with placeholder weather (`source: 'placeholder'`). */
  forZip(zip: string): Promise<WeatherResponse>;
}

export interface WeatherServiceOptions {
  fetch: typeof fetch;
  now: () => Date;
  log: FastifyBaseLogger;
  openMeteoUrl: string;
  apiKey: string | undefined;
  /** Seed: weather refreshes every 10 minutes. */
  cacheMs?: number;
  /** A failed fetch is retried sooner than a good answer expires. */
  failureCacheMs?: number;
  /** Enough days to cover the next working days after a long weekend and a holiday. */
  forecastDays?: number;
  timeoutMs?: number;
  /** Bounds memory: the endpoint is public, so anyone may ask about many ZIP codes. */
  maxEntries?: number;
}

const TEN_MINUTES = 10 * 60 * 1000;

export function createWeatherService(options: WeatherServiceOptions): WeatherService {
  const cacheMs = options.cacheMs ?? TEN_MINUTES;
  const failureCacheMs = options.failureCacheMs ?? 60 * 1000;
  const forecastDays = options.forecastDays ?? 10;
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxEntries = options.maxEntries ?? 5000;
  // Holds the promise, so concurrent requests for one ZIP share a single upstream call. The
  // service clock decides expiry (tests move it); the least recently asked ZIP goes first.
  const cache = new LRUCache<string, Promise<WeatherResponse>>({
    max: maxEntries,
    ttl: cacheMs,
    perf: { now: () => options.now().getTime() },
    ttlResolution: 0,
  });

  function placeholder(zip: string, location: WeatherResponse['location']): WeatherResponse {
    const now = options.now();
    const today = todayIn(now, location?.timeZone ?? 'UTC');
    const dates = Array.from({ length: forecastDays }, (_, i) =>
      new Date(Date.UTC(today.year, today.month - 1, today.day + i)).toISOString().slice(0, 10),
    );
    const days = placeholderWeather(dates);
    const first = days[0];
    const currentCode = first?.weatherCode ?? 0;
    return {
      zip,
      location,
      current: {
        temperature: first?.temperature ?? 75,
        condition: conditionFromCode(currentCode),
        weatherCode: currentCode,
      },
      days,
      source: 'placeholder',
      fetchedAt: now.toISOString(),
    };
  }

  async function load(zip: string): Promise<{ value: WeatherResponse; ok: boolean }> {
    const location = resolveZip(zip);
    if (!location) {
      options.log.warn({ zip }, 'weather: unknown ZIP code, showing placeholder weather');
      return { value: placeholder(zip, null), ok: true };
    }
    try {
      const forecast = await fetchForecast({
        fetch: options.fetch,
        baseUrl: options.openMeteoUrl,
        apiKey: options.apiKey,
        latitude: location.latitude,
        longitude: location.longitude,
        forecastDays,
        timeoutMs,
      });
      return {
        ok: true,
        value: {
          zip,
          location,
          current: {
            temperature: forecast.current.temperature,
            condition: conditionFromCode(forecast.current.weatherCode),
            weatherCode: forecast.current.weatherCode,
          },
          days: forecast.days,
          source: 'open-meteo',
          fetchedAt: options.now().toISOString(),
        },
      };
    } catch (err) {
      const reason = err instanceof ForecastError ? err.reason : 'unexpected error';
      options.log.warn(
        { zip, reason },
        'weather: forecast unavailable, showing placeholder weather',
      );
      return { value: placeholder(zip, location), ok: false };
    }
  }

  return {
    forZip(zip) {
      const cached = cache.get(zip);
      if (cached) return cached;
      const value = load(zip)
        .catch((err: unknown) => {
          options.log.warn(
            { zip, err },
            'weather: unexpected failure, showing placeholder weather',
          );
          return { value: placeholder(zip, null), ok: false };
        })
        .then((result) => {
          // A failure is asked about again sooner than a good answer.
          if (!result.ok && cache.get(zip) === value) {
            cache.set(zip, value, { ttl: failureCacheMs });
          }
          return result.value;
        });
      cache.set(zip, value);
      return value;
    },
  };
}
