import { z } from 'zod';
import { idSchema, pageOf, pageRequestSchema } from '../org/index.ts';
import { currencySchema } from '../platform/currencies.ts';
import { messageRef } from '../platform/messages.ts';
import { numberCompared, requiredText } from '../platform/validation.ts';
import { localDateSchema } from '../traffic/index.ts';

/**
 * Money has a currency (issue 11 section 2). Every shop keeps its POS amounts in its own currency;
 * a figure over shops of one currency is in that currency; over several it is converted to the
 * customer's reporting currency with the dated rates an administrator keeps (the rate of a day is
 * the pair's latest rate on or before it), or refused when a rate is missing: amounts of different
 * currencies are never added up raw.
 */

export const EXCHANGE_RATE_LIMITS = { sourceMaxChars: 64, maxRate: 1_000_000_000 } as const;

/** One currency of the selected shops and how many shops keep it. */
export const currencyShareSchema = z.object({ currency: z.string(), shopCount: z.number().int() });
export type CurrencyShare = z.infer<typeof currencyShareSchema>;

/** A rate a conversion used: for `date` (the rate's own date), `rate` units of `quoteCurrency` per `baseCurrency`. */
export const usedRateSchema = z.object({
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  date: z.string(),
  rate: z.number(),
  source: z.string(),
});
export type UsedRate = z.infer<typeof usedRateSchema>;

/**
 * What the money figures of an answer are in. `currency`: the currency of every money figure
 * (the shops' one currency, or the reporting currency when `converted`). `rates`: each rate used
 * (entered for the pair, or its inverse; conversion divides by an inverse pair's rate).
 * `shopsWithoutArea`: selected shops left out of the per-m² figures for want of a floor area.
 */
export const moneyInfoSchema = z.object({
  currency: z.string(),
  converted: z.boolean(),
  reportingCurrency: z.string(),
  currencies: z.array(currencyShareSchema),
  rates: z.array(usedRateSchema),
  shopsWithoutArea: z.number().int(),
});
export type MoneyInfo = z.infer<typeof moneyInfoSchema>;

/** Only the selected shops that keep this currency (figures per currency, no conversion). */
export const currencyFilterSchema = currencySchema.optional();

/** The currency check of a selection, asked by the pages before the figures. */
export const moneyCheckResponseSchema = z.object({
  reportingCurrency: z.string(),
  currencies: z.array(currencyShareSchema),
  /** Why money over the selection cannot be added up (a message key and its parameters), or null. */
  refusal: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
});
export type MoneyCheckResponse = z.infer<typeof moneyCheckResponseSchema>;

// ---------------------------------------------------------------- settings (/settings/settingSales/exchangeRates)

export const currencySettingsResponseSchema = z.object({
  reportingCurrency: z.string(),
  /** True until an administrator saves one: the currency of the customer's first country. */
  isDefault: z.boolean(),
  /** The currencies of the customer's shops. */
  shopCurrencies: z.array(currencyShareSchema),
  updatedAt: z.string().nullable(),
});
export type CurrencySettingsResponse = z.infer<typeof currencySettingsResponseSchema>;
export const currencySettingsSaveRequestSchema = z.object({ reportingCurrency: currencySchema });

export const exchangeRateRowSchema = z.object({
  rateId: z.string(),
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  date: z.string(),
  rate: z.number(),
  source: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type ExchangeRateRow = z.infer<typeof exchangeRateRowSchema>;

export const exchangeRateListRequestSchema = pageRequestSchema.extend({ currency: currencySchema.optional() });
export type ExchangeRateListRequest = z.infer<typeof exchangeRateListRequestSchema>;
export const exchangeRateListResponseSchema = pageOf(exchangeRateRowSchema);

export const exchangeRateSaveRequestSchema = z
  .object({
    /** Given: that rate is changed; left out: a new rate. */
    rateId: idSchema.optional(),
    baseCurrency: currencySchema,
    quoteCurrency: currencySchema,
    date: localDateSchema,
    rate: numberCompared('>', 0).lte(EXCHANGE_RATE_LIMITS.maxRate, {
      error: messageRef('validation.compare', { op: '<=', value: EXCHANGE_RATE_LIMITS.maxRate }),
    }),
    /** Where the rate comes from (a bank, a central bank's reference rate, a contract). */
    source: requiredText(EXCHANGE_RATE_LIMITS.sourceMaxChars),
  })
  .refine((value) => value.baseCurrency !== value.quoteCurrency, { error: messageRef('money.samePair'), path: ['quoteCurrency'] });
export type ExchangeRateSaveRequest = z.infer<typeof exchangeRateSaveRequestSchema>;
export const exchangeRateIdRequestSchema = z.object({ rateId: idSchema });
