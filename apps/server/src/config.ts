import path from 'node:path';
import { ALARM_LIMITS, REALTIME } from '@storelens/contracts';
import { z } from 'zod';

/**
 * Configuration comes from environment variables only, parsed here once at start and read nowhere
 * else. Defaults suit `npm start` on a laptop and are safe: without APP_MODE the server behaves as
 * in production (no development routes); a person turns development mode on explicitly.
 */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... selects PostgreSQL; unset means SQLite at DATA_DIR/storelens.db. */
  databaseUrl: string | null;
  /** development exposes the mail/SMS outbox over HTTP; production (the default) never does; test is the test harness's. */
  mode: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  sessionTtlHours: number;
  smtpUrl: string | null;
  mailFrom: string;
  webDistDir: string | null;
  seedDemo: boolean;
  /** Days of demo history the first start writes (0: none). */
  demoHistoryDays: number;
  /** Whether `start` keeps feeding the demo shops live traffic and POS files. */
  simulate: boolean;
  /** web: HTTP only; worker: jobs and schedules only; all: both (one process on a laptop). */
  role: 'web' | 'worker' | 'all';
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
  /** METRICS_TOKEN: a bearer token that opens /metrics to scrapers off this machine (loopback needs none). */
  metricsToken: string | null;
  /**
   * Object storage for recorded video, panoramas, clips and (later) inspection and alarm media:
   * OBJECT_STORAGE=local (DATA_DIR/objects, the default) or s3 (S3_ENDPOINT, S3_BUCKET, S3_REGION,
   * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
   */
  storage: StorageConfig;
  /** Store video (issue 12). */
  video: VideoConfig;
  /** The real-time channel (issue 15): how often each web process reads the event log, and the streams' heartbeat. */
  realtime: RealtimeConfig;
  webhooks: WebhooksConfig;
  /** AI alarms (issue 15). */
  alarms: AlarmsConfig;
}

export interface AlarmsConfig {
  /** ALARM_FOLD_MINUTES (default 10): repeats of an item on a camera within this many minutes fold into one alarm; 0 folds nothing. */
  foldMinutes: number;
}

export interface RealtimeConfig {
  /** REALTIME_POLL_MS (default 250): the delay between an event's commit and its delivery is at most about this. */
  pollMs: number;
  /** REALTIME_HEARTBEAT_MS (default 15000): a comment line on every stream this often, and the sessions checked. */
  heartbeatMs: number;
  /** A stream is ended after this long and the page opens a new one (contracts REALTIME.connectionLifetimeMs; tests shorten it). */
  lifetimeMs: number;
}

export interface WebhooksConfig {
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS=true lets webhooks go to private, loopback and link-local
   * addresses (an on-premises receiver). Off by default in production, so an endpoint cannot be
   * used to reach the server's own network (SSRF); development and test modes allow them.
   */
  allowPrivateTargets: boolean;
}

export type StorageConfig =
  | { kind: 'local' }
  | { kind: 's3'; endpoint: string | null; bucket: string; region: string; accessKeyId: string | null; secretAccessKey: string | null };

export interface VideoConfig {
  /** FFMPEG_PATH / FFPROBE_PATH: the system ffmpeg (the recorder, screenshots and the demo source run it; never a shell). */
  ffmpegPath: string;
  ffprobePath: string;
  /** VIDEO_RECORD=false keeps this process from running recorders (a web-only deployment, tests). */
  record: boolean;
  /** VIDEO_MIN_FREE_MB: below this much free disk under DATA_DIR the guard deletes the oldest recordings. */
  minFreeMb: number;
  /** DEMO_VIDEO=false: the demo seed makes no video and starts no demo streams. */
  demo: boolean;
  /** DEMO_VIDEO_CONTINUOUS: how many demo cameras record continuously (the others have their seeded history). */
  demoContinuous: number;
  /** DEMO_VIDEO_CAMERAS: how many demo cameras get video at all (every one by default; the end-to-end specs take a few, to start quickly). */
  demoCameras: number | null;
  /** DEMO_STREAM_PORT: the demo camera streams listen on the loopback from this port up, one per camera (two demos on one machine take different ones). */
  demoStreamPort: number;
  /**
   * LIVE_TICKET_SECRET: signs live-view tickets. Processes that share it redeem each other's tickets
   * (several web processes behind one address); unset, each process makes its own at start.
   */
  liveTicketSecret: string | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_DEMO_HISTORY_DAYS = 90;
/**
 * Demo cameras that record continuously by default: the 7 cameras of the first two demo shops
 * (Shanghai Nanjing Road and Lujiazui), about 4 % of one core; all 42 would cost about 23 %, over
 * the 10 % budget (docs/PERFORMANCE.md). The others keep their seeded history, on demand.
 */
export const DEFAULT_DEMO_CONTINUOUS_CAMERAS = 7;

/** The demo camera streams' first loopback port (DEMO_STREAM_PORT), one port per camera from there. */
export const DEFAULT_DEMO_STREAM_PORT = 18_600;

function requiredWith(variable: string, value: string | undefined, because: string): string {
  if (!value) throw new ConfigError([{ variable, problem: `is required with ${because}` }]);
  return value;
}

/** An unset or empty variable is absent: `FOO= npm start` means the default, as shells and .env files use it. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

function integer(min: number, max: number) {
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((value) => value >= min && value <= max, `must be a whole number from ${min} to ${max}`)
      .optional(),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return optionalText.pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional());
}

const booleanText = oneOf(['true', 'false']).transform((value) => (value === undefined ? undefined : value === 'true'));

/** Every variable the server reads, with its rule. */
const environmentSchema = z.object({
  PORT: integer(1, 65_535),
  HOST: optionalText,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite)')
      .optional(),
  ),
  APP_MODE: oneOf(['production', 'development', 'test']),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  SESSION_TTL_HOURS: integer(1, 24 * 30),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  WEB_DIST_DIR: optionalText,
  SEED_DEMO: booleanText,
  // The device API refuses events older than 400 days.
  DEMO_HISTORY_DAYS: integer(0, 365),
  SIMULATE: booleanText,
  ROLE: oneOf(['all', 'web', 'worker']),
  HTTP_COMPRESSION: booleanText,
  TRUST_PROXY: optionalText,
  METRICS_TOKEN: optionalText,
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  OBJECT_STORAGE: oneOf(['local', 's3']),
  S3_ENDPOINT: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
      .optional(),
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  VIDEO_RECORD: booleanText,
  VIDEO_MIN_FREE_MB: integer(0, 10_000_000),
  DEMO_VIDEO: booleanText,
  DEMO_VIDEO_CONTINUOUS: integer(0, 1000),
  DEMO_VIDEO_CAMERAS: integer(0, 100_000),
  DEMO_STREAM_PORT: integer(1024, 60_000),
  LIVE_TICKET_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  REALTIME_POLL_MS: integer(20, 10_000),
  REALTIME_HEARTBEAT_MS: integer(1000, 120_000),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanText,
  ALARM_FOLD_MINUTES: integer(0, 1440),
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command.
  INIT_CWD: optionalText,
});

