/** WMO weather code → the seed's condition words (seed section 4). */
export type WeatherCondition =
  | 'Clear'
  | 'Partly Cloudy'
  | 'Overcast'
  | 'Rain'
  | 'Snow'
  | 'Rain Showers'
  | 'Snow Showers'
  | 'Thunderstorm'
  | 'Cloudy';

export function conditionFromCode(code: number): WeatherCondition {
  if (code === 0) return 'Clear';
  if (code === 1 || code === 2) return 'Partly Cloudy';
  if (code === 3) return 'Overcast';
  if (code >= 51 && code <= 67) return 'Rain';
  if (code >= 71 && code <= 77) return 'Snow';
  if (code >= 80 && code <= 82) return 'Rain Showers';
  if (code === 85 || code === 86) return 'Snow Showers';
  if (code === 95 || code === 96 || code === 99) return 'Thunderstorm';
  return 'Cloudy';
}
