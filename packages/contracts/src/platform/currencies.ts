import { z } from 'zod';
import { messageRef } from './messages.ts';

/**
 * ISO 4217 currencies a shop may keep its POS amounts in, with their minor units (digits after the
 * decimal point): KRW, VND and JPY have none. The markets of our customers first, then the usual
 * trading currencies. Amounts are stored in hundredths of the major unit whatever the currency
 * (the POS file's two decimals); the minor units only say how a figure is shown.
 */
export const CURRENCY_MINOR_UNITS = {
  CNY: 2,
  KRW: 0,
  JPY: 0,
  MYR: 2,
  VND: 0,
  AUD: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  SGD: 2,
  TWD: 2,
  THB: 2,
  IDR: 2,
  PHP: 2,
  NZD: 2,
} as const;
export type CurrencyCode = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCY_CODES = Object.keys(CURRENCY_MINOR_UNITS) as [CurrencyCode, ...CurrencyCode[]];
export const currencySchema = z.enum(CURRENCY_CODES, { error: messageRef('validation.invalidValue', { field: 'currency' }) });

/** The currency of a country (ISO 3166 alpha-2), for a new shop's default. */
export const COUNTRY_CURRENCIES: Readonly<Record<string, CurrencyCode>> = {
  CN: 'CNY',
  KR: 'KRW',
  JP: 'JPY',
  MY: 'MYR',
  VN: 'VND',
  AU: 'AUD',
  US: 'USD',
  GB: 'GBP',
  HK: 'HKD',
  SG: 'SGD',
  TW: 'TWD',
  TH: 'THB',
  ID: 'IDR',
  PH: 'PHP',
  NZ: 'NZD',
};

/** Used when neither the shop's province nor the customer's countries name a known country. */
export const FALLBACK_CURRENCY: CurrencyCode = 'CNY';

export function currencyOfCountry(country: string | null | undefined): CurrencyCode | null {
  return country ? (COUNTRY_CURRENCIES[country.toUpperCase()] ?? null) : null;
}

export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCY_MINOR_UNITS, code);
}

export function minorUnitsOf(code: string): number {
  return isCurrencyCode(code) ? CURRENCY_MINOR_UNITS[code] : 2;
}
