import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { makeLargePosWorkbook } from '../modules/sales/large-pos-workbook.ts';
import { createPosImporter } from '../modules/sales/sales.module.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { addDays } from '../platform/time/local-time.ts';
import { benchArgs, printTable } from './support.ts';

export interface SalesBenchOptions {
  rows: number;
  shops: number;
  days: number;
  keep: boolean;
  /** Internal: the import run in a child process of its own, so its peak memory is its own. */
  child: { dataDir: string; customerId: string; file: string } | null;
}

export function salesBenchOptions(args: string[]): SalesBenchOptions {
  const { value, int, flag } = benchArgs(args);
  const child = value('child');
  return {
    rows: int('rows', 200_000, 200_000),
    shops: int('shops', 50, 5000),
    days: int('days', 28, 366),
    keep: flag('keep'),
    child: child ? { dataDir: child, customerId: value('customer') ?? '', file: value('file') ?? '' } : null,
  };
}

interface ImportMeasure {
  seconds: number;
  /** Resident memory of the process before the import: Node, the modules, the open database. */
  startRssMb: number;
  peakRssMb: number;
  status: string;
  importedRows: number;
  failure: string | null;
}

/** The child: one import through the upload path (file stored, job row, worker, one transaction). */
async function importInChild(child: NonNullable<SalesBenchOptions['child']>): Promise<void> {
  const { db, close } = openDatabase({ databaseUrl: null, dataDir: child.dataDir });
  const { uploads, worker } = createPosImporter({ db, dataDir: child.dataDir });
  const content = fs.readFileSync(child.file);
  const startRssMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const row = await uploads.importPosWorkbook({ customerId: child.customerId, userId: null, fileName: path.basename(child.file), content });
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await close();
  const measure: ImportMeasure = {
    seconds,
    startRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    status: row.status,
    importedRows: row.importedRows,
    failure: row.failure,
  };
  console.log(`RESULT ${JSON.stringify(measure)}`);
}

function runChild(dataDir: string, customerId: string, file: string): Promise<ImportMeasure> {
  return new Promise((resolve, reject) => {
    // The same entry point and loader (tsx) as this process, in a fresh process.
    const entry = process.argv[1] ?? '';
    const child = spawn(process.execPath, [...process.execArgv, entry, 'bench', 'sales', '--child', dataDir, '--customer', customerId, '--file', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`import process ended with ${code}: ${output}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as ImportMeasure);
    });
  });
}

/**
 * The sales benchmark (issue 5): the time and peak resident memory to import a POS file of
 * 200,000 rows through the upload path, on the embedded SQLite; then the same again for a second
 * file over the same shop-days, which replaces the first one's data. Targets: 15 s and 300 MB.
 */
export async function runSalesBench(options: SalesBenchOptions): Promise<void> {
  if (options.child) return importInChild(options.child);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-sales-bench-'));
  console.log(`sales bench: ${options.rows.toLocaleString('en')} rows over ${options.shops} shops x ${options.days} days, SQLite in ${dataDir}`);
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  const { db, close } = openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db);
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Sales Bench',
      countries: ['CN'],
      defaultTimeZone: 'Asia/Shanghai',
    });
    const shopNumbers = Array.from({ length: options.shops }, (_, index) => `B-${String(index + 1).padStart(4, '0')}`);
    const orgAdmin = createOrgAdminService({ db });
    for (const number of shopNumbers) await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Bench ${number}`, number, timeZone: 'Asia/Shanghai' });
    const dates = Array.from({ length: options.days }, (_, index) => addDays('2026-01-01', index));

    const rows: string[][] = [];
    for (const [step, prefix] of [
      ['first import', 'A'],
      ['replacing import', 'B'],
    ] as const) {
      // A real spreadsheet program's output (LibreOffice from CSV), as the tests' fixtures; cached between runs.
      const made = await makeLargePosWorkbook({ rows: options.rows, shopNumbers, dates, prefix });
      console.log(
        `  ${made.converted ? 'converted' : 'took from the cache'} ${made.filePath} (${(fs.statSync(made.filePath).size / 2 ** 20).toFixed(1)} MB) in ${made.seconds.toFixed(1)} s`,
      );
      const measure = await runChild(dataDir, customerId, made.filePath);
      const stored = await tenantScope(db, customerId)
        .selectFrom('sales_shop_daily')
        .select((eb) => [eb.fn.sum<number>('net_sales_cents').as('cents'), eb.fn.sum<number>('transactions').as('transactions')])
        .executeTakeFirstOrThrow();
      const right = measure.status === 'completed' && Number(stored.cents) === made.totals.netSalesCents && Number(stored.transactions) === options.rows;
      rows.push([
        step,
        measure.importedRows.toLocaleString('en'),
        measure.seconds.toFixed(1),
        measure.seconds <= 15 ? 'yes' : 'NO',
        measure.startRssMb.toFixed(0),
        measure.peakRssMb.toFixed(0),
        measure.peakRssMb <= 300 ? 'yes' : 'NO',
        right ? 'yes' : `NO (${measure.failure ?? measure.status})`,
      ]);
      console.log(`  measured ${step}`);
    }

    printTable(['import', 'rows', 'seconds', '<=15 s', 'RSS before MB', 'peak RSS MB', '<=300 MB', 'stored = file'], rows);
    console.log(
      'Each import runs in its own process (peak RSS is that process: Node, the app code and the import) through importPosWorkbook: the file stored, a job row, the worker parsing it as a stream and writing it in one transaction.',
    );
  } finally {
    await close();
    if (!options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
