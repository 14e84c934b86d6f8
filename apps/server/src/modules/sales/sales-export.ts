import {
  type Locale,
  type MessageKey,
  MONEY_SALES_INDICATORS,
  type MoneyInfo,
  type PosData,
  SALES_INDICATORS,
  type SalesExportRequest,
  type SalesIndicator,
  translateMessage,
} from '@storelens/contracts';
import {
  changeCellOf,
  changeColumnOf,
  type ExportColumn,
  type ExportTable,
  indicatorColumnOf,
  PERIOD_HEADERS,
  periodCell,
  rankingTable,
  writeTable,
} from '../../platform/analytics/excel-table.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import type { SalesAnalyticsService } from './sales-analytics.service.ts';

const WEEKDAYS: readonly MessageKey[] = [
  'export.monday',
  'export.tuesday',
  'export.wednesday',
  'export.thursday',
  'export.friday',
  'export.saturday',
  'export.sunday',
];
/** The indicators of the time-of-day and weekday rows, in the order the consumption page shows them. */
const HOURLY_INDICATORS = ['netSales', 'transactions', 'entries', 'conversionRate', 'avgTransactionValue'] as const satisfies readonly SalesIndicator[];

/**
 * What the money columns of an answer are in, said after their names: ' (CNY)', or for amounts
 * converted to the reporting currency ' (USD, converted with the rates of 2026-03-01, 2026-03-05)'
 * (the dates of the rates used; a long list names the first and the last).
 */
export function currencyUnit(locale: Locale, money: MoneyInfo): string {
  if (!money.converted) return ` (${translateMessage(locale, 'export.inCurrency', { currency: money.currency })})`;
  const dates = [...new Set(money.rates.map((rate) => rate.date))].sort();
  const named = dates.length > 3 ? `${dates[0]} ~ ${dates.at(-1)}` : dates.join(', ');
  return ` (${translateMessage(locale, 'export.convertedCurrency', { currency: money.currency, dates: named })})`;
}

/** Store-days without POS data of a row (issue 11): how many of how many, as the pages say it; '' when none is missing. */
function posDataNote(locale: Locale, posData: PosData): string {
  if (posData.missing === 0) return '';
  if (posData.missing >= posData.storeDays) return translateMessage(locale, 'export.noPosData');
  return translateMessage(locale, 'export.posDataMissing', { missing: posData.missing, storeDays: posData.storeDays });
}
const withNote = (text: string, note: string) => (note ? `${text} (${note})` : text);

/**
 * Runs the export's query as its screen does and lays the answer out as a table; the workbook is
 * written by the analytics table writer, so sales and traffic downloads look alike (money with two
 * decimals, rates as percentages).
 */
