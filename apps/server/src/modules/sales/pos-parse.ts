import fs from 'node:fs';
import { messageRef, POS_EXAMPLE_ORDER_NUMBER, POS_LIMITS, type SalesField, type SalesTemplateColumn } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { guardPackage, type PackagePart, UNSAFE_PACKAGE_MESSAGE, UnsafePackage } from '../../platform/files/upload-guard.ts';
import {
  type Cell,
  cellOf,
  isCellError,
  type PosCellError,
  readAmountCents,
  readCode,
  readDate,
  readItemCount,
  readQuantityMilli,
  readTime,
  textOf,
} from './pos-values.ts';
import { mapHeader } from './sales-template.ts';

/** A row error of a POS file: the sheet's row number, the column's header, a message reference. */
export interface PosRowError {
  row: number;
  column: string;
  message: string;
}

/**
 * The valid orders of a file, column by column: 200,000 rows kept as typed arrays take a few
 * megabytes where as many objects would take tens (the import must stay under 300 MB).
 */
export interface ParsedOrders {
  count: number;
  /** The sheet row each order came from (for errors found later, against stored orders). */
  rows: Int32Array;
  orderNumbers: string[];
  /** Index into the shops the parser was given. */
  shop: Int32Array;
  /** Shop-local date as days since 1970-01-01. */
  day: Int32Array;
  /** Minute of the day, -1 without a time. */
  minute: Int16Array;
  quantityMilli: Float64Array;
  amountCents: Float64Array;
  /** -1 without an item count. */
  itemCount: Int32Array;
  /** Index into paymentTypes, -1 without one. */
  paymentType: Int32Array;
  paymentTypes: string[];
}

export type ParseOutcome =
  | {
      kind: 'parsed';
      dataRows: number;
      orders: ParsedOrders;
      errors: PosRowError[];
      errorRows: number;
      /** The file's header of each column, for errors found later. */
      headers: Partial<Record<SalesField, string>>;
    }
  /** The whole file is refused before its rows count: the failure is a message reference. */
  | {
      kind: 'refused';
      failure: string;
      errors: PosRowError[];
      dataRows: number | null;
      /** Why the package could not be read (for the server log; the person sees `failure`). */
      cause?: unknown;
    };

export interface ParseInput {
  filePath: string;
  template: readonly SalesTemplateColumn[];
  /** Store number -> index of a shop the uploader may import for. */
  shopIndex: ReadonlyMap<string, number>;
  /** Fraction 0..1 of the file read; called often and cheaply (the caller writes it on its own timer). */
  onProgress: (fraction: number) => void;
  /** Asked every few thousand rows: true ends the parse (the server is stopping). */
  shouldStop: () => boolean;
}

export class ParseStopped extends Error {
  constructor() {
    super('POS parse stopped');
    this.name = 'ParseStopped';
  }
}

const DAY_MS = 86_400_000;
/** What exceljs keeps of the workbook while streaming (not in its typings). */
interface ReaderInternals {
  model?: { sheets?: { name?: string; rId?: string }[] };
  workbookRels?: { Id?: string; Target?: string }[];
}
interface SheetInternals {
  name?: string;
  iterator?: AsyncIterable<Buffer>;
}

function newOrders(capacity: number): ParsedOrders {
  return {
    count: 0,
    rows: new Int32Array(capacity),
    orderNumbers: [],
    shop: new Int32Array(capacity),
    day: new Int32Array(capacity),
    minute: new Int16Array(capacity),
    quantityMilli: new Float64Array(capacity),
    amountCents: new Float64Array(capacity),
    itemCount: new Int32Array(capacity),
    paymentType: new Int32Array(capacity),
    paymentTypes: [],
  };
}

export function dayNumberOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Reads the first sheet of a POS file as a stream (exceljs WorkbookReader) and checks every row
 * against the template (spec section 5): header, store number, order number (unique in the file),
 * date, time, quantity, amount, payment type, item count. Nothing is written here; the import
 * writes only when every row is right.
 */
