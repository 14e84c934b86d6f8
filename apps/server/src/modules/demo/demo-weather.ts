import type { WeatherCondition, WeatherDay } from '@storelens/contracts';
import { addDays, daysBetween } from '../../platform/time/local-time.ts';
import { hash, normal, rng } from './simulator-random.ts';

/**
 * The demo's weather: a plausible climate per city from its latitude (warmer near the equator,
 * seasons turned round south of it, wetter in the tropics and in an East-Asian summer), drawn
 * day by day as a pure function of (seed, country, city, date). It is recorded through the
 * weather service as source 'demo' and lowers the simulated traffic of wet days, so the trend's
 * weather marks and its dips agree. Real deployments import a weather source instead.
 */

export interface WeatherPlace {
  country: string;
  city: string;
  latitude: number;
}

/** Share of a normal day's visitors who still come, by condition. */
export const WEATHER_TRAFFIC_FACTOR: Record<WeatherCondition, number> = {
  sunny: 1.04,
  cloudy: 1,
  overcast: 0.97,
  fog: 0.95,
  rain: 0.84,
  heavyRain: 0.68,
  snow: 0.74,
};

// `|| 0`: no negative zero (it would not survive a database round trip as itself).
const round1 = (value: number) => Math.round(value * 10) / 10 || 0;

/** Day of the year from 0 (1 January) to 365. */
function dayOfYear(date: string): number {
  return daysBetween(`${date.slice(0, 4)}-01-01`, date);
}

export function demoWeather(seed: number, place: WeatherPlace, date: string): WeatherDay {
  const random = rng(hash(`${seed}|${place.country}|${place.city}|${date}|weather`));
  const latitude = Math.abs(place.latitude);
  // Warmest around 20 July in the north, 20 January in the south.
  const phase = ((dayOfYear(date) - 201) / 365) * 2 * Math.PI;
  const summer = Math.cos(place.latitude >= 0 ? phase : phase + Math.PI);
  const meanC = 30 - 0.5 * latitude + 0.32 * latitude * summer;
  const spread = 5 + 0.08 * latitude;
  const todayC = meanC + 2.2 * normal(random);

  const tropical = latitude < 15;
  const monsoon = place.latitude > 20 && place.latitude < 40 ? 0.14 * Math.max(0, summer) : 0;
  const wetChance = (tropical ? 0.38 : 0.22) + monsoon;
  const roll = random();
  let condition: WeatherCondition;
  let precipitationMm = 0;
  if (roll < wetChance) {
    const heavy = random() < (tropical ? 0.35 : 0.25);
    precipitationMm = round1(heavy ? 25 + 40 * random() : 1 + 14 * random());
    condition = todayC - spread / 2 < 0 ? 'snow' : heavy ? 'heavyRain' : 'rain';
  } else {
    const dry = random();
    condition = dry < 0.45 ? 'sunny' : dry < 0.8 ? 'cloudy' : dry < 0.95 ? 'overcast' : 'fog';
  }
  const cooler = condition === 'sunny' ? 0 : 1.5;
  return {
    country: place.country,
    city: place.city,
    date,
    condition,
    highC: round1(todayC + spread / 2 - cooler),
    lowC: round1(todayC - spread / 2),
    precipitationMm,
  };
}

/** Every city-day of these places from `from` to `to` (inclusive), for recording. */
export function demoWeatherDays(seed: number, places: readonly WeatherPlace[], from: string, to: string): WeatherDay[] {
  const unique = new Map(places.map((place) => [`${place.country}|${place.city}`, place]));
  const days: WeatherDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const place of unique.values()) days.push(demoWeather(seed, place, date));
  }
  return days;
}
