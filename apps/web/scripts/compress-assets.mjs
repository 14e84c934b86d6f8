#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) twin beside every text file of the build of at least
// 1 kB, at the highest levels (done once here, not per request). The server sends a twin in
// place of its original when the browser accepts that encoding (@fastify/static preCompressed,
// apps/server/src/platform/http/web-app.ts). A twin that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR: a build made elsewhere (the server and scripts/report-sizes.mjs read it too).
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(webRoot, 'dist');

/** Every file under dir, but not Vite's own .vite folder (the manifest is not served). */
function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

const started = Date.now();
const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
for (const file of listFiles(distDir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  totals.files += 1;
  totals.raw += content.length;
  totals.br += Math.min(br.length, content.length);
  totals.gzip += Math.min(gzip.length, content.length);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
console.log(
  `compress-assets: ${totals.files} files of ${MIN_BYTES} bytes or more, ${kB(totals.raw)} raw -> ${kB(totals.br)} brotli, ${kB(totals.gzip)} gzip (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
