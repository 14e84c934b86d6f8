import {
  type DateRange,
  type Granularity,
  type Locale,
  type MessageKey,
  type PartialReason,
  REPORT_RATE_INDICATORS,
  type ReportIndicator,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';

type Cell = string | number | null;
/**
 * `points`: a change of a rate in percentage points (27.3 % -> 29.6 % is +2.3), never a relative change of the rate.
 * `coefficient`: a correlation coefficient, -1 to 1, with the three decimals it is computed to.
 */
export type ColumnKind = 'text' | 'count' | 'rate' | 'decimal' | 'money' | 'points' | 'coefficient';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
}

/** A table as every analytics screen shows it: the one shape the exporter writes. */
export interface ExportTable {
  title: MessageKey;
  columns: ExportColumn[];
  rows: Cell[][];
  /** A totals row under the rows, in bold (its values computed by the caller: ratios recomputed, not summed). */
  totals?: Cell[];
  /**
   * What the table is (title, period, scope, generation time, rates), on a second sheet of label
   * and value lines: the table's sheet keeps its header in row 1, so filters, pivot tables and
   * re-reading a file work on it as on every other export. Also the printed pages' header.
   */
  about?: { sheet: string; printHeader: string; lines: Cell[][] };
}

/** A period's key, with '(partial: ...)' when the bucket holds only part of its period (issue 11): never read as a drop; then '(No data)' or '(Incomplete data)' as on the page. */
export function periodCell(
  locale: Locale,
  key: string,
  partial: PartialReason | undefined,
  coverage?: { shops: number; reporting: number; complete: number } | undefined,
): string {
  const notes: string[] = [];
  if (partial) notes.push(translateMessage(locale, partial === 'running' ? 'export.partialRunning' : 'export.partialEdge'));
  // No data is not zero (issue 11): a bucket no store reported in, or one with a device outage, says so.
  if (coverage && coverage.reporting === 0) notes.push(translateMessage(locale, 'export.noData'));
  else if (coverage && coverage.complete < coverage.reporting) notes.push(translateMessage(locale, 'export.incompleteData'));
  // Each note in its own parentheses, as the page's table shows them ('2026-11-29 (partial: still running) (Incomplete data)').
  return `${key}${notes.map((note) => ` (${note})`).join('')}`;
}

/** Money and ratios of sales keep two decimals: '#,##0' would round a 59.90 average to 60. */
const TWO_DECIMAL_INDICATORS: readonly ReportIndicator[] = [
  'netSales',
  'units',
  'avgTransactionValue',
  'unitsPerTransaction',
  'salesPerVisitor',
  'netSalesPerSqm',
  'entriesPerSqm',
];
/** How an indicator's column is formatted: rates as percentages, stays and money with decimals. */
export const columnKindOf = (indicator: ReportIndicator): ColumnKind =>
  REPORT_RATE_INDICATORS.includes(indicator)
    ? 'rate'
    : indicator === 'avgDwellMinutes'
      ? 'decimal'
      : TWO_DECIMAL_INDICATORS.includes(indicator)
        ? 'money'
        : 'count';
const FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  count: '#,##0',
  rate: '0.0%',
  decimal: '0.0',
  money: '#,##0.00',
  points: '+0.0;-0.0;0.0',
  coefficient: '0.000',
};

/** Percentage points between two rates (fractions), as the 'points' column holds them; null without both. */
export function pointsBetween(previous: number | null | undefined, current: number | null | undefined): number | null {
  return previous === null || previous === undefined || current === null || current === undefined ? null : (current - previous) * 100;
}

/**
 * The change column of an indicator and its cell: rates in percentage points (the difference, as
 * the pages show it), everything else relative ((current - previous) / previous, as a percentage).
 */
export function changeColumnOf(locale: Locale, indicator: ReportIndicator, header = translateMessage(locale, 'export.change')): ExportColumn {
  return REPORT_RATE_INDICATORS.includes(indicator)
    ? { header: `${header} (${translateMessage(locale, 'export.percentagePoints')})`, kind: 'points' }
    : { header, kind: 'rate' };
}
export function changeCellOf(
  indicator: ReportIndicator,
  previous: number | null | undefined,
  current: number | null | undefined,
  relative: number | null,
): Cell {
  return REPORT_RATE_INDICATORS.includes(indicator) ? pointsBetween(previous, current) : relative;
}

