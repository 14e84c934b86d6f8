import { type Locale, SALES_FIELDS, type SalesField, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { FIELD_LABELS } from './sales-template.ts';

export type PosFileRow = Partial<Record<SalesField, string | number | null>>;

/**
 * Writes a POS file for the default template (every column, headers in one language) with
 * exceljs's streaming writer: rows go to disk as they come, so a file of 200,000 orders takes
 * little memory. For the demo seed's files, the benchmark and the tests' large files.
 */
export async function writePosWorkbook(filePath: string, rows: Iterable<PosFileRow>, locale: Locale = 'en'): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet(translateMessage(locale, 'pos.templateSheet'));
  sheet.addRow(SALES_FIELDS.map((field) => translateMessage(locale, FIELD_LABELS[field]))).commit();
  for (const row of rows) sheet.addRow(SALES_FIELDS.map((field) => row[field] ?? null)).commit();
  sheet.commit();
  await writer.commit();
}

/**
 * Made-up orders spread over the given shops and days: quantity 1-5 (also the item count),
 * amount (i mod 1000) + 0.50, a time between 08:00 and 21:59. Their sums come back with them, so
 * a test or a benchmark can check what the import stored.
 */
export function sampleOrders(options: { rows: number; shopNumbers: readonly string[]; dates: readonly string[]; prefix?: string }) {
  const totals = { netSalesCents: 0, unitsMilli: 0 };
  function* rows(): Generator<PosFileRow> {
    for (let i = 0; i < options.rows; i += 1) {
      const quantity = 1 + (i % 5);
      const cents = (i % 1000) * 100 + 50;
      totals.netSalesCents += cents;
      totals.unitsMilli += quantity * 1000;
      const date = options.dates[Math.floor(i / options.shopNumbers.length) % options.dates.length] ?? '2026-01-01';
      yield {
        shopNumber: options.shopNumbers[i % options.shopNumbers.length] ?? '',
        orderNumber: `${options.prefix ?? 'L'}-${String(i).padStart(7, '0')}`,
        date: date.replaceAll('-', '/'),
        time: `${String(8 + (i % 14)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
        quantity,
        amount: cents / 100,
        paymentType: i % 3 === 0 ? 'cash' : 'card',
        itemCount: quantity,
      };
    }
  }
  return { rows: rows(), totals };
}
