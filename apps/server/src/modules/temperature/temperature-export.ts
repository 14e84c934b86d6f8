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

export interface ExportedReading {
  sensor: SensorWithShop;
  reading: { at: string; celsius: number; humidity: number | null };
}

/**
 * The inspector's file: one row per raw reading, its store's local time, the limits in force at
 * that time and whether the reading was within them; headers in the reader's language.
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
    { header: text('temperature.colCelsius'), key: 'celsius', width: 16 },
    { header: text('temperature.colHumidity'), key: 'humidity', width: 14 },
    { header: text('temperature.colLow'), key: 'low', width: 14 },
    { header: text('temperature.colHigh'), key: 'high', width: 14 },
    { header: text('temperature.colWithin'), key: 'within', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { sensor, reading } of rows) {
    const at = Date.parse(reading.at);
    const limits = limitsAt(limitSetOf(sensor), { timeZone: sensor.time_zone, businessHours: sensor.business_hours }, at);
    sheet.addRow({
      shop: sensor.shop_name,
      sensor: sensor.name,
      kind: text(KIND_LABELS[sensor.kind]),
      time: namedLocalTime(sensor.time_zone, at).time,
      celsius: reading.celsius,
      humidity: reading.humidity ?? '',
      low: limits.low,
      high: limits.high,
      within: text(reading.celsius >= limits.low && reading.celsius <= limits.high ? 'temperature.yes' : 'temperature.no'),
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