/**
 * Writes a table as .xlsx in the reader's language: headers translated, rates as percentages with
 * one decimal (spec section 9), stays in minutes with one decimal. Every analytics table goes
 * through here, so all exports look alike.
 */
export async function writeTable(table: ExportTable, locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  // Sheet names may not hold some characters and are at most 31 long.
  const sheet = workbook.addWorksheet(
    translateMessage(locale, table.title)
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 31),
  );
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: Math.max(12, Math.min(40, column.header.length + 4)),
    style: FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row);
  if (table.totals) sheet.addRow(table.totals).font = { bold: true };
  if (table.about) {
    // '&' starts a code in Excel's header language: a literal one is written '&&'.
    sheet.headerFooter.oddHeader = `&L${table.about.printHeader.replace(/&/g, '&&')}`;
    const about = workbook.addWorksheet(table.about.sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
    about.getColumn(1).width = 28;
    about.getColumn(2).width = 48;
    for (const line of table.about.lines) about.addRow(line);
    about.getColumn(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An indicator's column: its export name in the reader's language, and its format. */
export function indicatorColumnOf(locale: Locale, indicator: ReportIndicator, suffix = ''): ExportColumn {
  return { header: `${translateMessage(locale, `export.${indicator}` as MessageKey)}${suffix}`, kind: columnKindOf(indicator) };
}

/** The header of a trend's period column at its granularity. */
export const PERIOD_HEADERS: Record<Granularity, MessageKey> = { hour: 'export.hour', day: 'export.date', week: 'export.week', month: 'export.month' };

export interface RankingAnswer {
  indicator: ReportIndicator;
  previousRange: DateRange;
  rows: {
    rank: number;
    shopNumber: string;
    shopName: string;
    value: number | null;
    previousValue: number | null;
    change: number | null;
    comparable?: boolean | undefined;
    incompleteDays?: number | undefined;
  }[];
}

export interface RankingTableOptions {
  /** Said after the indicator's name in the value columns (a money indicator's currency: ' (CNY)'). */
  unit?: string;
  /** The header of the rows' `incompleteDays` (what makes a day incomplete differs: devices, POS files). */
  incompleteHeader?: MessageKey;
}

/**
 * A store ranking (traffic or sales) as a table: rank, shop, value, the previous range's value,
 * change (rates in percentage points); when the answer tells them, whether the shop is comparable
 * and its incomplete days, as the ranking pages tag them.
 */
export function rankingTable(title: MessageKey, data: RankingAnswer, locale: Locale, options: RankingTableOptions = {}): ExportTable {
  const tr = (key: MessageKey) => translateMessage(locale, key);
  const unit = options.unit ?? '';
  const withComparable = data.rows.some((row) => row.comparable !== undefined);
  const withIncomplete = data.rows.some((row) => row.incompleteDays !== undefined);
  return {
    title,
    columns: [
      { header: tr('export.rank'), kind: 'count' },
      { header: tr('export.shopNumber'), kind: 'text' },
      { header: tr('export.shop'), kind: 'text' },
      indicatorColumnOf(locale, data.indicator, unit),
      {
        ...indicatorColumnOf(locale, data.indicator),
        header: `${tr('export.previous')}${unit} (${data.previousRange.startDate} ~ ${data.previousRange.endDate})`,
      },
      changeColumnOf(locale, data.indicator),
      ...(withComparable ? [{ header: tr('export.comparable'), kind: 'text' as const }] : []),
      ...(withIncomplete ? [{ header: tr(options.incompleteHeader ?? 'export.incompleteDays'), kind: 'count' as const }] : []),
    ],
    rows: data.rows.map((row) => [
      row.rank,
      row.shopNumber,
      row.shopName,
      row.value,
      row.previousValue,
      changeCellOf(data.indicator, row.previousValue, row.value, row.change),
      ...(withComparable ? [tr(row.comparable === false ? 'export.no' : 'export.yes')] : []),
      ...(withIncomplete ? [row.incompleteDays ?? 0] : []),
    ]),
  };
}