export async function parsePosFile(input: ParseInput): Promise<ParseOutcome> {
  const { size: fileSize } = await fs.promises.stat(input.filePath);
  let parts: PackagePart[];
  try {
    // Before exceljs unzips a byte (it would inflate a zip bomb's sheet into a temporary file).
    parts = await guardPackage({ filePath: input.filePath }, POS_LIMITS.package);
  } catch (error) {
    if (error instanceof UnsafePackage) return { kind: 'refused', failure: UNSAFE_PACKAGE_MESSAGE, errors: [], dataRows: null };
    throw error;
  }
  // The import's progress is the share of its sheet's XML parsed.
  const sheetSizes = new Map(parts.filter((part) => /^xl\/worksheets\/sheet\d+\.xml$/.test(part.name)).map((part) => [part.name, part.uncompressedSize]));
  const source = fs.createReadStream(input.filePath, { highWaterMark: 256 * 1024 });
  let fileBytes = 0;
  let sheetBytes = 0;
  let sheetSize = 0;
  // Reading the package (unzip) is the first fifth of the work, the sheet's rows the rest.
  const progress = () => input.onProgress(Math.min(1, 0.2 * (fileBytes / fileSize) + 0.8 * (sheetSize > 0 ? sheetBytes / sheetSize : 0)));
  let stopped = false;
  source.on('data', (chunk) => {
    fileBytes += chunk.length;
    progress();
    // Unzipping a large package takes a while before the first row: a stop request ends it too.
    if (!stopped && input.shouldStop()) {
      stopped = true;
      source.destroy(new ParseStopped());
    }
  });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    // Styles tell exceljs which numbers are dates: date cells arrive as Dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const internals = reader as unknown as ReaderInternals;

  let outcome: ParseOutcome | null = null;
  let sawSheet = false;
  try {
    for await (const worksheet of reader) {
      const sheet = worksheet as unknown as SheetInternals;
      const first = internals.model?.sheets?.[0];
      // Only the first sheet of the workbook is read (spec section 5); the others are skipped, but
      // their bytes are drained first: exceljs deletes a sheet's temporary copy as soon as the next
      // item is asked for, and a copy deleted while its unread stream is still opening fails with
      // an ENOENT that nothing catches (an unhandled error: in production, a crashed server).
      if (sawSheet || (first?.name !== undefined && sheet.name !== undefined && sheet.name !== first.name)) {
        if (sheet.iterator) for await (const _skipped of sheet.iterator);
        continue;
      }
      sawSheet = true;
      const target = internals.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target;
      sheetSize = sheetSizes.get(target ? `xl/${target.replace(/^\/?xl\//, '')}` : 'xl/worksheets/sheet1.xml') ?? 0;
      // The guard has inflated this sheet to its declared size; should exceljs ever read more than
      // that (or than the cap), the parse stops rather than trust it.
      const sheetCap = sheetSize || POS_LIMITS.package.maxPartBytes;
      const rows = sheet.iterator;
      if (rows) {
        sheet.iterator = (async function* counted() {
          for await (const chunk of rows) {
            sheetBytes += chunk.length;
            if (sheetBytes > sheetCap) throw new UnsafePackage('inflation', `the sheet inflates beyond ${sheetCap} bytes`);
            yield chunk;
          }
        })();
      }
      outcome = await readRows(worksheet, input, progress);
    }
  } catch (error) {
    if (error instanceof ParseStopped || stopped) throw new ParseStopped();
    // Not a readable workbook (a broken or foreign package): the spec's 'Incorrect file content'.
    // The cause goes to the log: a readable file refused here would otherwise leave no trace.
    return { kind: 'refused', failure: 'errors.incorrectFileContent', errors: [], dataRows: null, cause: error };
  } finally {
    source.destroy();
  }
  return outcome ?? { kind: 'refused', failure: 'errors.incorrectFileContent', errors: [], dataRows: null };
}

