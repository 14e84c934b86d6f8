import path from 'node:path';

/** Configuration comes from environment variables only; defaults suit `npm start` on a laptop. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; unset means SQLite at DATA_DIR/storelens.db. */
  databaseUrl: string | null;
  /** development exposes the mail/SMS outbox; production never does. */
  mode: 'development' | 'production' | 'test';
  logLevel: string;
  sessionTtlHours: number;
  smtpUrl: string | null;
  mailFrom: string;
  webDistDir: string | null;
  seedDemo: boolean;
  /**
   * Compression of answers and of the web app's files (HTTP_COMPRESSION=false turns it off: the
   * web bench's "naive" peer, or a proxy in front that compresses instead).
   */
  httpCompression: boolean;
  /**
   * Fastify's trustProxy (TRUST_PROXY): which proxies' X-Forwarded-* headers to believe, e.g. for
   * request.protocol (HSTS is sent over HTTPS only). Unset: none. 'true': any (only behind a proxy
   * that overwrites those headers); otherwise a comma-separated list of proxy addresses or CIDR ranges.
   */
  trustProxy: boolean | string;
}

function trustProxyFrom(value: string | undefined): boolean | string {
  const given = value?.trim() ?? '';
  if (given === '' || given === 'false') return false;
  return given === 'true' ? true : given;
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = env.APP_MODE === 'production' || env.APP_MODE === 'test' ? env.APP_MODE : 'development';
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command.
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(env.INIT_CWD ?? process.cwd(), 'data'));
  return {
    port: intFrom(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : null,
    mode,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    sessionTtlHours: intFrom(env.SESSION_TTL_HOURS, 12),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'Storelens <no-reply@storelens.local>',
    webDistDir: env.WEB_DIST_DIR ?? null,
    seedDemo: env.SEED_DEMO !== 'false',
    httpCompression: env.HTTP_COMPRESSION !== 'false',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
  };
}
