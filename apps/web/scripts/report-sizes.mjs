#!/usr/bin/env node
// Prints every built chunk with its raw and gzip size, then what /login loads: the entry, its
// static imports, the login route chunk and its static imports, plus the translations the entry
// fetches before the first paint. Fails when that JavaScript exceeds the budget.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1000; // 200 kB of gzip JavaScript, kB as Vite prints it (1000 bytes)
const LOGIN_ROUTE_MODULE = 'src/features/auth/pages/LoginPage.tsx';
const ENTRY_MODULE = 'index.html';
/** Translations are fetched at start for one language; English stands for all four. */
const STARTUP_LOCALE = 'en';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR: a build made elsewhere (the server reads the same variable).
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(webRoot, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch {
  console.error(`report-sizes: no manifest at ${path.relative(process.cwd(), manifestPath)}; run vite build (build.manifest must be on).`);
  process.exit(1);
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const content = readFileSync(path.join(distDir, file));
    sizeCache.set(file, { raw: content.length, gzip: gzipSync(content).length });
  }
  return sizeCache.get(file);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

// 1. Every chunk.
const assets = listFiles(path.join(distDir, 'assets'))
  .map((full) => path.relative(distDir, full))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => ({ file, ...sizes(file) }))
  .sort((a, b) => b.gzip - a.gzip);

const fileWidth = Math.max(...assets.map((asset) => asset.file.length + 40), 10);
const row = (name, raw, gzip) => `${name.padEnd(fileWidth)}  ${raw.padStart(12)}  ${gzip.padStart(12)}`;
console.log('\nChunks');
console.log(row('file', 'raw', 'gzip'));
for (const asset of assets) console.log(row(asset.file, kB(asset.raw), kB(asset.gzip)));
const totalJs = assets.filter((asset) => asset.file.endsWith('.js'));
console.log(
  row(
    `all JavaScript (${totalJs.length} files)`,
    kB(totalJs.reduce((sum, asset) => sum + asset.raw, 0)),
    kB(totalJs.reduce((sum, asset) => sum + asset.gzip, 0)),
  ),
);

// 2. What /login loads.
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`report-sizes: ${key} is not in the manifest`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

let loginKeys;
try {
  loginKeys = new Set([...staticClosure(ENTRY_MODULE), ...staticClosure(LOGIN_ROUTE_MODULE)]);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// Translations the login closure fetches (dynamic imports of its chunks); the shell's come later.
const startupLocaleKeys = [...new Set([...loginKeys].flatMap((key) => manifest[key].dynamicImports ?? []))].filter((key) =>
  key.startsWith(`src/locales/${STARTUP_LOCALE}/`),
);
// The contracts' message catalogue: public pages fetch only its startup groups in the user's
// language (virtual:startup-messages/<locale>, see vite-plugins/startupMessages.ts); the whole catalogue
// comes with the shell. Count the largest of the four startup subsets.
const messageCatalogueKeys = [...new Set([...loginKeys].flatMap((key) => manifest[key].dynamicImports ?? []))]
  .filter((key) => key.startsWith('virtual:startup-messages/'))
  .sort((a, b) => sizes(manifest[b].file).gzip - sizes(manifest[a].file).gzip)
  .slice(0, 1);
if (messageCatalogueKeys.length === 0) {
  console.error('report-sizes: /login fetches no startup message catalogue; is the startupMessages plugin wired?');
  process.exit(1);
}
const loginJs = [...loginKeys, ...startupLocaleKeys, ...messageCatalogueKeys].map((key) => ({ key, file: manifest[key].file, ...sizes(manifest[key].file) }));
const loginCss = [...new Set([...loginKeys].flatMap((key) => manifest[key].css ?? []))].map((file) => ({ file, ...sizes(file) }));

console.log('\nLoaded by /login');
console.log(row('file (module)', 'raw', 'gzip'));
// Shared chunks are keyed by their own file name; only entries and dynamic imports name a source module.
const describe = (chunk) => (chunk.key.startsWith('_') ? chunk.file : `${chunk.file} (${chunk.key})`);
for (const chunk of loginJs) console.log(row(describe(chunk), kB(chunk.raw), kB(chunk.gzip)));
const loginGzip = loginJs.reduce((sum, chunk) => sum + chunk.gzip, 0);
const loginRaw = loginJs.reduce((sum, chunk) => sum + chunk.raw, 0);
console.log(row('JavaScript total', kB(loginRaw), kB(loginGzip)));
for (const sheet of loginCss) console.log(row(`${sheet.file} (css)`, kB(sheet.raw), kB(sheet.gzip)));

const forbidden = loginJs.filter((chunk) => /node_modules\/(antd|@ant-design|echarts)/.test(chunk.key));
if (forbidden.length) {
  console.error(`\n/login must not load antd, @ant-design/icons or echarts: ${forbidden.map((chunk) => chunk.key).join(', ')}`);
  process.exit(1);
}

console.log(`\n/login JavaScript: ${kB(loginGzip)} gzip of ${kB(BUDGET_BYTES)} budget`);
if (loginGzip > BUDGET_BYTES) {
  console.error(`Over budget by ${kB(loginGzip - BUDGET_BYTES)}.`);
  process.exit(1);
}
