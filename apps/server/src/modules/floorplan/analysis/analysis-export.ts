import { type areaExportRequestSchema, type GeometryVersions, type Locale, type MessageKey, translateMessage } from '@storelens/contracts';
import type { z } from 'zod';
import { type ExportColumn, type ExportTable, writeTable } from '../../../platform/analytics/excel-table.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import type { DownloadFile } from '../../../platform/http/download.ts';
import { datesOf } from '../../../platform/time/local-time.ts';
import type { AreaAnalysisService } from './analysis.service.ts';

const KIND_NAMES: Record<string, MessageKey> = { region: 'area.kindRegion', halt: 'area.kindHalt', enter: 'area.kindEnter' };

/**
 * The versions behind a table's figures, on the workbook's second sheet (and the printed header):
 * the plan's geometry version, then per element each version with figures and its first and last day.
 */
function versionsSheet(
  t: (key: MessageKey) => string,
  title: MessageKey,
  period: string,
  geometry: GeometryVersions | null,
): NonNullable<ExportTable['about']> {
  const lines: (string | number | null)[][] = [];
  if (geometry) {
    lines.push([t('areaVersions.planVersion'), geometry.planVersion], []);
    lines.push([
      t('areaVersions.element'),
      t('areaVersions.current'),
      t('areaVersions.changedOn'),
      t('areaVersions.version'),
      t('areaVersions.firstDate'),
      t('areaVersions.lastDate'),
    ]);
    for (const element of geometry.elements) {
      const head = [element.name, element.current, `${element.since.slice(0, 16).replace('T', ' ')} UTC`];
      if (element.spans.length === 0) lines.push([...head, t('areaVersions.none'), null, null]);
      for (const span of element.spans) lines.push([...head, span.version, span.firstDate, span.lastDate]);
    }
  }
  return { sheet: t('areaVersions.sheet'), printHeader: `${t(title)} · ${period}`, lines };
}

/**
 * Runs the table's query as its page does and lays the answer out for Excel (every table of the
 * /area pages and of /events exports; the workbook's sheet is named after the table, headers in the reader's language).
 */
