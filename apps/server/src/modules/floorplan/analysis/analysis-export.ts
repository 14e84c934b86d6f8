import { type areaExportRequestSchema, type Locale, type MessageKey, translateMessage } from '@storelens/contracts';
import type { z } from 'zod';
import { type ExportColumn, type ExportTable, writeTable } from '../../../platform/analytics/excel-table.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import type { DownloadFile } from '../../../platform/http/download.ts';
import { datesOf } from '../../../platform/time/local-time.ts';
import type { AreaAnalysisService } from './analysis.service.ts';

const KIND_NAMES: Record<string, MessageKey> = { region: 'area.kindRegion', halt: 'area.kindHalt', enter: 'area.kindEnter' };

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
      };
      break;
    }
    case 'regionTrend': {
      const answer = await analysis.regionTrend(actor, request.query);
      table = {
        title: 'area.titleRegionTrend',
        columns: [column('export.date', 'text'), column('export.entries'), column('area.passes'), column('area.dwellSeconds'), column('area.deepEntries')],
        rows: answer.daily.map((day) => [day.date, day.entries, day.passes, day.dwellSeconds, day.deepEntries]),
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
        ],
        rows: answer.lines.map((line) => [line.name, line.forward, line.backward, line.counted, answer.tracks, line.percent]),
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
        ],
        rows: answer.areas.map((area) => [area.name, area.entries, area.male, area.female, area.genderUnknown, ...area.ages.map((age) => age.entries)]),
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
      };
      break;
    }
    case 'cameraFlows': {
      const answer = await analysis.cameraEvents(actor, request.query);
      table = {
        title: 'area.titleCameraFlows',
        columns: [column('area.flowLine', 'text'), column('area.forward'), column('area.backward')],
        rows: answer.flows.map((line) => [line.name, line.forward, line.backward]),
      };
      break;
    }
  }
  return { fileName: `${request.table}-${request.query.startDate}-${request.query.endDate}.xlsx`, content: await writeTable(table, locale) };
}
