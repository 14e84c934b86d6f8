import {
  type CustomReportTable,
  type Locale,
  type MessageKey,
  type MessageParams,
  MONEY_SALES_INDICATORS,
  type ReportIndicator,
  type SalesIndicator,
  type StoreDaysCount,
  translateMessage,
} from '@storelens/contracts';
import { type ExportColumn, type ExportTable, indicatorColumnOf } from '../../platform/analytics/excel-table.ts';
import { namedLocalTime } from '../../platform/time/local-time.ts';

/** What a custom report's file is made of: the answer, its shops, and when and where it was generated. */
export interface ReportFileInput {
  table: CustomReportTable;
  shops: readonly { number: string; name: string }[];
  timeZone: string;
  generatedAt: Date;
  reportName?: string | undefined;
}

const isMoney = (indicator: ReportIndicator) => (MONEY_SALES_INDICATORS as readonly string[]).includes(indicator as SalesIndicator);

/**
 * A custom report as an Excel file (issue 11): the table as the page shows it, a totals row (counts
 * and money added, rates and averages as the server recomputed them from the totals), a data
 * column saying which rows lack data or are partial, money columns named with their currency, and
 * an 'about' sheet with the title, period (and rolling rule), stores, generation time in the
 * reader's zone, the currency and every exchange rate used.
 */
export function customReportFile(input: ReportFileInput, locale: Locale): ExportTable {
  const { table } = input;
  const tr = (key: MessageKey, params?: MessageParams) => translateMessage(locale, key, params);
  const text = (key: MessageKey): ExportColumn => ({ header: tr(key), kind: 'text' });
  const byShop = table.dimension === 'shop' || table.dimension === 'shopDay';
  const byPeriod = table.dimension !== 'shop';
  const currency = table.money?.currency;
  const indicatorColumn = (indicator: ReportIndicator) => indicatorColumnOf(locale, indicator, currency && isMoney(indicator) ? ` (${currency})` : '');
  const storeDaysNote = (count: StoreDaysCount | undefined, partial: string | undefined): string => {
    const notes: string[] = [];
    if (partial) notes.push(tr(partial === 'running' ? 'export.partialRunning' : 'export.partialEdge'));
    if (count && count.total > 0) {
      if (count.reporting === 0) notes.push(tr('export.noData'));
      else if (count.reporting < count.total || count.complete < count.reporting) {
        const params = { total: count.total, reporting: count.reporting, incomplete: count.reporting - count.complete };
        notes.push(tr(table.dimension === 'hour' ? 'reportFile.storeHoursNote' : 'reportFile.storeDaysNote', params));
      } else notes.push(tr('reportFile.complete'));
    }
    return notes.join('; ');
  };
  const range = table.range ?? { startDate: '', endDate: '' };
  const period = table.rolling ? tr('reportFile.rollingPeriod', { rule: tr(`reportFile.${table.rolling}`), ...range }) : tr('reportFile.fixedPeriod', range);
  const title = input.reportName ? `${tr('export.titleCustomReport')}: ${input.reportName}` : tr('export.titleCustomReport');
  const generated = namedLocalTime(input.timeZone, input.generatedAt.getTime());
  const money = table.money;
  const lines: (string | number | null)[][] = [
    [tr('reportFile.report'), title],
    [tr('reportFile.period'), period],
    [tr('reportFile.stores'), tr('reportFile.storeCount', { n: input.shops.length })],
    ...input.shops.map((shop) => [null, `${shop.number} ${shop.name}`]),
    [tr('reportFile.generatedAt'), tr('reportFile.generatedAtValue', { time: generated.time, timeZone: generated.zone })],
    [
      tr('reportFile.currency'),
      !money
        ? tr('reportFile.noMoney')
        : money.converted
          ? tr('reportFile.currencyConverted', { currency: money.currency, currencies: money.currencies.map((share) => share.currency).join(', ') })
          : money.currency,
    ],
  ];
  if (money && money.rates.length > 0) {
    lines.push([], [tr('reportFile.rates')]);
    lines.push([tr('reportFile.rateDate'), tr('reportFile.rateFrom'), tr('reportFile.rateTo'), tr('reportFile.rate'), tr('reportFile.rateSource')]);
    for (const rate of money.rates) lines.push([rate.date, rate.baseCurrency, rate.quoteCurrency, rate.rate, rate.source]);
  }
  lines.push([], [tr('reportFile.completenessLegend')], [tr('reportFile.totalsNote')]);
  const leading = (byShop ? 2 : 0) + (byPeriod ? 1 : 0);
  return {
    title: 'export.titleCustomReport',
    columns: [
      ...(byShop ? [text('export.shopNumber'), text('export.shop')] : []),
      ...(byPeriod ? [text('export.period')] : []),
      ...table.indicators.map(indicatorColumn),
      text('reportFile.dataCompleteness'),
    ],
    rows: table.rows.map((row) => [
      ...(byShop ? [row.shopNumber ?? '', row.shopName ?? ''] : []),
      ...(byPeriod ? [row.period ?? ''] : []),
      ...table.indicators.map((indicator) => row.values[indicator] ?? null),
      storeDaysNote(row.storeDays, row.partial),
    ]),
    totals: [
      tr('export.total'),
      ...Array.from({ length: leading - 1 }, () => ''),
      ...table.indicators.map((indicator) => table.totals[indicator] ?? null),
      storeDaysNote(table.totalsStoreDays, undefined),
    ],
    about: { sheet: tr('reportFile.infoSheet'), printHeader: `${title} · ${period}`, lines },
  };
}