export async function exportAreaTable(
  analysis: AreaAnalysisService,
  actor: CustomerActor,
  request: z.output<typeof areaExportRequestSchema>,
  locale: Locale,
): Promise<DownloadFile> {
  const t = (key: MessageKey) => translateMessage(locale, key);
  const column = (key: MessageKey, kind: ExportColumn['kind'] = 'count'): ExportColumn => ({ header: t(key), kind });
  const period = `${request.query.startDate} ~ ${request.query.endDate}`;
  let table: ExportTable;
  switch (request.table) {
    case 'regions': {
      const answer = await analysis.regionSummary(actor, request.query);
      table = {
        title: 'area.titleRegions',
        columns: [
          column('area.region', 'text'),
          column('area.kind', 'text'),
          column('export.entries'),
          column('area.passes'),
          column('area.dwellSeconds'),
          column('area.avgDwellSeconds', 'decimal'),
          column('area.deepEntries'),
          column('area.deepRate', 'decimal'),
          column('area.versions', 'text'),
        ],
        rows: answer.rows.map((row) => [
          row.name,
          t(KIND_NAMES[row.kind] ?? 'area.kindRegion'),
          row.entries,
          row.passes,
          row.dwellSeconds,
          row.avgDwellSeconds,
          row.deepEntries,
          row.deepRate,
          row.versions.join(', '),
        ]),
        about: versionsSheet(t, 'area.titleRegions', period, answer.geometry),
      };
      break;
    }
    case 'regionTrend': {
      const answer = await analysis.regionTrend(actor, request.query);
      table = {
        title: 'area.titleRegionTrend',
        columns: [column('export.date', 'text'), column('export.entries'), column('area.passes'), column('area.dwellSeconds'), column('area.deepEntries')],
        rows: answer.daily.map((day) => [day.date, day.entries, day.passes, day.dwellSeconds, day.deepEntries]),
        about: versionsSheet(t, 'area.titleRegionTrend', period, answer.geometry),
      };
      break;
    }
    case 'fromAndGo': {
      const answer = await analysis.fromAndGo(actor, request.query);
      const names = new Map(answer.regions.map((region) => [region.elementId, region.name]));
      table = {
        title: 'area.titleFromAndGo',
        columns: [column('area.from', 'text'), column('area.to', 'text'), column('area.transitions'), column('area.sharePercent', 'decimal')],
        rows: answer.cells.map((cell) => [names.get(cell.fromId) ?? cell.fromId, names.get(cell.toId) ?? cell.toId, cell.transitions, cell.share]),
        about: versionsSheet(t, 'area.titleFromAndGo', period, answer.geometry),
      };
      break;
    }
    case 'correlations': {
      // The page's matrix: a row and a column per region, each cell the pair's coefficient (a region's own cell empty).
      const answer = await analysis.correlations(actor, request.query);
      const coefficients = new Map(
        answer.pairs.flatMap((pair) => [[`${pair.a}|${pair.b}`, pair.coefficient] as const, [`${pair.b}|${pair.a}`, pair.coefficient] as const]),
      );
      table = {
        title: 'area.titleCorrelations',
        columns: [column('area.region', 'text'), ...answer.regions.map((region) => ({ header: region.name, kind: 'coefficient' as const }))],
        rows: answer.regions.map((row) => [row.name, ...answer.regions.map((other) => coefficients.get(`${row.elementId}|${other.elementId}`) ?? null)]),
      };
      break;
    }
    case 'flows': {
      const answer = await analysis.flowPercent(actor, request.query);
      table = {
        title: 'area.titleFlows',
        columns: [
          column('area.flowLine', 'text'),
          column('area.forward'),
          column('area.backward'),
          column('area.counted'),
          column('area.tracks'),
          column('area.percentOfTracks', 'decimal'),
          column('area.versions', 'text'),
        ],
        rows: answer.lines.map((line) => [line.name, line.forward, line.backward, line.counted, answer.tracks, line.percent, line.versions.join(', ')]),
        about: versionsSheet(t, 'area.titleFlows', period, answer.geometry),
      };
      break;
    }
    case 'enter': {
      const answer = await analysis.enterAnalysis(actor, request.query);
      table = {
        title: 'area.titleEnter',
        columns: [
          column('area.region', 'text'),
          column('export.entries'),
          column('export.male'),
          column('export.female'),
          column('export.unknown'),
          ...(answer.areas[0]?.ages ?? []).map((age) => ({ header: `${t('export.ageBand')} ${age.band}`, kind: 'count' as const })),
          column('area.versions', 'text'),
        ],
        rows: answer.areas.map((area) => [
          area.name,
          area.entries,
          area.male,
          area.female,
          area.genderUnknown,
          ...area.ages.map((age) => age.entries),
          area.versions.join(', '),
        ]),
        about: versionsSheet(t, 'area.titleEnter', period, answer.geometry),
      };
      break;
    }
    case 'cameraRegions': {
      const answer = await analysis.cameraEvents(actor, request.query);
      // The page's table: a column per hour of the day (summed over the days) or per day of the range.
      const slots =
        request.view === 'day'
          ? datesOf(request.query.startDate, request.query.endDate)
          : Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);
      table = {
        title: 'area.titleCameraRegions',
        columns: [column('area.region', 'text'), column('export.total'), ...slots.map((slot) => ({ header: slot, kind: 'count' as const }))],
        rows: answer.regions.map((region) => {
          const values = request.view === 'day' ? region.daily.map((slot) => slot.entries) : region.hourly.map((slot) => slot.entries);
          return [region.name, values.reduce((sum, value) => sum + value, 0), ...values];
        }),
        about: versionsSheet(t, 'area.titleCameraRegions', period, answer.geometry),
      };
      break;
    }
    case 'cameraFlows': {
      const answer = await analysis.cameraEvents(actor, request.query);
      table = {
        title: 'area.titleCameraFlows',
        columns: [column('area.flowLine', 'text'), column('area.forward'), column('area.backward')],
        rows: answer.flows.map((line) => [line.name, line.forward, line.backward]),
        about: versionsSheet(t, 'area.titleCameraFlows', period, answer.geometry),
      };
      break;
    }
  }
  return { fileName: `${request.table}-${request.query.startDate}-${request.query.endDate}.xlsx`, content: await writeTable(table, locale) };
}
