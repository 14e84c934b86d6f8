import type { z } from 'zod';
import { moneyInfoSchema } from '../sales/money.ts';
import { reportWithSalesTableSchema } from './index.ts';

/**
 * A custom report's answer with the currency of its money (issue 11): `money` is there when the
 * report has a money indicator (in that currency, converted with the listed rates or refused with
 * 'money.mixedCurrencies'). Its own file: the sales money schemas read the traffic vocabulary, so
 * the traffic vocabulary cannot read them back.
 */
export const customReportTableSchema = reportWithSalesTableSchema.extend({ money: moneyInfoSchema.optional() });
export type CustomReportTable = z.infer<typeof customReportTableSchema>;
