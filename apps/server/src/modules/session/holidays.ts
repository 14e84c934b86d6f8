import type { Locale } from '@storelens/contracts';
import Holidays from 'date-holidays';

export interface HolidayEntry {
  date: string;
  name: string;
  country: string;
  type: string;
}

const LANGUAGE: Record<Locale, string> = { zh: 'zh', en: 'en', kr: 'ko', jp: 'ja' };

/**
 * Public holidays of the customer's countries, keyed by local date, from the offline
 * `date-holidays` rules (no network at run time).
 */
export function holidaysByDate(countries: readonly string[], years: readonly number[], locale: Locale): Record<string, HolidayEntry[]> {
  const byDate: Record<string, HolidayEntry[]> = {};
  for (const country of countries) {
    const calendar = new Holidays(country, { languages: [LANGUAGE[locale], 'en'], types: ['public'] });
    for (const year of years) {
      for (const holiday of calendar.getHolidays(year) || []) {
        const date = holiday.date.slice(0, 10);
        const list = byDate[date] ?? [];
        list.push({ date, name: holiday.name, country, type: holiday.type });
        byDate[date] = list;
      }
    }
  }
  return byDate;
}