async function readRows(worksheet: ExcelJS.stream.xlsx.WorksheetReader, input: ParseInput, progress: () => void): Promise<ParseOutcome> {
  const { template, shopIndex } = input;
  const orders = newOrders(POS_LIMITS.maxRows);
  const errors: PosRowError[] = [];
  let errorRows = 0;
  let dataRows = 0;
  let header: ReturnType<typeof mapHeader> | null = null;
  let headerText: string[] = [];
  const firstRowOfOrder = new Map<string, number>();
  const paymentTypeIndex = new Map<string, number>();
  /** 1-based position of each field's cell in a row's values, -1 when the template has no such column. */
  const at: Record<SalesField, number> = { shopNumber: -1, orderNumber: -1, date: -1, time: -1, quantity: -1, amount: -1, paymentType: -1, itemCount: -1 };
  let positions: number[] = [];
  // Dates and times repeat from row to row: each distinct text is read once.
  const dates = new Map<string, { day: number; minute: number } | PosCellError>();
  const times = new Map<string, number | PosCellError>();

  // Per-row state, kept outside the loop so no closure is made for each of 200,000 rows.
  let values: ExcelJS.CellValue[] = [];
  let line = 0;
  let rowHasError = false;
  const cell = (field: SalesField): Cell => (at[field] < 0 ? null : cellOf(values[at[field]]));
  const fail = (field: SalesField, message: string) => {
    rowHasError = true;
    if (errors.length < POS_LIMITS.errorsKept) errors.push({ row: line, column: headerText[at[field] - 1] ?? '', message });
  };
  const readDay = (value: Cell): { day: number; minute: number } | PosCellError => {
    const key = typeof value === 'string' ? value : value instanceof Date ? `#${value.getTime()}` : null;
    const known = key === null ? undefined : dates.get(key);
    if (known) return known;
    const read = readDate(value);
    const result = isCellError(read) ? read : { day: dayNumberOf(read.date), minute: read.minute ?? -1 };
    if (key !== null && dates.size < 100_000) dates.set(key, result);
    return result;
  };
  const readMinute = (value: Cell): number | PosCellError => {
    if (typeof value !== 'string') return readTime(value);
    let known = times.get(value);
    if (known === undefined) {
      known = readTime(value);
      if (times.size < 100_000) times.set(value, known);
    }
    return known;
  };

  for await (const row of worksheet) {
    values = row.values as ExcelJS.CellValue[];
    if (!header) {
      headerText = values.slice(1).map((value) => {
        const text = cellOf(value);
        return text === null ? '' : String(text instanceof Date ? text.toISOString() : text);
      });
      if (headerText.every((text) => text === '')) continue;
      header = mapHeader(headerText, template);
      if (header.problems.length > 0) {
        return {
          kind: 'refused',
          failure: 'errors.importHeader',
          errors: header.problems.map((problem) => ({ row: row.number, ...problem })),
          dataRows: null,
        };
      }
      for (const [field, position] of Object.entries(header.index)) at[field as SalesField] = (position as number) + 1;
      positions = Object.values(at).filter((position) => position > 0);
      continue;
    }
    let empty = true;
    for (const position of positions) {
      if (cellOf(values[position]) !== null) {
        empty = false;
        break;
      }
    }
    if (empty) continue;
    // The template's example row (its order number is the marker) is no data: skipped, not counted.
    if (at.orderNumber > 0 && textOf(cellOf(values[at.orderNumber])) === POS_EXAMPLE_ORDER_NUMBER) continue;
    dataRows += 1;
    if (dataRows > POS_LIMITS.maxRows) {
      return { kind: 'refused', failure: messageRef('errors.importTooManyRows', { max: POS_LIMITS.maxRows }), errors: [], dataRows };
    }
    if (dataRows % 2000 === 0) {
      if (input.shouldStop()) throw new ParseStopped();
      progress();
    }
    line = row.number;
    rowHasError = false;

    const shopNumber = readCode(cell('shopNumber'), POS_LIMITS.orderNumberMaxChars);
    let shop = -1;
    if (isCellError(shopNumber)) fail('shopNumber', shopNumber.error);
    else {
      shop = shopIndex.get(shopNumber) ?? -1;
      if (shop < 0) fail('shopNumber', messageRef('pos.unknownShop'));
    }

    const orderNumber = readCode(cell('orderNumber'), POS_LIMITS.orderNumberMaxChars);
    if (isCellError(orderNumber)) fail('orderNumber', orderNumber.error);
    else {
      const firstRow = firstRowOfOrder.get(orderNumber);
      if (firstRow !== undefined) fail('orderNumber', messageRef('import.duplicateInFile', { row: firstRow }));
      else firstRowOfOrder.set(orderNumber, line);
    }

    const date = readDay(cell('date'));
    if (isCellError(date)) fail('date', date.error);
    let minute = isCellError(date) ? -1 : date.minute;
    const timeCell = cell('time');
    if (timeCell !== null) {
      const time = readMinute(timeCell);
      if (isCellError(time)) fail('time', time.error);
      else minute = time;
    }

    const quantity = readQuantityMilli(cell('quantity'));
    if (isCellError(quantity)) fail('quantity', quantity.error);
    const amount = readAmountCents(cell('amount'));
    if (isCellError(amount)) fail('amount', amount.error);

    let itemCount = -1;
    const itemCell = cell('itemCount');
    if (itemCell !== null) {
      const items = readItemCount(itemCell);
      if (isCellError(items)) fail('itemCount', items.error);
      else itemCount = items;
    }
    let paymentType = -1;
    const typeCell = cell('paymentType');
    if (typeCell !== null) {
      const text = readCode(typeCell, POS_LIMITS.paymentTypeMaxChars);
      if (isCellError(text)) fail('paymentType', text.error);
      else {
        paymentType = paymentTypeIndex.get(text) ?? -1;
        if (paymentType < 0) {
          paymentType = orders.paymentTypes.push(text) - 1;
          paymentTypeIndex.set(text, paymentType);
        }
      }
    }

    if (rowHasError) {
      errorRows += 1;
      continue;
    }
    const n = orders.count;
    orders.rows[n] = line;
    orders.orderNumbers.push(orderNumber as string);
    orders.shop[n] = shop;
    orders.day[n] = (date as { day: number }).day;
    orders.minute[n] = minute;
    orders.quantityMilli[n] = quantity as number;
    orders.amountCents[n] = amount as number;
    orders.itemCount[n] = itemCount;
    orders.paymentType[n] = paymentType;
    orders.count = n + 1;
  }
  progress();
  if (!header || dataRows === 0) return { kind: 'refused', failure: 'errors.incorrectFileContent', errors: [], dataRows: header ? 0 : null };
  const headers = Object.fromEntries(
    Object.entries(at)
      .filter(([, position]) => position > 0)
      .map(([field, position]) => [field, headerText[position - 1] ?? '']),
  );
  return { kind: 'parsed', dataRows, orders, errors, errorRows, headers };
}