export async function exportSalesTable(
  analytics: SalesAnalyticsService,
  actor: CustomerActor,
  request: SalesExportRequest,
  locale: Locale,
): Promise<DownloadFile> {
  const tr = (key: MessageKey) => translateMessage(locale, key);
  const text = (key: MessageKey): ExportColumn => ({ header: tr(key), kind: 'text' });
  // Money columns name their currency; rate changes are in percentage points; store-days without POS data are said, not summed as 0.
  let unit = '';
  const indicatorColumn = (indicator: SalesIndicator, suffix = ''): ExportColumn =>
    indicatorColumnOf(locale, indicator, `${MONEY_SALES_INDICATORS.includes(indicator) ? unit : ''}${suffix}`);
  const missingColumn: ExportColumn = { header: tr('export.storeDaysWithoutPos'), kind: 'count' };
  let table: ExportTable;
  switch (request.table) {
    case 'trend': {
      const data = await analytics.trend(actor, request.query);
      unit = currencyUnit(locale, data.money);
      const { indicators } = request.query;
      table = {
        title: 'export.titleSalesTrend',
        columns: [text(PERIOD_HEADERS[data.granularity]), ...indicators.map((indicator) => indicatorColumn(indicator)), missingColumn],
        rows: data.points.map((point) => [
          withNote(periodCell(locale, point.key, point.partial), posDataNote(locale, point.posData)),
          ...indicators.map((indicator) => point.values[indicator] ?? null),
          point.posData.missing,
        ]),
      };
      break;
    }
    case 'ranking': {
      const data = await analytics.ranking(actor, request.query);
      table = rankingTable('export.titleSalesRanking', data, locale, {
        ...(MONEY_SALES_INDICATORS.includes(data.indicator) ? { unit: currencyUnit(locale, data.money) } : {}),
        incompleteHeader: 'export.daysWithoutPos',
      });
      break;
    }
    case 'crossStore': {
      const data = await analytics.crossStore(actor, request.query);
      unit = currencyUnit(locale, data.money);
      const { indicators } = request.query;
      const summaryRow = (label: MessageKey, values: (typeof data)['totals']) => [
        '',
        tr(label),
        ...indicators.map((indicator) => values[indicator] ?? null),
        null,
      ];
      table = {
        title: 'export.titleCrossStore',
        columns: [
          text('export.shopNumber'),
          text('export.shop'),
          ...indicators.map((indicator) => indicatorColumn(indicator)),
          { header: tr('export.shareOfNetSales'), kind: 'rate' },
        ],
        rows: [
          ...data.shops.map((shop) => [shop.shopNumber, shop.shopName, ...indicators.map((indicator) => shop.values[indicator] ?? null), shop.shareOfNetSales]),
          summaryRow('export.total', data.totals),
          summaryRow('export.shopAverage', data.shopAverage),
        ],
      };
      break;
    }
    case 'timeOfDay': {
      const data = await analytics.timeOfDay(actor, request.query);
      unit = currencyUnit(locale, data.money);
      const note = posDataNote(locale, data.posData);
      table = {
        title: 'export.titleTimeOfDay',
        columns: [text('export.hour'), ...HOURLY_INDICATORS.map((indicator) => indicatorColumn(indicator))],
        rows: [
          ...data.hours.map((hour) => [`${String(hour.hour).padStart(2, '0')}:00`, ...HOURLY_INDICATORS.map((indicator) => hour[indicator])]),
          // Orders without a time count in the day but in no hour: one row keeps the sum whole.
          ...(data.withoutTime.transactions > 0
            ? [[tr('export.withoutTime'), data.withoutTime.netSales, data.withoutTime.transactions, null, null, null]]
            : []),
          // Every hour sums over the same store-days: the ones without POS data are said once, under them.
          ...(note ? [[`${tr('export.storeDaysWithoutPos')}: ${note}`, null, null, null, null, null]] : []),
        ],
      };
      break;
    }
    case 'basketSize': {
      const data = await analytics.basketSize(actor, request.query);
      table = {
        title: 'export.titleBasketSize',
        columns: [text('export.basketSize'), indicatorColumn('transactions'), { header: tr('export.share'), kind: 'rate' }],
        rows: data.buckets.map((row) => [row.bucket, row.transactions, row.share]),
      };
      break;
    }
    case 'weekday': {
      const data = await analytics.weekday(actor, request.query);
      unit = currencyUnit(locale, data.money);
      table = {
        title: 'export.titleWeekday',
        columns: [
          text('export.weekday'),
          { header: tr('export.days'), kind: 'count' },
          ...HOURLY_INDICATORS.map((indicator) => indicatorColumn(indicator)),
          missingColumn,
        ],
        rows: data.weekdays.map((row) => [
          tr(WEEKDAYS[row.weekday] ?? 'export.unknown'),
          row.days,
          ...HOURLY_INDICATORS.map((indicator) => row[indicator]),
          row.posData.missing,
        ]),
      };
      break;
    }
    case 'periodComparison': {
      const data = await analytics.periodComparison(actor, request.query);
      unit = currencyUnit(locale, data.money);
      const { rangeA, rangeB } = request.query;
      const indicators = SALES_INDICATORS;
      const a = ` (${tr('export.rangeA')})`;
      const b = ` (${tr('export.rangeB')})`;
      const compared = data.likeForLike
        ? `${data.likeForLike.comparedShops} / ${data.likeForLike.shops}${data.likeForLike.comparableOnly ? ` (${tr('export.comparableStores')})` : ''}`
        : '';
      table = {
        title: 'export.titlePeriodComparison',
        columns: [
          text('export.dayOffset'),
          { header: `${tr('export.rangeA')} (${rangeA.startDate} ~ ${rangeA.endDate})`, kind: 'text' },
          { header: `${tr('export.rangeB')} (${rangeB.startDate} ~ ${rangeB.endDate})`, kind: 'text' },
          ...indicators.flatMap((indicator) => [indicatorColumn(indicator, a), indicatorColumn(indicator, b), changeColumnOf(locale, indicator)]),
          { ...missingColumn, header: `${missingColumn.header}${a}` },
          { ...missingColumn, header: `${missingColumn.header}${b}` },
          text('export.comparedStores'),
        ],
        rows: [
          // The period totals first (with the change, rates in percentage points), then day by day as the chart draws them.
          [
            tr('export.total'),
            '',
            '',
            ...indicators.flatMap((indicator) => [
              data.a[indicator],
              data.b[indicator],
              changeCellOf(indicator, data.a[indicator], data.b[indicator], data.change[indicator] ?? null),
            ]),
            data.series.reduce((sum, day) => sum + day.posDataA.missing, 0),
            data.series.reduce((sum, day) => sum + day.posDataB.missing, 0),
            compared,
          ],
          ...data.series.map((day) => [
            day.offset,
            day.dateA,
            periodCell(locale, day.dateB, day.partial),
            ...indicators.flatMap((indicator) => [day.a[indicator], day.b[indicator], null]),
            day.posDataA.missing,
            day.posDataB.missing,
            '',
          ]),
        ],
      };
      break;
    }
  }
  return { fileName: `${translateMessage(locale, table.title)}.xlsx`, content: await writeTable(table, locale) };
}
