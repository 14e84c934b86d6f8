import { type PartialSalesValues, SALES_INDICATORS, type SalesIndicator, type SalesValues } from '@storelens/contracts';
import { ratio } from '../../platform/analytics/ratios.ts';

/**
 * The additive sums behind every sales indicator. The sales part comes from the sales rollups;
 * the `matched_` part from the shop-days that have both POS data and traffic (entries > 0), which
 * is what conversion rate and sales per visitor divide, so neither a shop without cameras nor a day
 * whose POS file is missing distorts them. Money in cents, units in thousandths: sums stay exact.
 */
export interface SalesSums {
  net_sales_cents: number;
  transactions: number;
  returns: number;
  units_milli: number;
  items: number;
  matched_entries: number;
  matched_transactions: number;
  matched_sales_cents: number;
  /** Net sales and traffic entries (every day) of the shops that have a floor area, for the per-m² figures. */
  area_sales_cents: number;
  area_entries: number;
}
export const SALES_SUM_COLUMNS = ['net_sales_cents', 'transactions', 'returns', 'units_milli', 'items'] as const;
export const MATCHED_SUM_COLUMNS = ['matched_entries', 'matched_transactions', 'matched_sales_cents'] as const;
/** The sums that are money (hundredths of the shop's currency): what a conversion multiplies. */
const MONEY_SUMS = ['net_sales_cents', 'matched_sales_cents', 'area_sales_cents'] as const satisfies readonly (keyof SalesSums)[];

export function emptySums(): SalesSums {
  return {
    net_sales_cents: 0,
    transactions: 0,
    returns: 0,
    units_milli: 0,
    items: 0,
    matched_entries: 0,
    matched_transactions: 0,
    matched_sales_cents: 0,
    area_sales_cents: 0,
    area_entries: 0,
  };
}

/** The money of some sums in another currency: every money sum times the rate. */
export function scaleMoney(sums: Partial<SalesSums>, rate: number): Partial<SalesSums> {
  const scaled = { ...sums };
  for (const key of MONEY_SUMS) if (scaled[key] !== undefined) scaled[key] = (scaled[key] as number) * rate;
  return scaled;
}

export function addSums(target: SalesSums, source: Partial<SalesSums>): SalesSums {
  for (const key in source) {
    const value = source[key as keyof SalesSums];
    if (value) target[key as keyof SalesSums] += value;
  }
  return target;
}

/** `floorArea`: the m² the per-m² indicators divide by (the area of the shops with one); 0 gives no value. */
export function salesValue(indicator: SalesIndicator, sums: SalesSums, floorArea = 0): number | null {
  switch (indicator) {
    case 'netSales':
      return sums.net_sales_cents / 100;
    case 'transactions':
      return sums.transactions;
    case 'units':
      return sums.units_milli / 1000;
    case 'avgTransactionValue':
      return ratio(sums.net_sales_cents / 100, sums.transactions);
    case 'unitsPerTransaction':
      return ratio(sums.units_milli / 1000, sums.transactions);
    case 'entries':
      return sums.matched_entries;
    case 'conversionRate':
      return ratio(sums.matched_transactions, sums.matched_entries);
    case 'salesPerVisitor':
      return ratio(sums.matched_sales_cents / 100, sums.matched_entries);
    case 'netSalesPerSqm':
      return ratio(sums.area_sales_cents / 100, floorArea);
    case 'entriesPerSqm':
      return ratio(sums.area_entries, floorArea);
  }
}

export function salesValues(indicators: readonly SalesIndicator[], sums: SalesSums, floorArea = 0): PartialSalesValues {
  return Object.fromEntries(indicators.map((indicator) => [indicator, salesValue(indicator, sums, floorArea)]));
}

export function allSalesValues(sums: SalesSums, floorArea = 0): SalesValues {
  return Object.fromEntries(SALES_INDICATORS.map((indicator) => [indicator, salesValue(indicator, sums, floorArea)])) as SalesValues;
}
