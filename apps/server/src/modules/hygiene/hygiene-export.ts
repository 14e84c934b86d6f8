import { type CertificateRow, type HygieneRecordRow, type Locale, type MessageKey, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { namedLocalTime } from '../../platform/time/local-time.ts';

type Text = (key: MessageKey) => string;
type Shop = { name: string; number: string; time_zone: string };
type Column<Row> = { header: MessageKey; width: number; value: (row: Row, shop: Shop | undefined, text: Text) => string | number };

const STATUS_LABELS = { valid: 'hygiene.statusValid', expiring: 'hygiene.statusExpiring', expired: 'hygiene.statusExpired' } as const;
/** A record's time as its store reads it. */
const storeTime = (row: HygieneRecordRow, shop: Shop | undefined) => namedLocalTime(shop?.time_zone ?? 'UTC', Date.parse(row.occurredAt)).time;

const STORE_COLUMNS = [
  { header: 'hygiene.colStore', width: 22, value: (_: unknown, shop: Shop | undefined) => shop?.name ?? '' },
  { header: 'hygiene.colStoreNumber', width: 12, value: (_: unknown, shop: Shop | undefined) => shop?.number ?? '' },
] as const satisfies readonly Column<unknown>[];

const CERTIFICATE_COLUMNS: readonly Column<CertificateRow>[] = [
  ...STORE_COLUMNS,
  { header: 'hygiene.colEmployee', width: 16, value: (row) => row.employeeName },
  { header: 'hygiene.colPosition', width: 14, value: (row) => row.position },
  { header: 'hygiene.colNumber', width: 20, value: (row) => row.number },
  { header: 'hygiene.colIssuer', width: 24, value: (row) => row.issuer },
  { header: 'hygiene.colIssuedOn', width: 12, value: (row) => row.issuedOn },
  { header: 'hygiene.colExpiresOn', width: 12, value: (row) => row.expiresOn },
  { header: 'hygiene.colStatus', width: 14, value: (row, _, text) => text(STATUS_LABELS[row.status]) },
];
const TRAINING_COLUMNS: readonly Column<HygieneRecordRow>[] = [
  ...STORE_COLUMNS,
  { header: 'hygiene.colDate', width: 12, value: (row) => row.localDate },
  { header: 'hygiene.colTopic', width: 30, value: (row) => row.topic ?? '' },
  { header: 'hygiene.colTrainer', width: 16, value: (row) => row.trainer ?? '' },
  { header: 'hygiene.colAttendees', width: 40, value: (row) => row.attendees.map((attendee) => attendee.name).join(', ') },
];
const DISINFECTION_COLUMNS: readonly Column<HygieneRecordRow>[] = [
  ...STORE_COLUMNS,
  { header: 'hygiene.colTime', width: 18, value: storeTime },
  { header: 'hygiene.colArea', width: 20, value: (row) => row.area ?? '' },
  { header: 'hygiene.colMethod', width: 18, value: (row) => row.method ?? '' },
  { header: 'hygiene.colAgent', width: 18, value: (row) => row.agent ?? '' },
  { header: 'hygiene.colPerson', width: 16, value: (row) => row.person ?? '' },
];
const WASTE_COLUMNS: readonly Column<HygieneRecordRow>[] = [
  ...STORE_COLUMNS,
  { header: 'hygiene.colTime', width: 18, value: storeTime },
  { header: 'hygiene.colWasteType', width: 20, value: (row) => row.wasteType ?? '' },
  { header: 'hygiene.colWeight', width: 12, value: (row) => row.weightKg ?? '' },
  { header: 'hygiene.colCollector', width: 16, value: (row) => row.collector ?? '' },
];

export type HygieneSheet =
  | { log: 'certificates'; rows: readonly CertificateRow[]; shops: ReadonlyMap<string, Shop> }
  | { log: 'training' | 'disinfection' | 'waste'; rows: readonly HygieneRecordRow[]; shops: ReadonlyMap<string, Shop> };

const SHEETS = {
  certificates: 'hygiene.sheetCertificates',
  training: 'hygiene.sheetTraining',
  disinfection: 'hygiene.sheetDisinfection',
  waste: 'hygiene.sheetWaste',
} as const;

function write<Row extends { shopId: string }>(
  sheet: ExcelJS.Worksheet,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  shops: ReadonlyMap<string, Shop>,
  text: Text,
) {
  sheet.columns = columns.map((column, index) => ({ header: text(column.header), key: `c${index}`, width: column.width }));
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value(row, shops.get(row.shopId), text)])));
}

/** The hygiene downloads: one sheet of the certificates or of one log, headers and labels in the reader's language, times in each store's own zone. */
export async function hygieneWorkbook(input: HygieneSheet, locale: Locale): Promise<Buffer> {
  const text: Text = (key) => translateMessage(locale, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text(SHEETS[input.log]));
  if (input.log === 'certificates') write(sheet, CERTIFICATE_COLUMNS, input.rows, input.shops, text);
  else
    write(
      sheet,
      input.log === 'training' ? TRAINING_COLUMNS : input.log === 'disinfection' ? DISINFECTION_COLUMNS : WASTE_COLUMNS,
      input.rows,
      input.shops,
      text,
    );
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
