import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { loadConfig } from '../config.ts';
import { webDistDir } from '../platform/http/web-app.ts';

/** The built server and web app as the benchmarks start them (web: Lighthouse; video: the players in Chromium). */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

async function waitForReady(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseUrl} did not become ready`);
}

export interface RunningServer {
  baseUrl: string;
  /** The server process (its CPU time is in /proc/<pid>/stat). */
  pid: number | null;
  stop: () => void;
}

/** `main.ts start` (this very entry) in its own DATA_DIR on SQLite, with these variables over the defaults, as a person would start it. */
export async function startBuiltServer(dataDir: string, env: Record<string, string>, readyTimeoutMs = 120_000): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = process.argv[1] ?? '';
  const log = fs.openSync(path.join(dataDir, `server-${port}.log`), 'a');
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, entry, 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, String(port)),
      DATABASE_URL: '',
      SIMULATE: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  const stop = () => {
    if (!child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  try {
    await waitForReady(baseUrl, readyTimeoutMs);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, pid: child.pid ?? null, stop };
}

export /** The web build the server will serve; built first when it is missing or predates its .br twins. */
function ensureWebBuild(): string {
  const dist = webDistDir(loadConfig());
  if (fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(path.join(dist, 'index.html.br'))) return dist;
  console.log(`no compressed web build in ${dist}: npm run build -w apps/web`);
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error('web build failed');
  return dist;
}

/** Signs in through the built app's login page in English, as a person would, and waits for the application's menu. */
export async function signInOnPage(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login?lang=en');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('side-menu').waitFor({ timeout: 60_000 });
}
