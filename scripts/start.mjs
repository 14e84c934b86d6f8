#!/usr/bin/env node
// `npm start`: builds only when the sources changed since the last build, then runs the compiled
// server with plain node (no TypeScript loader in production). The first start on a fresh clone
// builds everything; later starts with unchanged sources go straight to the server.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, '.build-stamp');
const serverEntry = path.join(root, 'apps/server/build/main.js');
/** What the build reads: a change in any of these means the running code would be stale. */
const SOURCES = [
  'package-lock.json',
  'packages/contracts/src',
  'packages/contracts/locales',
  'packages/contracts/package.json',
  'packages/contracts/tsconfig.build.json',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.build.json',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/scripts',
];
const OUTPUTS = ['packages/contracts/build/index.js', 'apps/server/build/main.js', 'apps/web/dist/index.html'];

function filesUnder(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

function sourcesHash() {
  const hash = crypto.createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const current = sourcesHash();
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (built !== current || OUTPUTS.some((output) => !fs.existsSync(path.join(root, output)))) {
  console.log('Sources changed since the last build (or no build yet): building…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stampFile, `${current}\n`);
} else {
  console.log('Build is up to date.');
}

// The compiled contracts are found through the package's 'storelens-build' export condition.
const server = spawn(process.execPath, ['--conditions=storelens-build', serverEntry, 'start', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
