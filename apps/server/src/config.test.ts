import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('configuration', () => {
  it('defaults to production behaviour, the demo and the embedded SQLite', () => {
    const config = loadConfig({ INIT_CWD: '/srv/storelens' });
    expect(config).toMatchObject({
      mode: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/storelens/data',
      databaseUrl: null,
      logLevel: 'info',
      seedDemo: true,
      simulate: true,
      demoHistoryDays: 90,
      sessionTtlHours: 12,
      role: 'all',
    });
  });

  it('reads every variable once, with its type', () => {
    const config = loadConfig({
      APP_MODE: 'development',
      PORT: '9090',
      DATABASE_URL: 'postgres://u@db:5432/x',
      SIMULATE: 'false',
      SEED_DEMO: 'false',
      DEMO_HISTORY_DAYS: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://mail:587',
      DATA_DIR: '/tmp/sl',
    });
    expect(config).toMatchObject({
      mode: 'development',
      port: 9090,
      databaseUrl: 'postgres://u@db:5432/x',
      simulate: false,
      seedDemo: false,
      demoHistoryDays: 0,
      logLevel: 'warn',
      smtpUrl: 'smtp://mail:587',
      dataDir: '/tmp/sl',
    });
    // An empty variable is an unset one.
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it('reads the video settings: the system ffmpeg, local storage, recorders on, 7 continuous demo cameras by default; S3 on request', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({}).video).toEqual({
      ffmpegPath: '/usr/bin/ffmpeg',
      ffprobePath: '/usr/bin/ffprobe',
      record: true,
      minFreeMb: 1024,
      demo: true,
      demoContinuous: 7,
      demoCameras: null,
      demoStreamPort: 18_600,
      liveTicketSecret: null,
    });
    expect(loadConfig({ LIVE_TICKET_SECRET: 'x'.repeat(32) }).video.liveTicketSecret).toBe('x'.repeat(32));
    const s3 = loadConfig({
      OBJECT_STORAGE: 's3',
      S3_BUCKET: 'video',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      VIDEO_RECORD: 'false',
      DEMO_VIDEO_CONTINUOUS: '0',
      DEMO_VIDEO_CAMERAS: '4',
      DEMO_STREAM_PORT: '21000',
    });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'video',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
    });
    expect(s3.video).toMatchObject({
      record: false,
      demoContinuous: 0,
      demoCameras: 4,
      demoStreamPort: 21_000,
    });
    expect(() => loadConfig({ OBJECT_STORAGE: 's3' })).toThrow('S3_BUCKET is required with OBJECT_STORAGE=s3');
  });

  it.each([
    ['OBJECT_STORAGE', 'disk', /OBJECT_STORAGE must be one of local, s3/],
    ['S3_ENDPOINT', 'minio:9000', /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/],
    ['VIDEO_MIN_FREE_MB', 'lots', /VIDEO_MIN_FREE_MB must be a whole number/],
    ['DEMO_STREAM_PORT', '80', /DEMO_STREAM_PORT must be a whole number from 1024 to 60000/],
    ['LIVE_TICKET_SECRET', 'short', /LIVE_TICKET_SECRET must be at least 32 characters/],
    ['APP_MODE', 'prod', /APP_MODE must be one of production, development, test/],
    ['PORT', 'eighty', /PORT must be a whole number from 1 to 65535/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['SIMULATE', 'no', /SIMULATE must be one of true, false/],
    ['DEMO_HISTORY_DAYS', '-3', /DEMO_HISTORY_DAYS must be a whole number from 0 to 365/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must be a postgres:\/\/ URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['SESSION_TTL_HOURS', '1.5', /SESSION_TTL_HOURS must be a whole number/],
    ['ROLE', 'both', /ROLE must be one of all, web, worker/],
  ])('refuses %s=%s, naming the variable and its value', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
    expect(() => loadConfig({ [variable]: value })).toThrow(`(is "${value}")`);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The server as `npm start` runs it, with the README's environment (no APP_MODE) and a fresh data directory. */
function startServer(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-config-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), DATA_DIR: dataDir, SEED_DEMO: 'false', SIMULATE: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, dataDir, exited, output: () => output, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

describe('the server started with the README environment', () => {
  it('has no development outbox: GET /api/dev/outbox is 404', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000, interval: 200 }).toBe(200);
      const outbox = await fetch(`${base}/api/dev/outbox`);
      expect(outbox.status).toBe(404);
      expect(((await outbox.json()) as { status: number }).status).toBe(404);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      server.cleanup();
    }
  }, 90_000);

  it('stops at start on a misspelt variable, naming it', async () => {
    const server = startServer({ APP_MODE: 'prod', PORT: '1' });
    try {
      expect(await server.exited).toBe(2);
      expect(server.output()).toContain('APP_MODE must be one of production, development, test (is "prod")');
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      server.cleanup();
    }
  }, 60_000);
});

describe('the server without ffmpeg', () => {
  it('stops at start with a message naming FFMPEG_PATH, not at the first recording', async () => {
    const server = startServer({ FFMPEG_PATH: '/nonexistent/ffmpeg', PORT: '1' });
    try {
      expect(await server.exited).toBe(2);
      expect(server.output()).toContain(
        'FFMPEG_PATH: /nonexistent/ffmpeg is not an executable file. Install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH.',
      );
      expect(server.output()).not.toMatch(/\n\s+at /);
    } finally {
      server.cleanup();
    }
  }, 60_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request under way, closes the database and exits 0', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000, interval: 200 }).toBe(200);
      expect(fs.existsSync(path.join(server.dataDir, 'storelens.pid'))).toBe(true);
      // A sign-in whose body is still arriving when the signal comes: the server has begun it (its log
      // says so), then the rest of the body follows and the answer must still come.
      const body = JSON.stringify({ account: 'nobody@example.com', password: 'Wrong#pass1' });
      const request = http.request(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answered = new Promise<number>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
      });
      request.write(body.slice(0, 10));
      await expect.poll(() => server.output().includes('"url":"/api/auth/login"'), { timeout: 30_000, interval: 50 }).toBe(true);
      server.child.kill('SIGTERM');
      await expect.poll(() => server.output().includes('shutting down'), { timeout: 30_000, interval: 50 }).toBe(true);
      request.end(body.slice(10));
      expect(await answered).toBe(422);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
      expect(fs.existsSync(path.join(server.dataDir, 'storelens.pid'))).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
      server.cleanup();
    }
  }, 90_000);
});
