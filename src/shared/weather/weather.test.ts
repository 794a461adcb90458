import { describe, expect, it } from 'vitest';
import { conditionFromCode } from './condition-from-code.js';
import { placeholderWeather } from './placeholder-weather.js';
import { temperatureLevel } from './temperature-level.js';

describe('conditionFromCode', () => {
  it.each([
    [0, 'Clear'],
    [1, 'Partly Cloudy'],
    [2, 'Partly Cloudy'],
    [3, 'Overcast'],
    [45, 'Cloudy'],
    [48, 'Cloudy'],
    [50, 'Cloudy'],
    [51, 'Rain'],
    [61, 'Rain'],
    [67, 'Rain'],
    [68, 'Cloudy'],
    [71, 'Snow'],
    [77, 'Snow'],
    [80, 'Rain Showers'],
    [82, 'Rain Showers'],
    [85, 'Snow Showers'],
    [86, 'Snow Showers'],
    [95, 'Thunderstorm'],
    [96, 'Thunderstorm'],
    [97, 'Cloudy'],
    [99, 'Thunderstorm'],
    [-1, 'Cloudy'],
  ])('code %i is %s', (code, condition) => {
    expect(conditionFromCode(code)).toBe(condition);
  });
});

describe('placeholderWeather', () => {
  it('rotates Clear, Partly Cloudy, Overcast, Rain with one entry per date', () => {
    const dates = ['2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13', '2025-06-14'];
    const days = placeholderWeather(dates);
    expect(days.map((d) => d.date)).toEqual(dates);
    expect(days.map((d) => d.condition)).toEqual([
      'Clear',
      'Partly Cloudy',
      'Overcast',
      'Rain',
      'Clear',
    ]);
    for (const day of days) {
      expect(day.lowTemp).toBeLessThan(day.highTemp);
      expect(day.temperature).toBe(day.highTemp);
      expect(conditionFromCode(day.weatherCode)).toBe(day.condition);
    }
  });
});

describe('temperatureLevel', () => {
  const thresholds = { hotTemp: 83, coldTemp: 35 };
  it('marks hot at or above the hot threshold and cold at or below the cold one', () => {
    expect(temperatureLevel(83, thresholds)).toBe('hot');
    expect(temperatureLevel(82, thresholds)).toBe('normal');
    expect(temperatureLevel(36, thresholds)).toBe('normal');
    expect(temperatureLevel(35, thresholds)).toBe('cold');
    expect(temperatureLevel(Number.NaN, thresholds)).toBe('normal');
  });
});
