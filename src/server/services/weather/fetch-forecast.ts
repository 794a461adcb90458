import { z } from 'zod';
import { conditionFromCode } from '../../../shared/weather/condition-from-code.js';
import {
  DEFAULT_HIGH_TEMP,
  DEFAULT_LOW_TEMP,
  type DayWeather,
} from '../../../shared/weather/placeholder-weather.js';

/** Open-Meteo's answer, as far as the board reads it; values may be null for missing data. */
const forecastSchema = z.object({
  timezone: z.string(),
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    weather_code: z.number(),
  }),
  daily: z.object({
    time: z.array(z.string()),
    temperature_2m_max: z.array(z.number().nullable()),
    temperature_2m_min: z.array(z.number().nullable()),
    weather_code: z.array(z.number().nullable()),
  }),
});

export interface Forecast {
  timeZone: string;
  current: { temperature: number; weatherCode: number };
  days: DayWeather[];
}

/** Why a forecast could not be had, in words safe for a log line (never the URL: it may hold the key). */
export class ForecastError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ForecastError';
  }
}

export interface FetchForecastOptions {
  fetch: typeof fetch;
  baseUrl: string;
  apiKey: string | undefined;
  latitude: number;
  longitude: number;
  forecastDays: number;
  timeoutMs: number;
}

/** A code Open-Meteo left empty reads as "otherwise" in the seed's table: Cloudy. */
const UNKNOWN_CODE = -1;

/** The seed's forecast request (current + daily, °F, timezone auto) against Open-Meteo. */
export async function fetchForecast(options: FetchForecastOptions): Promise<Forecast> {
  const url = new URL('/v1/forecast', `${options.baseUrl}/`);
  url.searchParams.set('latitude', String(options.latitude));
  url.searchParams.set('longitude', String(options.longitude));
  url.searchParams.set('current', 'temperature_2m,weather_code');
  url.searchParams.set('daily', 'temperature_2m_max,temperature_2m_min,weather_code');
  url.searchParams.set('temperature_unit', 'fahrenheit');
  url.searchParams.set('timezone', 'auto');
  url.searchParams.set('forecast_days', String(options.forecastDays));
  if (options.apiKey) url.searchParams.set('apikey', options.apiKey);

  let response: Response;
  try {
    response = await options.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    const timedOut =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new ForecastError(timedOut ? `timed out after ${options.timeoutMs} ms` : 'network error');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ForecastError(`HTTP ${response.status}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ForecastError('response was not JSON');
  }
  const parsed = forecastSchema.safeParse(json);
  if (!parsed.success) throw new ForecastError('response did not have the documented shape');

  const { current, daily, timezone } = parsed.data;
  const today = current.time.slice(0, 10);
  const currentTemperature = Math.round(current.temperature_2m);
  const days: DayWeather[] = daily.time.map((date, i) => {
    const highTemp = Math.round(daily.temperature_2m_max[i] ?? DEFAULT_HIGH_TEMP);
    const lowTemp = Math.round(daily.temperature_2m_min[i] ?? DEFAULT_LOW_TEMP);
    const weatherCode = daily.weather_code[i] ?? UNKNOWN_CODE;
    return {
      date,
      // Seed: the current temperature is used for the temperature field, else the day's high.
      temperature: date === today ? currentTemperature : highTemp,
      highTemp,
      lowTemp,
      weatherCode,
      condition: conditionFromCode(weatherCode),
    };
  });
  return {
    timeZone: timezone,
    current: { temperature: currentTemperature, weatherCode: current.weather_code },
    days,
  };
}
