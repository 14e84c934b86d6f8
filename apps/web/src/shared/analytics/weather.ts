import { WET_WEATHER, type WeatherCondition, type WeatherMark } from '@storelens/contracts';

export const isWet = (condition: WeatherCondition) => WET_WEATHER.includes(condition);

/**
 * Days that were wet for the selection: the cities with rain or snow that day hold at least half
 * of the selected shops that have weather. One city's shower does not mark a chain-wide chart.
 */
export function wetDates(weather: readonly WeatherMark[]): string[] {
  const byDate = new Map<string, { wet: number; all: number }>();
  for (const mark of weather) {
    const day = byDate.get(mark.date) ?? { wet: 0, all: 0 };
    day.all += mark.shopCount;
    if (isWet(mark.condition)) day.wet += mark.shopCount;
    byDate.set(mark.date, day);
  }
  return [...byDate]
    .filter(([, day]) => day.all > 0 && day.wet * 2 >= day.all)
    .map(([date]) => date)
    .sort();
}

export interface CityWeather {
  country: string;
  city: string;
  cityName: string;
  shopCount: number;
  /** Days with a weather record. */
  days: number;
  /** The wet days, in date order. */
  wet: WeatherMark[];
  /** Lowest low and highest high over the range (°C). */
  lowestC: number;
  highestC: number;
}

/** The weather of the range per city, for the list under the chart. */
export function weatherByCity(weather: readonly WeatherMark[]): CityWeather[] {
  const cities = new Map<string, CityWeather>();
  for (const mark of weather) {
    const id = `${mark.country}|${mark.city}`;
    const city = cities.get(id) ?? {
      country: mark.country,
      city: mark.city,
      cityName: mark.cityName,
      shopCount: mark.shopCount,
      days: 0,
      wet: [],
      lowestC: mark.lowC,
      highestC: mark.highC,
    };
    city.days += 1;
    if (isWet(mark.condition)) city.wet.push(mark);
    city.lowestC = Math.min(city.lowestC, mark.lowC);
    city.highestC = Math.max(city.highestC, mark.highC);
    cities.set(id, city);
  }
  // The cities with most selected shops first.
  return [...cities.values()].sort((a, b) => b.shopCount - a.shopCount || a.cityName.localeCompare(b.cityName));
}
