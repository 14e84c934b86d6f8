import type { WeatherMark } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { weatherByCity, wetDates } from './weather.ts';

const mark = (date: string, city: string, condition: WeatherMark['condition'], shopCount: number, highC = 10, lowC = 2): WeatherMark => ({
  date,
  country: 'CN',
  city,
  cityName: city,
  condition,
  highC,
  lowC,
  precipitationMm: condition === 'rain' ? 5 : 0,
  shopCount,
  source: 'test',
});

describe('weather on the trend', () => {
  it('marks a day wet when the wet cities hold at least half of the shops', () => {
    const weather = [
      mark('2026-03-01', 'A', 'rain', 3),
      mark('2026-03-01', 'B', 'sunny', 3),
      mark('2026-03-02', 'A', 'sunny', 3),
      mark('2026-03-02', 'B', 'rain', 1),
      mark('2026-03-02', 'C', 'cloudy', 3),
      mark('2026-03-03', 'B', 'snow', 1),
    ];
    expect(wetDates(weather)).toEqual(['2026-03-01', '2026-03-03']);
    expect(wetDates([])).toEqual([]);
  });

  it('sums up each city: its wet days and the range of its temperatures, biggest city first', () => {
    const cities = weatherByCity([
      mark('2026-03-01', 'Small', 'rain', 1, 12, 4),
      mark('2026-03-01', 'Big', 'sunny', 4, 15, 6),
      mark('2026-03-02', 'Big', 'heavyRain', 4, 9, -1),
    ]);
    expect(cities.map((city) => [city.cityName, city.days, city.wet.map((day) => day.date), city.lowestC, city.highestC])).toEqual([
      ['Big', 2, ['2026-03-02'], -1, 15],
      ['Small', 1, ['2026-03-01'], 4, 12],
    ]);
  });
});
