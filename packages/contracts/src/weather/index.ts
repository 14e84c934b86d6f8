import { z } from 'zod';

/**
 * Daily weather of a city, as a weather source reports it (issue 4: weather context of traffic).
 * Weather is public, the same for every customer: it is kept per country and city, and a shop
 * reads the weather of its own city (its province code's country and its city field).
 */
export const WEATHER_CONDITIONS = ['sunny', 'cloudy', 'overcast', 'fog', 'rain', 'heavyRain', 'snow'] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/** The source name of the demo's simulated weather (the trend says it is simulated). */
export const DEMO_WEATHER_SOURCE = 'demo';

/** Conditions that keep people at home: marked on the trend chart. */
export const WET_WEATHER: readonly WeatherCondition[] = ['rain', 'heavyRain', 'snow'];

export const WEATHER_LIMITS = {
  /** Days per import file or call. */
  maxDays: 100_000,
  minTemperatureC: -60,
  maxTemperatureC: 60,
  maxPrecipitationMm: 2000,
} as const;

/** One city-day of weather, as imported (`import-weather`) and as the simulator records it. */
export const weatherDaySchema = z
  .object({
    /** ISO 3166 alpha-2, upper case (CN, KR, AU). */
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/),
    /** As in the shops' city field: the region list's city code (CN-SH-SH) or the text a shop was given. */
    city: z.string().trim().min(1).max(100),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    condition: z.enum(WEATHER_CONDITIONS),
    highC: z.number().min(WEATHER_LIMITS.minTemperatureC).max(WEATHER_LIMITS.maxTemperatureC),
    lowC: z.number().min(WEATHER_LIMITS.minTemperatureC).max(WEATHER_LIMITS.maxTemperatureC),
    precipitationMm: z.number().min(0).max(WEATHER_LIMITS.maxPrecipitationMm),
  })
  .refine((day) => day.lowC <= day.highC, { message: 'lowC must not exceed highC', path: ['lowC'] });
export type WeatherDay = z.infer<typeof weatherDaySchema>;

/** Weather of a day in a city where selected shops are, with how many of them are there. */
export const weatherMarkSchema = z.object({
  date: z.string(),
  country: z.string(),
  /** The shops' city field: a city code of the region list (CN-SH-SH) or free text. */
  city: z.string(),
  /** The city's name from the region list, or the city field itself. */
  cityName: z.string(),
  condition: z.enum(WEATHER_CONDITIONS),
  highC: z.number(),
  lowC: z.number(),
  precipitationMm: z.number(),
  /** Selected shops in this city. */
  shopCount: z.number().int(),
  /** Where the figures come from: 'demo' for the demo's simulated weather, otherwise the imported source's name. */
  source: z.string(),
});
export type WeatherMark = z.infer<typeof weatherMarkSchema>;
