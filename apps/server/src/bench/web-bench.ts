import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { ensureWebBuild, type RunningServer, startBuiltServer } from './bench-server.ts';
import { benchArgs, printTable } from './support.ts';

export interface WebBenchOptions {
  /** Lighthouse runs per serving mode; the table shows the median of each figure. */
  runs: number;
  page: string;
}

export function webBenchOptions(args: string[]): WebBenchOptions {
  const { value, int } = benchArgs(args);
  const page = value('page') ?? '/login';
  return { runs: int('runs', 3, 15), page: page.startsWith('/') ? page : `/${page}` };
}

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface ServingMode {
  name: string;
  compression: boolean;
}

/** What we serve, and the same build served as before: no compression, nothing pre-compressed. */
const MODES: readonly ServingMode[] = [
  { name: 'compressed (br/gzip), cached', compression: true },
  { name: 'naive (HTTP_COMPRESSION=false)', compression: false },
];

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredBytes: number;
  scriptTransferredBytes: number;
  benchmarkIndex: number;
}

interface LoadedScript {
  url: string;
  transferSize: number;
}

/** Rows of a Lighthouse table audit (network-requests and the like). */
function tableItems(lhr: Result, auditId: string): Record<string, unknown>[] {
  const details = lhr.audits[auditId]?.details;
  return details && (details.type === 'table' || details.type === 'opportunity') ? (details.items as Record<string, unknown>[]) : [];
}

function numericAudit(lhr: Result, auditId: string): number {
  return lhr.audits[auditId]?.numericValue ?? Number.NaN;
}

async function runLighthouse(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    // No settings beyond the port: Lighthouse's default is the mobile run (Moto G Power, simulated
    // slow 4G, 4x CPU slowdown) that the 90-point target refers to.
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function figuresOf(lhr: Result): RunFigures {
  const scripts = tableItems(lhr, 'network-requests').filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numericAudit(lhr, 'first-contentful-paint'),
    lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
    tbtMs: numericAudit(lhr, 'total-blocking-time'),
    cls: numericAudit(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numericAudit(lhr, 'speed-index'),
    transferredBytes: numericAudit(lhr, 'total-byte-weight'),
    scriptTransferredBytes: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function loadedScripts(lhr: Result): LoadedScript[] {
  return tableItems(lhr, 'network-requests')
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ url: String(item.url), transferSize: Number(item.transferSize ?? 0) }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** Lighthouse's failed or middling performance audits: where the next points are. */
function advice(lhr: Result): string[] {
  const ids = lhr.categories.performance?.auditRefs.filter((ref) => ref.group !== 'metrics').map((ref) => ref.id) ?? [];
  return ids
    .map((id) => lhr.audits[id])
    .filter((audit) => audit?.displayValue && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit?.id}: ${audit?.title}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`);
}

function machine(): string {
  const cpu = fs
    .readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('model name'))
    ?.split(':')[1]
    ?.trim();
  return `${os.availableParallelism()} cores (${cpu ?? os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** One script as the server sends it: raw, to a gzip-only client, and to a brotli client. */
function scriptSizes(dist: string, url: string): { file: string; raw: number; gzip: number; brotli: number } {
  const file = new URL(url).pathname.slice(1);
  const full = path.join(dist, file);
  const raw = fs.statSync(full).size;
  // Files under 1 kB have no twins (compress-assets.mjs): the server sends them as they are.
  const twin = (suffix: string) => (fs.existsSync(full + suffix) ? fs.statSync(full + suffix).size : raw);
  return { file, raw, gzip: twin('.gz'), brotli: twin('.br') };
}

export async function runWebBench(options: WebBenchOptions): Promise<void> {
  const dist = ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-web-bench-'));
  const servers: RunningServer[] = [];
  const runs = new Map<ServingMode, Result[]>(MODES.map((mode) => [mode, []]));
  try {
    for (const mode of MODES)
      servers.push(await startBuiltServer(dataDir, { APP_MODE: 'production', SEED_DEMO: 'false', HTTP_COMPRESSION: String(mode.compression) }));
    // Interleaved, so that a neighbour's load on the shared machine falls on both modes alike.
    for (let run = 1; run <= options.runs; run += 1) {
      for (const [index, mode] of MODES.entries()) {
        const url = `${servers[index]?.baseUrl}${options.page}`;
        const lhr = await runLighthouse(url);
        runs.get(mode)?.push(lhr);
        const figures = figuresOf(lhr);
        console.log(`run ${run}/${options.runs} ${mode.name}: performance ${figures.score}, FCP ${seconds(figures.fcpMs)} s, LCP ${seconds(figures.lcpMs)} s`);
      }
    }
  } finally {
    for (const server of servers) server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const first = runs.get(MODES[0] as ServingMode)?.[0];
  console.log(
    `\nLighthouse ${first?.lighthouseVersion}, default mobile settings (simulated slow 4G, 4x CPU slowdown), ${options.page}, median of ${options.runs} runs per mode`,
  );
  console.log(`machine: ${machine()}`);
  printTable(
    ['serving', 'performance', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'Speed Index s', 'transferred kB', 'of it JS kB', 'benchmarkIndex'],
    MODES.map((mode) => {
      const figures = (runs.get(mode) ?? []).map(figuresOf);
      const pick = (key: keyof RunFigures) => median(figures.map((entry) => entry[key]));
      const scores = figures.map((entry) => entry.score);
      return [
        mode.name,
        `${pick('score')} (${Math.min(...scores)}-${Math.max(...scores)})`,
        seconds(pick('fcpMs')),
        seconds(pick('lcpMs')),
        pick('tbtMs').toFixed(0),
        pick('cls').toFixed(3),
        seconds(pick('speedIndexMs')),
        kB(pick('transferredBytes')),
        kB(pick('scriptTransferredBytes')),
        pick('benchmarkIndex').toFixed(0),
      ];
    }),
  );

  if (first) {
    const sizes = loadedScripts(first).map((script) => scriptSizes(dist, script.url));
    console.log(`JavaScript ${options.page} loads, as the server sends it (kB; Chromium takes brotli)`);
    const total = (key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((sum, entry) => sum + entry[key], 0);
    printTable(
      ['file', 'raw', 'gzip', 'brotli'],
      [
        ...sizes.sort((a, b) => b.raw - a.raw).map((entry) => [entry.file, kB(entry.raw), kB(entry.gzip), kB(entry.brotli)]),
        [`total (${sizes.length} files)`, kB(total('raw')), kB(total('gzip')), kB(total('brotli'))],
      ],
    );
    const hints = advice(first);
    console.log(hints.length ? `Lighthouse's advice (compressed mode, first run):\n  ${hints.join('\n  ')}` : 'Lighthouse has no advice below 0.9.');
  }
}
