import { isValidTimeZone, runtimeTimeZone } from '@shared/calendar/time-zone';
import type { DashboardSettings } from '@shared/settings/dashboard-settings';
import { useEffect, useRef } from 'react';
import type { SettingsUpdate } from '@/hooks/use-preview-settings';
import { weatherTimeZone, type WeatherResponse } from '../api/get-weather';

/**
 * - `preview`: this browser's settings; a new ZIP brings its zone, and on opening the ZIP's zone
 *   replaces only the browser's default zone.
 * - `company`: the company's settings, changed by an editor; only a ZIP changed while the board is
 *   open brings its zone (the company's stored zone is nobody's browser default).
 * - `off`: someone who may not edit; the board never writes on their behalf.
 */
export type ZipTimeZoneMode = 'preview' | 'company' | 'off';

/**
 * Seed: when the ZIP's time zone differs from the setting, the setting follows the ZIP. Decided
 * once per ZIP a weather answer arrives for: a new ZIP brings its zone; on opening the board the
 * ZIP's zone replaces only the browser's default (preview), so a zone chosen by hand is kept.
 */
export function useZipTimeZone(
  settings: DashboardSettings,
  weather: WeatherResponse | undefined,
  updateSettings: (update: SettingsUpdate) => void,
  mode: ZipTimeZoneMode,
): void {
  const decidedForZip = useRef<string | null>(null);
  const zipZone = weatherTimeZone(weather);
  const weatherZip = weather?.zip;

  useEffect(() => {
    if (mode === 'off') return;
    if (!zipZone || !isValidTimeZone(zipZone) || weatherZip !== settings.zipCode) return;
    if (decidedForZip.current === weatherZip) return;
    const opening = decidedForZip.current === null;
    decidedForZip.current = weatherZip;
    if (zipZone === settings.timezone) return;
    const adoptOnOpening = mode === 'preview' && settings.timezone === runtimeTimeZone();
    if (!opening || adoptOnOpening) updateSettings({ timezone: zipZone });
  }, [zipZone, weatherZip, settings.zipCode, settings.timezone, updateSettings, mode]);
}
