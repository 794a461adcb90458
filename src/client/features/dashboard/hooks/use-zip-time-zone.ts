import { isValidTimeZone, runtimeTimeZone } from '@shared/calendar/time-zone';
import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { useEffect, useRef } from 'react';
import type { SettingsUpdate } from '@/hooks/use-dashboard-settings';
import { weatherTimeZone, type WeatherResponse } from '../api/get-weather';

/**
 * Seed: when the ZIP's time zone differs from the setting, the setting follows the ZIP. Decided
 * once per ZIP a weather answer arrives for: a new ZIP brings its zone; on opening the board the
 * ZIP's zone replaces only the browser's default, so a zone someone chose by hand is kept.
 */
export function useZipTimeZone(
  settings: DashboardSettings,
  weather: WeatherResponse | undefined,
  updateSettings: (update: SettingsUpdate) => void,
): void {
  const decidedForZip = useRef<string | null>(null);
  const zipZone = weatherTimeZone(weather);
  const weatherZip = weather?.zip;

  useEffect(() => {
    if (!zipZone || !isValidTimeZone(zipZone) || weatherZip !== settings.zipCode) return;
    if (decidedForZip.current === weatherZip) return;
    const opening = decidedForZip.current === null;
    decidedForZip.current = weatherZip;
    if (zipZone === settings.timezone) return;
    if (!opening || settings.timezone === runtimeTimeZone()) updateSettings({ timezone: zipZone });
  }, [zipZone, weatherZip, settings.zipCode, settings.timezone, updateSettings]);
}
