import {
  type ExportRequest,
  type Indicator,
  type Locale,
  type MessageKey,
  type MessageParams,
  type ReportIndicator,
  translateMessage,
} from '@storelens/contracts';
import {
  changeCellOf,
  changeColumnOf,
  columnKindOf,
  type ExportColumn,
  type ExportTable,
  indicatorColumnOf,
  PERIOD_HEADERS,
  periodCell,
  rankingTable,
  writeTable,
} from '../../platform/analytics/excel-table.ts';
import { changeOf } from '../../platform/analytics/ratios.ts';
import { hasPermission } from '../../platform/authz/guard.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import { noAuthority } from '../../platform/http/errors.ts';
import { customReportFile } from './report-file.ts';
import type { TrafficServices } from './traffic.module.ts';

/** Runs the export's query as its screen does, and lays the answer out as a table. */
export async function exportTable(traffic: TrafficServices, actor: CustomerActor, request: ExportRequest, locale: Locale): Promise<DownloadFile> {
  // The export needs what the table's own screen needs.
  if (request.table === 'profile' && !hasPermission(actor, 'cusattr_show')) throw noAuthority();
  if (request.table === 'gateList' && !hasPermission(actor, 'shopgateanalyze_page')) throw noAuthority();
  const tr = (key: MessageKey, params?: MessageParams) => translateMessage(locale, key, params);
  const yesNo = (value: boolean | undefined) => (value === undefined ? null : tr(value ? 'export.yes' : 'export.no'));
  const text = (key: MessageKey): ExportColumn => ({ header: tr(key), kind: 'text' });
  const indicatorColumn = (indicator: ReportIndicator, suffix = ''): ExportColumn => indicatorColumnOf(locale, indicator, suffix);
  let table: ExportTable;
  switch (request.table) {
    case 'dashboard': {
      const data = await traffic.overview.dashboard(actor, request.query);
      const indicators: Indicator[] = ['entries', 'passersby', 'captureRate', 'visits', 'newVisitors', 'repeatVisitors', 'avgDwellMinutes', 'deepVisitRate'];
      table = {
        title: 'export.titleDashboard',
        columns: [
          text('export.shopNumber'),
          text('export.shop'),
          text('export.localDate'),
          ...indicators.map((indicator) => indicatorColumn(indicator)),
          { header: tr('export.lastWeekByNow'), kind: 'count' },
        ],
        rows: data.shops.map((shop) => [
          shop.shopNumber,
          shop.shopName,
          shop.localDate,
          ...indicators.map((indicator) => shop.values[indicator]),
          // Like for like with today so far (issue 11), as the dashboard's table shows it.
          shop.lastWeekEntriesSoFar ?? shop.lastWeekEntries,
        ]),
      };
      break;
    }
    case 'trend': {
      const data = await traffic.overview.trend(actor, request.query, locale);
      table = {
        title: 'export.titleTrend',
        columns: [text(PERIOD_HEADERS[data.granularity]), ...request.query.indicators.map((indicator) => indicatorColumn(indicator))],
        rows: data.points.map((point) => [
          periodCell(locale, point.key, point.partial, point.coverage),
          ...request.query.indicators.map((indicator) => point.values[indicator] ?? null),
        ]),
      };
      break;
    }
    case 'ranking': {
      const data = await traffic.shopComparison.ranking(actor, request.query);
      // As the page: a rate changes in percentage points; each shop says whether it is comparable and how many store-days were incomplete.
      table = rankingTable('export.titleRanking', data, locale);
      break;
    }
    case 'comparison': {
      const data = await traffic.shopComparison.comparison(actor, request.query);
      const { indicators, rangeA, rangeB } = request.query;
      const a = ` (${rangeA.startDate} ~ ${rangeA.endDate})`;
      const b = ` (${rangeB.startDate} ~ ${rangeB.endDate})`;
      table = {
        title: 'export.titleComparison',
        columns: [
          text('export.shopNumber'),
          text('export.shop'),
          ...indicators.flatMap((indicator): ExportColumn[] => [
            indicatorColumn(indicator, a),
            indicatorColumn(indicator, b),
            changeColumnOf(locale, indicator, tr('reportFile.changeOf', { indicator: tr(`export.${indicator}`) })),
          ]),
          text('export.comparable'),
          { header: `${tr('export.incompleteDays')}${a}`, kind: 'count' },
          { header: `${tr('export.incompleteDays')}${b}`, kind: 'count' },
        ],
        rows: data.shops.map((shop) => [
          shop.shopNumber,
          shop.shopName,
          ...indicators.flatMap((indicator) => {
            const [before, after] = [shop.a[indicator] ?? null, shop.b[indicator] ?? null];
            return [before, after, changeCellOf(indicator, before, after, changeOf(before, after))];
          }),
          yesNo(shop.comparable),
          shop.incompleteDaysA ?? null,
          shop.incompleteDaysB ?? null,
        ]),
      };
      break;
    }
    case 'fourQuadrant': {
      const data = await traffic.shopComparison.fourQuadrant(actor, request.query);
      table = {
        title: 'export.titleFourQuadrant',
        columns: [
          text('export.shopNumber'),
          text('export.shop'),
          indicatorColumn(data.xIndicator),
          indicatorColumn(data.yIndicator),
          { header: tr('export.quadrant'), kind: 'count' },
        ],
        rows: data.points.map((point) => [point.shopNumber, point.shopName, point.x, point.y, point.quadrant]),
      };
      break;
    }
    case 'timeInterval': {
      const data = await traffic.entrances.timeInterval(actor, request.query);
      const { indicators } = request.query;
      const average = ` (${tr('export.dailyAverage')})`;
      table = {
        title: 'export.titleTimeInterval',
        columns: [
          text('export.hour'),
          ...indicators.map((indicator) => indicatorColumn(indicator)),
          ...indicators.map((indicator) => ({
            ...indicatorColumn(indicator, average),
            kind: columnKindOf(indicator) === 'count' ? ('decimal' as const) : columnKindOf(indicator),
          })),
        ],
        rows: data.hours.map((hour) => [
          `${String(hour.hour).padStart(2, '0')}:00`,
          ...indicators.map((indicator) => hour.total[indicator] ?? null),
          ...indicators.map((indicator) => hour.dailyAverage[indicator] ?? null),
        ]),
      };
      break;
    }
    case 'gateList': {
      const data = await traffic.entrances.gateList(actor, request.query);
      table = {
        title: 'export.titleGateList',
        columns: [
          text('export.entrance'),
          text('export.cameraNumber'),
          indicatorColumn('entries'),
          indicatorColumn('exits'),
          indicatorColumn('passersby'),
          indicatorColumn('captureRate'),
          { header: tr('export.share'), kind: 'rate' },
        ],
        rows: data.rows.map((row) => [row.cameraName, row.cameraNumber, row.entries, row.exits, row.passersby, row.captureRate, row.share]),
      };
      break;
    }
    case 'profile': {
      const data = await traffic.visitors.profile(actor, request.query);
      const gender: Record<string, MessageKey> = { male: 'export.male', female: 'export.female', unknown: 'export.unknown' };
      table = {
        title: 'export.titleProfile',
        columns: [text('export.gender'), text('export.ageBand'), indicatorColumn('visits'), { header: tr('export.share'), kind: 'rate' }],
        rows: [
          ...data.gender.map((row) => [tr(gender[row.gender] ?? 'export.unknown'), '', row.visits, row.share]),
          ...data.age.map((row) => ['', row.band === 'unknown' ? tr('export.unknown') : row.band, row.visits, row.share]),
        ],
      };
      break;
    }
    case 'stayTime': {
      const data = await traffic.visitors.stayTime(actor, request.query);
      table = {
        title: 'export.titleStayTime',
        columns: [text('export.bucket'), indicatorColumn('visits'), { header: tr('export.share'), kind: 'rate' }],
        rows: data.buckets.map((row) => [row.bucket, row.visits, row.share]),
      };
      break;
    }
    case 'frequency': {
      const data = await traffic.visitors.frequency(actor, request.query);
      table = {
        title: 'export.titleFrequency',
        columns: [text('export.bucket'), { header: tr('export.visitors'), kind: 'count' }, { header: tr('export.share'), kind: 'rate' }],
        rows: data.buckets.map((row) => [row.bucket, row.visitors, row.share]),
      };
      break;
    }
    case 'revisitInterval': {
      const data = await traffic.visitors.revisitInterval(actor, request.query);
      table = {
        title: 'export.titleRevisit',
        columns: [text('export.bucket'), indicatorColumn('visits'), { header: tr('export.share'), kind: 'rate' }],
        rows: data.buckets.map((row) => [row.bucket, row.visits, row.share]),
      };
      break;
    }
    case 'activity': {
      const data = await traffic.visitors.activity(actor, request.query);
      const weeks = data.bandsWeeks;
      const share = (count: number) => (data.visitors > 0 ? count / data.visitors : null);
      const bands: [MessageKey, number, number, number][] = [
        ['export.activityHigh', 0, weeks.high, data.high],
        ['export.activityModerate', weeks.high, weeks.moderate, data.moderate],
        ['export.activityLow', weeks.moderate, weeks.low, data.low],
      ];
      table = {
        title: 'export.titleActivity',
        columns: [
          text('export.activityBand'),
          text('export.weeksSinceLastVisit'),
          { header: tr('export.visitors'), kind: 'count' },
          { header: tr('export.share'), kind: 'rate' },
        ],
        rows: bands.map(([band, from, to, visitors]) => [tr(band), `${from}-${to}`, visitors, share(visitors)]),
      };
      break;
    }
    case 'customReport': {
      const data = await traffic.reports.runForFile(actor, request.query, request.timeZone);
      table = customReportFile({ ...data, reportName: request.reportName }, locale);
      break;
    }
  }
  return { fileName: `${translateMessage(locale, table.title)}.xlsx`, content: await writeTable(table, locale) };
}
