import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const repoRoot = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | null = null;
let dataDir = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A first port whose next `count` ports are all free on the loopback (checked now, so a race stays possible but rare). */
async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 3_000) * 10;
    const free = await Promise.all(Array.from({ length: count }, (_, offset) => portIsFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free block of ports for the demo streams');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server at ${url} did not become ready`);
}

/**
 * Builds the web app as `npm start` does, then starts the real server with the demo seed on a
 * fresh SQLite database: the end-to-end tests meet the product as a new user would.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // E2E_SKIP_BUILD=1 reuses apps/web/dist while iterating on specs; `npm test` always builds.
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle; the
    // tests must meet the production build that `npm start` serves.
    // The whole production build (contracts and server compiled to JavaScript, the web app), as `npm start` runs it.
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (build.status !== 0) throw new Error('build failed');
  }

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  // The compiled server with plain node, as `npm start` runs it (scripts/start.mjs).
  server = spawn(process.execPath, ['--conditions=storelens-build', 'apps/server/build/main.js', 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_MODE: 'development',
      SIMULATE: 'false',
      // Four weeks cover every page the specs open (last week's curve, revisit and activity bands up
      // to four weeks) and keep the seed quick on a busy two-core machine.
      DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '28',
      LOG_LEVEL: 'warn',
      // The video specs watch the first demo store's cameras: 4 cameras get video (two days of
      // history each), 2 of them record continuously (the live view); seconds, not the minute all 42 take.
      DEMO_VIDEO: process.env.DEMO_VIDEO ?? 'true',
      DEMO_VIDEO_CAMERAS: process.env.DEMO_VIDEO_CAMERAS ?? '4',
      DEMO_VIDEO_CONTINUOUS: process.env.DEMO_VIDEO_CONTINUOUS ?? '2',
      // Another demo on this machine (a developer's npm start, a second checkout's run) keeps 18600 up.
      DEMO_STREAM_PORT: process.env.DEMO_STREAM_PORT ?? String(await freePortBlock(8)),
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  try {
    await waitForReady(baseUrl, 300_000);
  } catch (error) {
    // The server's own log says why (a failed migration, a seed error): show its end.
    const tail = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`${(error as Error).message}\n--- server.log (last lines) ---\n${tail}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
