import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SALES_FIELDS, translateMessage } from '@storelens/contracts';
import { sampleOrders } from './pos-workbook.ts';
import { FIELD_LABELS } from './sales-template.ts';

/**
 * The 200,000-row POS file of issue 5 (the restart test and `npm run bench -- sales`), made the way
 * the small fixtures are (test/fixtures/pos/make-fixtures.sh): a CSV of sampleOrders converted to
 * .xlsx by LibreOffice, so the import is measured on a real spreadsheet program's output rather
 * than on exceljs's own. Too big to commit (about 9 MB), so it is made on demand and kept in a cache
 * folder: the same rows give the same file, and the SQLite and PostgreSQL runs convert only once.
 */

export interface LargePosWorkbookOptions {
  rows: number;
  shopNumbers: readonly string[];
  dates: readonly string[];
  /** Starts every order number (default 'L'): files over the same shop-days can differ by it. */
  prefix?: string;
}

export interface LargePosWorkbook {
  filePath: string;
  /** The sums of the file's rows, to check what an import stored. */
  totals: { netSalesCents: number; unitsMilli: number };
  /** False when the file came from the cache. */
  converted: boolean;
  /** Seconds this call took: writing the CSV and, unless cached, the conversion. */
  seconds: number;
}

/**
 * LibreOffice's CSV import options (as in make-fixtures.sh): 44 comma, 34 double quote, 76 UTF-8,
 * from line 1, then the column formats (1 standard, 2 text): store, order, date, time and payment
 * type as text; quantity, amount and item count as numbers. 1033 (en-US) reads '12.50' as a number
 * whatever the machine's locale.
 */
const CSV_INFILTER = 'CSV:44,34,76,1,1/2/2/2/3/2/4/2/5/1/6/1/7/2/8/1,1033';
const CONVERT_TIMEOUT_MS = 5 * 60_000;
const SOFFICE_MISSING = 'LibreOffice (soffice) is needed to make the large POS test file: apt-get install -y libreoffice-calc';

export const LARGE_POS_CACHE_DIR = path.join(os.tmpdir(), 'storelens-fixture-cache');

function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV under the default template's English header, with their sums. */
function largePosCsv(options: LargePosWorkbookOptions): { csv: string; totals: LargePosWorkbook['totals'] } {
  const sample = sampleOrders(options);
  const lines = [SALES_FIELDS.map((field) => csvField(translateMessage('en', FIELD_LABELS[field]))).join(',')];
  for (const row of sample.rows) {
    // Amounts with two decimals, as a till prints them ('59.90').
    lines.push(SALES_FIELDS.map((field) => csvField(field === 'amount' && typeof row.amount === 'number' ? row.amount.toFixed(2) : row[field])).join(','));
  }
  return { csv: `${lines.join('\n')}\n`, totals: sample.totals };
}

/**
 * Runs `soffice --headless --convert-to xlsx` on one CSV, with a profile of its own (two runs at
 * once would otherwise fight over the user's profile) and a time limit.
 */
function convertCsvToXlsx(csvPath: string, outDir: string): Promise<void> {
  const profileDir = path.join(os.tmpdir(), `storelens-soffice-${process.pid}-${randomBytes(4).toString('hex')}`);
  const args = [`-env:UserInstallation=file://${profileDir}`, '--headless', `--infilter=${CSV_INFILTER}`, '--convert-to', 'xlsx', '--outdir', outDir, csvPath];
  return new Promise<void>((resolve, reject) => {
    // Its own process group: soffice starts soffice.bin, and a time-out ends both.
    const child = spawn('soffice', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has ended already
      }
      reject(new Error(`soffice did not convert ${csvPath} within ${CONVERT_TIMEOUT_MS / 1000} s: ${output}`));
    }, CONVERT_TIMEOUT_MS);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new Error(SOFFICE_MISSING) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const made = path.join(outDir, `${path.basename(csvPath, '.csv')}.xlsx`);
      // soffice can end with 0 without writing anything (a bad filter string): look for the file.
      if (code === 0 && fs.existsSync(made)) resolve();
      else reject(new Error(`soffice could not convert ${csvPath} (exit ${code}): ${output}`));
    });
  }).finally(() => fs.rmSync(profileDir, { recursive: true, force: true }));
}

/**
 * A POS file of sampleOrders(options) made by LibreOffice from CSV. Cached by the hash of the CSV
 * and the import options, so a change to the rows or the header makes a new file, never a stale one.
 */
export async function makeLargePosWorkbook(options: LargePosWorkbookOptions, cacheDir = LARGE_POS_CACHE_DIR): Promise<LargePosWorkbook> {
  const started = performance.now();
  const { csv, totals } = largePosCsv(options);
  const key = createHash('sha256').update(CSV_INFILTER).update('\0').update(csv).digest('hex').slice(0, 24);
  const filePath = path.join(cacheDir, `pos-${key}.xlsx`);
  const seconds = () => (performance.now() - started) / 1000;
  if (fs.existsSync(filePath)) return { filePath, totals, converted: false, seconds: seconds() };

  fs.mkdirSync(cacheDir, { recursive: true });
  // Converted in a folder of its own, then renamed into place: a reader never sees half a file,
  // and two runs converting at once each rename a whole one.
  const workDir = fs.mkdtempSync(path.join(cacheDir, 'work-'));
  try {
    const csvPath = path.join(workDir, `pos-${key}.csv`);
    fs.writeFileSync(csvPath, csv);
    await convertCsvToXlsx(csvPath, workDir);
    fs.renameSync(path.join(workDir, `pos-${key}.xlsx`), filePath);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  return { filePath, totals, converted: true, seconds: seconds() };
}
