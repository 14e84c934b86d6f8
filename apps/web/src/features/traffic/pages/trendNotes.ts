import type { TrendResponse, WeatherCondition } from '@storelens/contracts';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../shared/analytics/dateRange.ts';
import { periodLabel } from '../../../shared/analytics/indicatorChart.ts';
import { isWet } from '../../../shared/analytics/weather.ts';

/** The words of the notes, in the reader's language. */
export interface TrendNoteTexts {
  holiday(names: string): string;
  event(names: string): string;
  weather(cities: string): string;
  condition(condition: WeatherCondition): string;
  precipitation(mm: number): string;
  more(count: number): string;
}

/** A tooltip stays a tooltip: this many names per line, then '+N more'. */
const LISTED = 4;

function listed(names: readonly string[], texts: TrendNoteTexts): string {
  const shown = names.slice(0, LISTED).join(', ');
  return names.length > LISTED ? `${shown} ${texts.more(names.length - LISTED)}` : shown;
}

/** The local dates a period key covers (hour: its day; week: Monday to Sunday; month: its days). */
export function datesOfPeriod(key: string, granularity: TrendResponse['granularity']): string[] {
  if (granularity === 'day') return [key];
  if (granularity === 'hour') return [key.slice(0, 10)];
  const start = dayjs(granularity === 'month' ? `${key}-01` : key, DATE_FORMAT);
  const days = granularity === 'week' ? 7 : start.daysInMonth();
  return Array.from({ length: days }, (_, index) => start.add(index, 'day').format(DATE_FORMAT));
}

/**
 * What the trend tooltip says about each period under its figures: the public holidays (each with
 * the countries keeping it, since a chain's range spans several), the customer's calendar events,
 * and, by day or hour, the weather of the shops' cities (biggest first, wet days with their rain).
 */
export function trendNotes(data: TrendResponse, texts: TrendNoteTexts): Map<string, string[]> {
  const { granularity } = data;
  const notes = new Map<string, string[]>();
  for (const point of data.points) {
    const dates = datesOfPeriod(point.key, granularity);
    const first = dates[0] ?? '';
    const last = dates.at(-1) ?? '';
    const lines: string[] = [];

    const holidays = new Map<string, string[]>();
    for (const holiday of data.holidays.filter((entry) => dates.includes(entry.date))) {
      const countries = holidays.get(holiday.name) ?? [];
      if (!countries.includes(holiday.country)) countries.push(holiday.country);
      holidays.set(holiday.name, countries);
    }
    if (holidays.size > 0)
      lines.push(
        texts.holiday(
          listed(
            [...holidays].map(([name, countries]) => `${name} (${countries.join(', ')})`),
            texts,
          ),
        ),
      );

    const events = data.calendarEvents.filter((event) => event.startDate <= last && event.endDate >= first).map((event) => event.name);
    if (events.length > 0) lines.push(texts.event(listed(events, texts)));

    if (granularity === 'day' || granularity === 'hour') {
      const cities = data.weather
        .filter((mark) => mark.date === first)
        .sort((a, b) => b.shopCount - a.shopCount)
        .map(
          (mark) =>
            `${mark.cityName} ${texts.condition(mark.condition)}${isWet(mark.condition) ? ` ${texts.precipitation(mark.precipitationMm)}` : ''} ${mark.lowC}~${mark.highC}°C`,
        );
      if (cities.length > 0) lines.push(texts.weather(listed(cities, texts)));
    }
    if (lines.length > 0) notes.set(periodLabel(point.key, granularity), lines);
  }
  return notes;
}
