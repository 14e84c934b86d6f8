import { type Locale, type MessageKey, type PatrolDayRow, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';

/** The analysis page's table as a workbook: one row per store and day, headers in the reader's language. */
export async function patrolWorkbook(rows: readonly PatrolDayRow[], locale: Locale): Promise<Buffer> {
  const text = (key: MessageKey) => translateMessage(locale, key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text('warehouse.sheet'));
  sheet.columns = [
    { header: text('warehouse.colShop'), key: 'shop', width: 24 },
    { header: text('warehouse.colDate'), key: 'date', width: 12 },
    { header: text('warehouse.colChecks'), key: 'checks', width: 10 },
    { header: text('warehouse.colDone'), key: 'done', width: 10 },
    { header: text('warehouse.colPassed'), key: 'passed', width: 10 },
    { header: text('warehouse.colFailed'), key: 'failed', width: 10 },
    { header: text('warehouse.colMissed'), key: 'missed', width: 10 },
    { header: text('warehouse.colPending'), key: 'pending', width: 14 },
    { header: text('warehouse.colNoVideo'), key: 'noVideo', width: 14 },
    { header: text('warehouse.colPassRate'), key: 'passRate', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows)
    sheet.addRow({
      shop: row.shopName,
      date: row.date,
      checks: row.checks,
      done: row.done,
      passed: row.passed,
      failed: row.failed,
      missed: row.missed,
      pending: row.pending,
      noVideo: row.noVideo,
      passRate: row.passRate ?? '',
    });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
