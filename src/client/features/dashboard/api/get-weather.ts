import type { WeatherResponse } from '@shared/api/weather';
import { isCompleteZip } from '@shared/settings/board-settings-core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** Seed: weather refreshes every 10 minutes and when the ZIP code changes. */
export const WEATHER_REFRESH_MS = 600_000;

export type { WeatherResponse };
export type WeatherDay = WeatherResponse['days'][number];

export function getWeather(zip: string, signal?: AbortSignal): Promise<WeatherResponse> {
  return apiJson<WeatherResponse>('GET', `/api/weather?zip=${encodeURIComponent(zip)}`, undefined, {
    signal,
  });
}

/** Weather is fetched only for a complete 5-digit ZIP. */
export function useWeather(zip: string) {
  const complete = isCompleteZip(zip);
  return useQuery({
    queryKey: ['/api/weather', zip],
    queryFn: ({ signal }) => getWeather(zip, signal),
    enabled: complete,
    refetchInterval: complete ? WEATHER_REFRESH_MS : false,
    refetchIntervalInBackground: true,
    placeholderData: (previous) => previous,
  });
}

/** The zone of the ZIP's location, when the server resolved one. */
export function weatherTimeZone(weather: WeatherResponse | undefined): string | undefined {
  return weather?.location?.timeZone ?? undefined;
}
