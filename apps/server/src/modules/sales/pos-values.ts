import { messageRef, POS_LIMITS } from '@storelens/contracts';
import type ExcelJS from 'exceljs';

/**
 * Reading the cells of a POS file (spec section 5). Spreadsheets store the same thing in several
 * ways: a date typed as text or kept as a date cell, an amount as a number or as '¥1,234.50'; each
 * reader accepts what a person would mean and names the problem otherwise. Readers return the
 * value, or a PosCellError whose message is a message reference.
 */
export type Cell = string | number | boolean | Date | null;

export interface PosCellError {
  error: string;
}
export const isCellError = (value: unknown): value is PosCellError => typeof value === 'object' && value !== null && 'error' in value;

/** The value of an exceljs cell, with formulas, rich text and links reduced to what they show. */
export function cellOf(value: ExcelJS.CellValue | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return cellOf(value.richText.map((part) => part.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) return cellOf((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  if ('text' in value) return cellOf(String(value.text ?? ''));
  return null;
}

/** Text of an identifying cell (store or order number); a number cell reads as its digits. */
export function textOf(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (cell instanceof Date) return cell.toISOString();
  return String(cell);
}

const invalid = (key: Parameters<typeof messageRef>[0], params?: Record<string, string | number>): PosCellError => ({ error: messageRef(key, params) });

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 2000 || year > 2099) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const DATE_TEXT = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_TEXT = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const EXCEL_DAY_MS = 86_400_000;

function minuteOf(hours: number, minutes: number, seconds = 0): number | null {
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 60 + minutes;
}

/**
 * A shop-local date: yyyy/mm/dd typed as text (yyyy-mm-dd too), or a date cell (Excel keeps dates
 * as day numbers in a date format; exceljs hands them over as UTC midnights). A time of day in the
 * same cell comes back as the minute of the day.
 */
export function readDate(cell: Cell): { date: string; minute: number | null } | PosCellError {
  if (cell === null) return invalid('validation.required');
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return invalid('pos.dateFormat');
    const date = isoDate(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
    if (!date) return invalid('pos.dateFormat');
    const minute = cell.getUTCHours() * 60 + cell.getUTCMinutes();
    return { date, minute: minute === 0 && cell.getUTCSeconds() === 0 ? null : minute };
  }
  if (typeof cell !== 'string') return invalid('pos.dateFormat');
  const match = DATE_TEXT.exec(cell);
  if (!match) return invalid('pos.dateFormat');
  const date = isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!date) return invalid('pos.dateFormat');
  if (match[4] === undefined) return { date, minute: null };
  const minute = minuteOf(Number(match[4]), Number(match[5]), Number(match[6] ?? 0));
  return minute === null ? invalid('pos.dateFormat') : { date, minute };
}

/** A time of day: HH:mm or HH:mm:ss as text, a time cell, or Excel's fraction of a day. */
export function readTime(cell: Cell): number | PosCellError {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return invalid('pos.timeFormat');
    return cell.getUTCHours() * 60 + cell.getUTCMinutes();
  }
  if (typeof cell === 'number') {
    if (cell < 0 || cell >= 1) return invalid('pos.timeFormat');
    return Math.floor(Math.round(cell * EXCEL_DAY_MS) / 60_000);
  }
  if (typeof cell !== 'string') return invalid('pos.timeFormat');
  const match = TIME_TEXT.exec(cell);
  const minute = match ? minuteOf(Number(match[1]), Number(match[2]), Number(match[3] ?? 0)) : null;
  return minute === null ? invalid('pos.timeFormat') : minute;
}

/** A number cell as an exact count of 1/scale units, when it has at most `decimals` decimals. */
function scaledNumber(value: number, scale: number): number | null {
  const scaled = value * scale;
  const rounded = Math.round(scaled);
  // Binary fractions: 19.9 * 100 is 1989.9999999999998; anything further off has more decimals.
  return Math.abs(scaled - rounded) <= Math.max(1e-6, Math.abs(scaled) * Number.EPSILON * 4) ? rounded : null;
}

function digitsBeforePoint(value: number): number {
  return Math.trunc(Math.abs(value)).toString().length;
}

/** Quantity: an integer or a decimal (spec section 5), kept in thousandths. Negative: a return. */
export function readQuantityMilli(cell: Cell): number | PosCellError {
  const { quantityDecimals: decimals, quantityDigits: digits } = POS_LIMITS;
  if (cell === null) return invalid('validation.required');
  let value: number;
  if (typeof cell === 'number') value = cell;
  else if (typeof cell === 'string' && /^[+-]?\d+(\.\d+)?$/.test(cell)) value = Number(cell);
  else return invalid('pos.quantityFormat', { decimals });
  if (!Number.isFinite(value)) return invalid('pos.quantityFormat', { decimals });
  if (digitsBeforePoint(value) > digits) return invalid('pos.numberLength', { digits });
  const milli = scaledNumber(value, 1000);
  return milli === null ? invalid('pos.quantityFormat', { decimals }) : milli;
}

const AMOUNT_TEXT = /^([+-]?)\s*[¥￥$€£₩]?\s*([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** Amount in currency with at most two decimals, kept in cents. '¥1,234.50' reads; negative is a return. */
export function readAmountCents(cell: Cell): number | PosCellError {
  const digits = POS_LIMITS.amountDigits;
  if (cell === null) return invalid('validation.required');
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return invalid('pos.amountFormat');
    if (digitsBeforePoint(cell) > digits) return invalid('pos.numberLength', { digits });
    const cents = scaledNumber(cell, 100);
    return cents === null ? invalid('pos.amountFormat') : cents;
  }
  if (typeof cell !== 'string') return invalid('pos.amountFormat');
  const match = AMOUNT_TEXT.exec(cell);
  if (!match || (match[1] && match[2])) return invalid('pos.amountFormat');
  const whole = (match[3] ?? '').replaceAll(',', '');
  const fraction = match[4] ?? '';
  if (whole.replace(/^0+(?=\d)/, '').length > digits) return invalid('pos.numberLength', { digits });
  if (fraction.length > 2) return invalid('pos.amountFormat');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return match[1] === '-' || match[2] === '-' ? -cents : cents;
}

/** How many items the order holds: a whole number of 0 or more. */
export function readItemCount(cell: Cell): number | PosCellError {
  const value = typeof cell === 'number' ? cell : typeof cell === 'string' && /^\d+$/.test(cell) ? Number(cell) : Number.NaN;
  if (!Number.isInteger(value) || value < 0 || value > POS_LIMITS.itemCountMax) return invalid('pos.itemCountFormat');
  return value;
}

/** A required identifying text of at most `max` characters. */
export function readCode(cell: Cell, max: number): string | PosCellError {
  const text = textOf(cell);
  if (text === '') return invalid('validation.required');
  if (text.length > max) return invalid('validation.maxChars', { n: max });
  return text;
}
