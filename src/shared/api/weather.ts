import { z } from 'zod';

/** GET /api/weather?zip=12345 (public; product decision 6). */
export const weatherQuerySchema = z.object({
  zip: z
    .string()
    .regex(/^\d{5}$/, 'must be exactly 5 digits')
    .meta({ description: 'A 5-digit US ZIP code.', examples: ['34211'] }),
});
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

export const weatherConditionSchema = z.enum([
  'Clear',
  'Partly Cloudy',
  'Overcast',
  'Rain',
  'Snow',
  'Rain Showers',
  'Snow Showers',
  'Thunderstorm',
  'Cloudy',
]);

export const weatherLocationSchema = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA zone of the ZIP code; the board may adopt it (seed section 8). */
  timeZone: z.string(),
});
export type WeatherLocation = z.infer<typeof weatherLocationSchema>;

export const currentWeatherSchema = z.object({
  temperature: z.number(),
  condition: weatherConditionSchema,
  weatherCode: z.number(),
});

export const dayWeatherSchema = z.object({
  /** Calendar date at the location, `YYYY-MM-DD`. */
  date: z.string(),
  highTemp: z.number(),
  lowTemp: z.number(),
  weatherCode: z.number(),
  condition: weatherConditionSchema,
  /** What the card shows: the current temperature for today, else the day's high (°F). */
  temperature: z.number(),
});

export const weatherResponseSchema = z.object({
  zip: z.string(),
  location: weatherLocationSchema.nullable(),
  current: currentWeatherSchema,
  days: z.array(dayWeatherSchema),
  source: z.enum(['open-meteo', 'placeholder']),
  /** ISO instant the forecast was fetched (or generated). */
  fetchedAt: z.string(),
});
export type WeatherResponse = z.infer<typeof weatherResponseSchema>;
