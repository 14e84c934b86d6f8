import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The real server (`main.ts serve`) as a child process, for tests that kill it mid-job (DESIGN R1). */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
}

const serverDir = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `serve` on a free port over DATA_DIR (and DATABASE_URL when given) and waits until /readyz answers. */
export async function startServerProcess(env: { dataDir: string; databaseUrl: string | null; extra?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SIMULATE: 'false',
      ...env.extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function stopServerProcess(server: ServerProcess | null, signal: NodeJS.Signals): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

/** Signs in over HTTP and selects the customer: the headers of that session. */
export async function sessionHeaders(base: string, loginName: string, password: string, customerId: string): Promise<Record<string, string>> {
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: loginName, password }),
    })
  ).json()) as { data: { token: string } };
  const headers = { authorization: `Bearer ${login.data.token}` };
  await fetch(`${base}/api/current/selectcus`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ cid: customerId }),
  });
  return { ...headers, 'x-customer-code': customerId };
}
