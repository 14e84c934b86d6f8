import {
  IMPORT_LIMITS,
  type ImportRowError,
  isMessageKey,
  LOCALES,
  type Locale,
  type MessageKey,
  parseMessageRef,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { refused } from '../http/errors.ts';
import { spreadsheetImportSlots } from './parse-slots.ts';
import { refuseUnsafePackage } from './upload-guard.ts';

/**
 * The one spreadsheet machinery of the administration imports (shops, users): templates, reading
 * the first sheet against the template's header, turning row failures into row/column errors, and
 * the error report. Headers are written in the caller's language and accepted in any of the four,
 * so a template downloaded in Chinese still imports for a colleague working in English.
 */
export interface SheetColumn<K extends string> {
  key: K;
  header: MessageKey;
  /** An example value, shown as a note on the header cell (never as a row that would import). */
  example?: string;
  width?: number;
  /** A column added to a template later (at its end): a file of the older template, without it, still imports. */
  optional?: boolean;
}

export interface SheetRow<K extends string> {
  /** The spreadsheet's own row number (the header is row 1). */
  row: number;
  values: Record<K, string>;
}

/** A row error before translation: the column's header key and a message reference. */
export interface StoredRowError {
  row: number;
  column: MessageKey | '';
  message: string;
}

export async function writeTemplate<K extends string>(columns: readonly SheetColumn<K>[], sheetName: MessageKey, locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translateMessage(locale, sheetName));
  sheet.columns = columns.map((column) => ({
    header: translateMessage(locale, column.header),
    key: column.key,
    width: column.width ?? 18,
    // Text format keeps leading zeros of store numbers and long mobile numbers intact in Excel.
    style: { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, index) => {
    if (column.example) header.getCell(index + 1).note = column.example;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString().endsWith('T00:00:00.000Z') ? value.toISOString().slice(0, 10) : value.toISOString();
  if ('richText' in value) {
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  }
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in value) return String(value.text ?? '').trim();
  return '';
}

function headerMatches(text: string, key: MessageKey): boolean {
  const normalized = text.trim().toLowerCase();
  return LOCALES.some((locale) => translateMessage(locale, key).trim().toLowerCase() === normalized);
}

/**
 * Reads the first sheet. Refuses (nothing imported) a file that is not an .xlsx workbook or would
 * unpack beyond IMPORT_LIMITS.package (checked by the upload guard before exceljs inflates
 * anything), a header that is not the template's, a file without data rows and one over the row
 * cap. The parse itself takes one of the process's spreadsheet import slots.
 */
export async function readSheet<K extends string>(content: Buffer, columns: readonly SheetColumn<K>[]): Promise<SheetRow<K>[]> {
  await refuseUnsafePackage(content, IMPORT_LIMITS.package);
  return spreadsheetImportSlots.run(() => parseSheet(content, columns));
}

async function parseSheet<K extends string>(content: Buffer, columns: readonly SheetColumn<K>[]): Promise<SheetRow<K>[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's own Buffer type lags behind @types/node; the bytes are what it wants.
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw refused('errors.incorrectFileContent');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refused('errors.incorrectFileContent');

  const header = sheet.getRow(1);
  const extra =
    header.cellCount > columns.length &&
    Array.from({ length: header.cellCount - columns.length }, (_, i) => cellText(header.getCell(columns.length + i + 1).value)).some(Boolean);
  const matches = columns.every((column, index) => {
    const text = cellText(header.getCell(index + 1).value);
    return (column.optional === true && text === '') || headerMatches(text, column.header);
  });
  if (sheet.actualRowCount === 0) throw refused('errors.importEmpty');
  if (!matches || extra) throw refused('errors.importHeader');
  // Counted before reading cell by cell (the guard has already kept a million-row sheet out).
  if (sheet.actualRowCount - 1 > IMPORT_LIMITS.maxRows) throw refused('errors.importTooManyRows', { max: IMPORT_LIMITS.maxRows });

  const rows: SheetRow<K>[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const values = {} as Record<K, string>;
    let empty = true;
    columns.forEach((column, index) => {
      const text = cellText(row.getCell(index + 1).value);
      if (text) empty = false;
      values[column.key] = text;
    });
    if (empty) continue;
    rows.push({ row: number, values });
    if (rows.length > IMPORT_LIMITS.maxRows) throw refused('errors.importTooManyRows', { max: IMPORT_LIMITS.maxRows });
  }
  if (rows.length === 0) throw refused('errors.importEmpty');
  return rows;
}

/** Zod issues of one row, as row errors on the columns their fields come from. */
export function rowErrorsFromIssues<K extends string>(
  row: number,
  issues: readonly z.core.$ZodIssue[],
  columns: readonly SheetColumn<K>[],
  columnOfField: (field: string) => K | undefined,
): StoredRowError[] {
  const seen = new Set<string>();
  const errors: StoredRowError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    const key = columnOfField(field);
    const column = columns.find((c) => c.key === key);
    if (seen.has(field)) continue;
    seen.add(field);
    const message = isMessageKey(parseMessageRef(issue.message).key)
      ? issue.message
      : `validation.invalidValue|${JSON.stringify({ field: column ? column.key : field })}`;
    errors.push({ row, column: column?.header ?? '', message });
  }
  return errors;
}

export function translateRowErrors(errors: readonly StoredRowError[], locale: Locale): ImportRowError[] {
  return errors.map((error) => ({
    row: error.row,
    column: error.column ? translateMessage(locale, error.column) : '',
    message: translateMessage(locale, error.message),
  }));
}

/** The downloadable error report: row, column and message, in the reader's language. */
export async function writeErrorReport(errors: readonly StoredRowError[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translateMessage(locale, 'import.errorSheet'));
  sheet.columns = [
    { header: translateMessage(locale, 'import.row'), key: 'row', width: 8 },
    { header: translateMessage(locale, 'import.column'), key: 'column', width: 28 },
    { header: translateMessage(locale, 'import.message'), key: 'message', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const error of translateRowErrors(errors, locale)) sheet.addRow(error);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
