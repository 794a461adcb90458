import { conditionFromCode, type WeatherCondition } from './condition-from-code.js';

/** One day's weather as the board shows it (seed: Day weather). */
export interface DayWeather {
  date: string;
  /** The temperature shown on the card: the current temperature today, else the day's high. */
  temperature: number;
  highTemp: number;
  lowTemp: number;
  weatherCode: number;
  condition: WeatherCondition;
}

/** Seed defaults for a day with no forecast. */
export const DEFAULT_HIGH_TEMP = 75;
export const DEFAULT_LOW_TEMP = 55;
/** Seed defaults of the footer before any weather arrived. */
export const UNKNOWN_CONDITION = 'Unknown';
export const UNKNOWN_TEMPERATURE = '--';

/** Clear, Partly Cloudy, Overcast, Rain, by their WMO codes. */
const ROTATION_CODES = [0, 2, 3, 61] as const;
/** Synthetic highs and lows around the seed's 75/55 defaults. */
const SYNTHETIC_HIGHS = [75, 78, 72, 68] as const;
const SYNTHETIC_LOWS = [55, 58, 54, 52] as const;

/**
 * Generated weather for when geocoding or the forecast fails (seed section 8): conditions
 * rotate Clear, Partly Cloudy, Overcast, Rain with synthetic temperatures, one per date.
 */
export function placeholderWeather(dates: readonly string[]): DayWeather[] {
  return dates.map((date, i) => {
    const slot = i % ROTATION_CODES.length;
    const weatherCode = ROTATION_CODES[slot] ?? 0;
    const highTemp = SYNTHETIC_HIGHS[slot] ?? DEFAULT_HIGH_TEMP;
    const lowTemp = SYNTHETIC_LOWS[slot] ?? DEFAULT_LOW_TEMP;
    return {
      date,
      temperature: highTemp,
      highTemp,
      lowTemp,
      weatherCode,
      condition: conditionFromCode(weatherCode),
    };
  });
}
