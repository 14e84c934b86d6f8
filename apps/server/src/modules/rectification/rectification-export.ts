import { type Locale, type MessageKey, type RectificationRow, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { namedLocalTime } from '../../platform/time/local-time.ts';

const SOURCE_LABELS = { inspection: 'rectification.sourceInspection', alarm: 'rectification.sourceAlarm', manual: 'rectification.sourceManual' } as const;
const STATE_LABELS = {
  pending: 'rectification.statePending',
  submitted: 'rectification.stateSubmitted',
  rejected: 'rectification.stateRejected',
  approved: 'rectification.stateApproved',
} as const;
const STATUS_LABELS = { untreated: 'rectification.statusUntreated', changed: 'rectification.statusChanged' } as const;

type Text = (key: MessageKey) => string;
type Column = { key: string; header: MessageKey; width: number; value: (row: RectificationRow, feedback: string | null, text: Text) => string };

const utc = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

const COLUMNS: readonly Column[] = [
  { key: 'source', header: 'rectification.colSource', width: 12, value: (row, _, text) => text(SOURCE_LABELS[row.source]) },
  { key: 'store', header: 'rectification.colStore', width: 22, value: (row) => row.shopName },
  { key: 'storeNumber', header: 'rectification.colStoreNumber', width: 12, value: (row) => row.shopNumber },
  { key: 'item', header: 'rectification.colItem', width: 28, value: (row) => row.itemName },
  { key: 'category', header: 'rectification.colCategory', width: 16, value: (row) => row.categoryName },
  { key: 'problem', header: 'rectification.colProblem', width: 40, value: (row) => row.problem },
  { key: 'origin', header: 'rectification.colOrigin', width: 24, value: (row) => row.originName ?? '' },
  { key: 'handler', header: 'rectification.colHandler', width: 16, value: (row) => row.handler.name },
  { key: 'founder', header: 'rectification.colFounder', width: 16, value: (row) => row.founder?.name ?? '' },
  { key: 'deadline', header: 'rectification.colDeadline', width: 20, value: (row) => namedLocalTime(row.timeZone, Date.parse(row.deadline)).time },
  { key: 'state', header: 'rectification.colState', width: 14, value: (row, _, text) => text(STATE_LABELS[row.state]) },
  { key: 'status', header: 'rectification.colStatus', width: 12, value: (row, _, text) => text(STATUS_LABELS[row.status]) },
  { key: 'overdue', header: 'rectification.colOverdue', width: 10, value: (row, _, text) => text(row.overdue ? 'rectification.yes' : 'rectification.no') },
  { key: 'created', header: 'rectification.colCreated', width: 18, value: (row) => utc(row.createdAt) },
  { key: 'submitted', header: 'rectification.colSubmitted', width: 18, value: (row) => utc(row.submittedAt) },
  { key: 'feedback', header: 'rectification.colFeedback', width: 40, value: (_, feedback) => feedback ?? '' },
  { key: 'reviewed', header: 'rectification.colReviewed', width: 18, value: (row) => utc(row.reviewedAt) },
];

/** The spec's rectification download: one row per item, headers and labels in the reader's language; deadlines in each store's own time. */
export async function rectificationWorkbook(
  rows: readonly RectificationRow[],
  feedbackOf: ReadonlyMap<string, string | null>,
  locale: Locale,
): Promise<Buffer> {
  const text: Text = (key) => translateMessage(locale, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text('rectification.sheet'));
  sheet.columns = COLUMNS.map((column) => ({ header: text(column.header), key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(COLUMNS.map((column) => [column.key, column.value(row, feedbackOf.get(row.rectificationId) ?? null, text)])));
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
