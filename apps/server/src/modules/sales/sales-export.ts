import { type Locale, type MessageKey, SALES_INDICATORS, type SalesExportRequest, type SalesIndicator, translateMessage } from '@storelens/contracts';
import {
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
  const indicatorColumn = (indicator: SalesIndicator, suffix = ''): ExportColumn => indicatorColumnOf(locale, indicator, suffix);
  let table: ExportTable;
  switch (request.table) {
    case 'trend': {
      const data = await analytics.trend(actor, request.query);
      const { indicators } = request.query;
      table = {
        title: 'export.titleSalesTrend',
        columns: [text(PERIOD_HEADERS[data.granularity]), ...indicators.map((indicator) => indicatorColumn(indicator))],
        rows: data.points.map((point) => [periodCell(locale, point.key, point.partial), ...indicators.map((indicator) => point.values[indicator] ?? null)]),
      };
      break;
    }
    case 'ranking': {
      table = rankingTable('export.titleSalesRanking', await analytics.ranking(actor, request.query), locale);
      break;
    }
    case 'crossStore': {
      const data = await analytics.crossStore(actor, request.query);
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
      table = {
        title: 'export.titleTimeOfDay',
        columns: [text('export.hour'), ...HOURLY_INDICATORS.map((indicator) => indicatorColumn(indicator))],
        rows: [
          ...data.hours.map((hour) => [`${String(hour.hour).padStart(2, '0')}:00`, ...HOURLY_INDICATORS.map((indicator) => hour[indicator])]),
          // Orders without a time count in the day but in no hour: one row keeps the sum whole.
          ...(data.withoutTime.transactions > 0
            ? [[tr('export.withoutTime'), data.withoutTime.netSales, data.withoutTime.transactions, null, null, null]]
            : []),
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
      table = {
        title: 'export.titleWeekday',
        columns: [text('export.weekday'), { header: tr('export.days'), kind: 'count' }, ...HOURLY_INDICATORS.map((indicator) => indicatorColumn(indicator))],
        rows: data.weekdays.map((row) => [tr(WEEKDAYS[row.weekday] ?? 'export.unknown'), row.days, ...HOURLY_INDICATORS.map((indicator) => row[indicator])]),
      };
      break;
    }
    case 'periodComparison': {
      const data = await analytics.periodComparison(actor, request.query);
      const { rangeA, rangeB } = request.query;
      const indicators = SALES_INDICATORS;
      const a = ` (${tr('export.rangeA')})`;
      const b = ` (${tr('export.rangeB')})`;
      table = {
        title: 'export.titlePeriodComparison',
        columns: [
          text('export.dayOffset'),
          { header: `${tr('export.rangeA')} (${rangeA.startDate} ~ ${rangeA.endDate})`, kind: 'text' },
          { header: `${tr('export.rangeB')} (${rangeB.startDate} ~ ${rangeB.endDate})`, kind: 'text' },
          ...indicators.flatMap((indicator) => [indicatorColumn(indicator, a), indicatorColumn(indicator, b)]),
        ],
        rows: [
          // The period totals first, then day by day as the chart draws them.
          [tr('export.total'), '', '', ...indicators.flatMap((indicator) => [data.a[indicator], data.b[indicator]])],
          ...data.series.map((day) => [
            day.offset,
            day.dateA,
            periodCell(locale, day.dateB, day.partial),
            ...indicators.flatMap((indicator) => [day.a[indicator], day.b[indicator]]),
          ]),
        ],
      };
      break;
    }
  }
  return { fileName: `${translateMessage(locale, table.title)}.xlsx`, content: await writeTable(table, locale) };
}
