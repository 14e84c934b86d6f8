import { weatherDaySchema } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { demoWeather, demoWeatherDays, WEATHER_TRAFFIC_FACTOR } from './demo-weather.ts';
import { createSimulator, type SimShop } from './simulator.ts';

const shanghai = { country: 'CN', city: 'Shanghai', latitude: 31.23 };
const sydney = { country: 'AU', city: 'Sydney', latitude: -33.87 };
const kualaLumpur = { country: 'MY', city: 'Kuala Lumpur', latitude: 3.14 };

const yearOf = (place: typeof shanghai) => demoWeatherDays(7, [place], '2026-01-01', '2026-12-31');
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const monthMeanHigh = (days: ReturnType<typeof yearOf>, month: string) => mean(days.filter((day) => day.date.slice(5, 7) === month).map((day) => day.highC));

describe('the demo weather', () => {
  it('is a pure function of seed, city and date, and every day is a valid weather record', () => {
    expect(demoWeather(7, shanghai, '2026-07-01')).toEqual(demoWeather(7, shanghai, '2026-07-01'));
    const year = yearOf(shanghai);
    expect(year).toHaveLength(365);
    for (const day of year) expect(weatherDaySchema.safeParse(day).success, JSON.stringify(day)).toBe(true);
    expect(yearOf(shanghai)).not.toEqual(demoWeatherDays(8, [shanghai], '2026-01-01', '2026-12-31'));
  });

  it('has seasons turned round south of the equator, hardly any in the tropics, and wetter tropics', () => {
    const north = yearOf(shanghai);
    const south = yearOf(sydney);
    const tropics = yearOf(kualaLumpur);
    expect(monthMeanHigh(north, '07')).toBeGreaterThan(monthMeanHigh(north, '01') + 10);
    expect(monthMeanHigh(south, '01')).toBeGreaterThan(monthMeanHigh(south, '07') + 10);
    expect(Math.abs(monthMeanHigh(tropics, '07') - monthMeanHigh(tropics, '01'))).toBeLessThan(4);
    const wetShare = (days: typeof north) => days.filter((day) => day.precipitationMm > 0).length / days.length;
    expect(wetShare(tropics)).toBeGreaterThan(wetShare(south));
    expect(north.some((day) => day.condition === 'snow')).toBe(true);
    expect(tropics.some((day) => day.condition === 'snow')).toBe(false);
  });

  it('keeps people at home on wet days: the simulated visits follow the weather of the shop', () => {
    const shop: SimShop = {
      device: { customerId: 'c', boxId: 'b', shopId: 's' },
      number: 'WX-1',
      timeZone: 'Asia/Shanghai',
      shopType: 'direct',
      businessHours: '10:00-22:00',
      staffCount: 5,
      country: null,
      entranceCameraIds: ['cam-1'],
      zoneCameraIds: [],
      baseVisits: 400,
      weatherPlace: shanghai,
    };
    const withWeather = createSimulator(7);
    const withoutWeather = createSimulator(7);
    const ratios: Record<string, number[]> = {};
    for (const day of yearOf(shanghai)) {
      const visits = withWeather.dayCounts(shop, day.date).visits;
      const plain = withoutWeather.dayCounts({ ...shop, weatherPlace: undefined }, day.date).visits;
      ratios[day.condition] = [...(ratios[day.condition] ?? []), visits / plain];
    }
    // The same day without weather differs only by the weather's factor (and the counting noise).
    expect(mean(ratios.heavyRain ?? [])).toBeCloseTo(WEATHER_TRAFFIC_FACTOR.heavyRain, 1);
    expect(mean(ratios.rain ?? [])).toBeCloseTo(WEATHER_TRAFFIC_FACTOR.rain, 1);
    expect(mean(ratios.sunny ?? [])).toBeGreaterThan(mean(ratios.rain ?? []) + 0.1);
  });
});
