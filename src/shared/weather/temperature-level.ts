export type TemperatureLevel = 'hot' | 'cold' | 'normal';

/** At or above the hot threshold is hot, at or below the cold one is cold (°F). */
export function temperatureLevel(
  temperature: number,
  thresholds: { hotTemp: number; coldTemp: number },
): TemperatureLevel {
  if (!Number.isFinite(temperature)) return 'normal';
  if (temperature >= thresholds.hotTemp) return 'hot';
  if (temperature <= thresholds.coldTemp) return 'cold';
  return 'normal';
}
