import { type Locale, type MessageKey, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { namedLocalTime } from '../../platform/time/local-time.ts';
import { limitsAt } from './breach.ts';
import type { SensorWithShop } from './temperature.repo.ts';
import { limitSetOf } from './temperature-engine.ts';

const KIND_LABELS = {
  fridge: 'temperature.kindFridge',
  freezer: 'temperature.kindFreezer',
  displayCase: 'temperature.kindDisplayCase',
  stockRoom: 'temperature.kindStockRoom',
} as const satisfies Record<SensorWithShop['kind'], MessageKey>;

const DETAIL_LABELS = {
  reading: 'temperature.detailReading',
  fiveMinutes: 'temperature.detailFiveMinutes',
  hour: 'temperature.detailHour',
} as const satisfies Record<ExportedReading['row']['detail'], MessageKey>;

/** One row of the file: a raw reading (min = max = its value), or a 5-minute or hourly summary (average, min, max). */
export interface ExportedReading {
  sensor: SensorWithShop;
  row: { at: string; detail: 'reading' | 'fiveMinutes' | 'hour'; celsius: number; min: number; max: number; count: number; humidity: number | null };
}

/**
 * The inspector's file: one row per reading or summary, its store's local time, the limits in
 * force at that time and whether it was within them (a summary when its min and max both were);
 * headers in the reader's language.
 */
export async function readingsWorkbook(rows: readonly ExportedReading[], locale: Locale): Promise<Buffer> {
  const text = (key: MessageKey) => translateMessage(locale, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text('temperature.sheet'));
  sheet.columns = [
    { header: text('temperature.colShop'), key: 'shop', width: 22 },
    { header: text('temperature.colSensor'), key: 'sensor', width: 22 },
    { header: text('temperature.colKind'), key: 'kind', width: 14 },
    { header: text('temperature.colTime'), key: 'time', width: 20 },
    { header: text('temperature.colDetail'), key: 'detail', width: 18 },
    { header: text('temperature.colCelsius'), key: 'celsius', width: 16 },
    { header: text('temperature.colMin'), key: 'min', width: 12 },
    { header: text('temperature.colMax'), key: 'max', width: 12 },
    { header: text('temperature.colCount'), key: 'count', width: 10 },
    { header: text('temperature.colHumidity'), key: 'humidity', width: 14 },
    { header: text('temperature.colLow'), key: 'low', width: 14 },
    { header: text('temperature.colHigh'), key: 'high', width: 14 },
    { header: text('temperature.colWithin'), key: 'within', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { sensor, row } of rows) {
    const at = Date.parse(row.at);
    const limits = limitsAt(limitSetOf(sensor), { timeZone: sensor.time_zone, businessHours: sensor.business_hours }, at);
    sheet.addRow({
      shop: sensor.shop_name,
      sensor: sensor.name,
      kind: text(KIND_LABELS[sensor.kind]),
      time: namedLocalTime(sensor.time_zone, at).time,
      detail: text(DETAIL_LABELS[row.detail]),
      celsius: row.celsius,
      min: row.min,
      max: row.max,
      count: row.count,
      humidity: row.humidity ?? '',
      low: limits.low,
      high: limits.high,
      within: text(row.min >= limits.low && row.max <= limits.high ? 'temperature.yes' : 'temperature.no'),
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
