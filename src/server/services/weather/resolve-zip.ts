import zipcodes from 'zipcodes';
import tzLookup from 'tz-lookup';
import type { WeatherLocation } from '../../../shared/api/weather.js';

/**
 * ZIP code → place, coordinates and time zone, offline (product decision 6: Open-Meteo's
 * geocoder finds US ZIP codes unreliably). Null for a ZIP the data package does not know.
 */
export function resolveZip(zip: string): WeatherLocation | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const record = zipcodes.lookup(zip);
  if (!record || record.country !== 'US') return null;
  const { latitude, longitude } = record;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  let timeZone: string;
  try {
    timeZone = tzLookup(latitude, longitude);
  } catch {
    return null;
  }
  return { name: `${record.city}, ${record.state}`, latitude, longitude, timeZone };
}