/** A variable with a value the server cannot use: the start stops and names it. */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; problem: string }[]) {
    super(`Configuration error: ${problems.map(({ variable, problem }) => `${variable} ${problem}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        problem: `${issue.message} (is ${JSON.stringify(env[String(issue.path[0])] ?? '')})`,
      })),
    );
  }
  const vars = parsed.data;
  const mode = vars.APP_MODE ?? 'production';
  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? '0.0.0.0',
    dataDir: path.resolve(vars.DATA_DIR ?? path.join(vars.INIT_CWD ?? process.cwd(), 'data')),
    databaseUrl: vars.DATABASE_URL ?? null,
    mode,
    logLevel: vars.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    sessionTtlHours: vars.SESSION_TTL_HOURS ?? 12,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? 'Storelens <no-reply@storelens.local>',
    webDistDir: vars.WEB_DIST_DIR ?? null,
    seedDemo: vars.SEED_DEMO ?? true,
    demoHistoryDays: vars.DEMO_HISTORY_DAYS ?? DEFAULT_DEMO_HISTORY_DAYS,
    simulate: vars.SIMULATE ?? true,
    role: vars.ROLE ?? 'all',
    httpCompression: vars.HTTP_COMPRESSION ?? true,
    metricsToken: vars.METRICS_TOKEN ?? null,
    storage:
      vars.OBJECT_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: vars.S3_ENDPOINT ?? null,
            bucket: requiredWith('S3_BUCKET', vars.S3_BUCKET, 'OBJECT_STORAGE=s3'),
            region: vars.S3_REGION ?? 'us-east-1',
            accessKeyId: vars.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? null,
          }
        : { kind: 'local' },
    video: {
      ffmpegPath: vars.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
      ffprobePath: vars.FFPROBE_PATH ?? '/usr/bin/ffprobe',
      record: vars.VIDEO_RECORD ?? true,
      minFreeMb: vars.VIDEO_MIN_FREE_MB ?? 1024,
      demo: vars.DEMO_VIDEO ?? true,
      demoContinuous: vars.DEMO_VIDEO_CONTINUOUS ?? DEFAULT_DEMO_CONTINUOUS_CAMERAS,
      demoCameras: vars.DEMO_VIDEO_CAMERAS ?? null,
      demoStreamPort: vars.DEMO_STREAM_PORT ?? DEFAULT_DEMO_STREAM_PORT,
      liveTicketSecret: vars.LIVE_TICKET_SECRET ?? null,
    },
    realtime: {
      pollMs: vars.REALTIME_POLL_MS ?? 250,
      heartbeatMs: vars.REALTIME_HEARTBEAT_MS ?? REALTIME.heartbeatMs,
      lifetimeMs: REALTIME.connectionLifetimeMs,
    },
    webhooks: { allowPrivateTargets: vars.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? mode !== 'production' },
    alarms: { foldMinutes: vars.ALARM_FOLD_MINUTES ?? ALARM_LIMITS.defaultFoldMinutes },
    trustProxy: vars.TRUST_PROXY === undefined || vars.TRUST_PROXY === 'false' ? false : vars.TRUST_PROXY === 'true' ? true : vars.TRUST_PROXY,
  };
}

/** Development-only routes (the outbox) exist only where a person chose them: development mode, or the test harness. */
export function developmentRoutesEnabled(config: Pick<AppConfig, 'mode'>): boolean {
  return config.mode !== 'production';
}
