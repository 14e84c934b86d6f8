import { type CurrencyCode, currencyOfCountry, FALLBACK_CURRENCY } from '@storelens/contracts';
import { addDays, monthOf } from '../../platform/time/local-time.ts';
import type { MoneyService } from '../sales/money.service.ts';

/** Yuan per unit of each demo currency: rounded reference levels, not market data (no network). */
const YUAN_PER_UNIT: Partial<Record<CurrencyCode, number>> = {
  CNY: 1,
  KRW: 0.0052,
  MYR: 1.53,
  VND: 0.000285,
  AUD: 4.72,
  JPY: 0.048,
  USD: 7.2,
};
export const DEMO_RATE_SOURCE = 'Demo reference rates (simulated)';

/**
 * The demo customers' reporting currency (that of their first country) and one rate a month per
 * currency of their countries, entered through the money service as an administrator would
 * (issue 11 section 2). Deterministic: the rates wave a little from month to month around fixed
 * levels; the first month starts before the history, so every seeded day has a rate.
 */
export async function seedDemoRates(money: MoneyService, customerId: string, countries: readonly string[], until: Date, historyDays: number): Promise<number> {
  const reporting = currencyOfCountry(countries[0]) ?? FALLBACK_CURRENCY;
  await money.seedReportingCurrency(customerId, reporting);
  const currencies = [...new Set(countries.map((country) => currencyOfCountry(country)).filter((code): code is CurrencyCode => code !== null))];
  const today = until.toISOString().slice(0, 10);
  // From the month before the history (and its previous period) begins to this month.
  let month = `${monthOf(addDays(today, -2 * historyDays - 31))}-01`;
  const months: string[] = [];
  while (month <= today) {
    months.push(month);
    month = `${monthOf(addDays(month, 32))}-01`;
  }
  let count = 0;
  for (const currency of currencies) {
    const level = YUAN_PER_UNIT[currency];
    const reportingLevel = YUAN_PER_UNIT[reporting];
    if (currency === reporting || level === undefined || reportingLevel === undefined) continue;
    for (const [index, date] of months.entries()) {
      const wave = 1 + 0.012 * Math.sin(index * 1.7 + currency.charCodeAt(0));
      const rate = Number(((level / reportingLevel) * wave).toPrecision(6));
      await money.seedRate(customerId, { baseCurrency: currency, quoteCurrency: reporting, date, rate, source: DEMO_RATE_SOURCE });
      count += 1;
    }
  }
  return count;
}
