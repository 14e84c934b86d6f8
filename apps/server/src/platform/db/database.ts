import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../../config.ts';
import * as foundation from './migrations/0001_foundation.ts';
import * as administration from './migrations/0002_administration.ts';
import * as traffic from './migrations/0003_traffic.ts';
import * as trafficRetention from './migrations/0004_traffic_retention.ts';
import * as sales from './migrations/0005_sales.ts';
import * as weather from './migrations/0006_weather.ts';
import * as jobs from './migrations/0007_jobs.ts';
import * as throttle from './migrations/0008_throttle.ts';
import * as posImportJobs from './migrations/0009_pos_import_jobs.ts';
import * as deviceStatusKey from './migrations/0010_device_status_key.ts';
import * as currencies from './migrations/0011_currencies.ts';
import * as trafficCoverage from './migrations/0012_traffic_coverage.ts';
import * as videoRecordings from './migrations/0013_video_recordings.ts';
import * as posUploadDays from './migrations/0014_pos_upload_days.ts';
import * as panoramas from './migrations/0015_panoramas.ts';
import * as videoDownloads from './migrations/0016_video_downloads.ts';
import * as floorPlans from './migrations/0017_floor_plans.ts';
import * as floorplanTracks from './migrations/0018_floorplan_tracks.ts';
import * as inspection from './migrations/0019_inspection.ts';
import * as rectification from './migrations/0021_rectification.ts';
import * as realtimeWebhooks from './migrations/0023_realtime_webhooks.ts';
import * as crowd from './migrations/0025_crowd.ts';
import * as batchesBoards from './migrations/0026_batches_boards.ts';
import * as alarms from './migrations/0028_alarms.ts';
import * as temperature from './migrations/0029_temperature.ts';
import * as hygiene from './migrations/0030_hygiene.ts';
import * as inspectionNotices from './migrations/0031_inspection_notices.ts';
import * as inspectionOffline from './migrations/0032_inspection_offline.ts';
import * as alarmDebugReportsAlerts from './migrations/0033_alarm_debug_reports_alerts.ts';
import * as aiTasks from './migrations/0034_ai_tasks.ts';
import * as inspectionReadIndexes from './migrations/0035_inspection_read_indexes.ts';
import * as alarmClips from './migrations/0036_alarm_clips.ts';
import * as warehousePatrol from './migrations/0037_warehouse_patrol.ts';
import * as inspectionTotals from './migrations/0038_inspection_totals.ts';
import * as temperatureHours from './migrations/0039_temperature_hours.ts';
import * as alarmTotals from './migrations/0040_alarm_totals.ts';
import * as temperatureHoursCovering from './migrations/0041_temperature_hours_covering.ts';
import * as inspectionShopTotals from './migrations/0042_inspection_shop_totals.ts';
import * as alarmMonthTotals from './migrations/0043_alarm_month_totals.ts';
import * as floorplanTrackPoints from './migrations/0044_floorplan_track_points.ts';
import * as planHeatGeometry from './migrations/0045_plan_heat_geometry.ts';
import * as inspectionYearTotals from './migrations/0046_inspection_year_totals.ts';
import * as inspectionItemStatistics from './migrations/0047_inspection_item_statistics.ts';
import * as rectificationTotals from './migrations/0048_rectification_totals.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

/** Migrations are listed in code (not read from a folder) so they work the same under tsx, tests and builds. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_administration': administration,
  '0003_traffic': traffic,
  '0004_traffic_retention': trafficRetention,
  '0005_sales': sales,
  '0006_weather': weather,
  '0007_jobs': jobs,
  '0008_throttle': throttle,
  '0009_pos_import_jobs': posImportJobs,
  '0010_device_status_key': deviceStatusKey,
  '0011_currencies': currencies,
  '0012_traffic_coverage': trafficCoverage,
  '0013_video_recordings': videoRecordings,
  '0014_pos_upload_days': posUploadDays,
  '0015_panoramas': panoramas,
  '0016_video_downloads': videoDownloads,
  '0017_floor_plans': floorPlans,
  '0019_inspection': inspection,
  '0018_floorplan_tracks': floorplanTracks,
  '0023_realtime_webhooks': realtimeWebhooks,
  '0025_crowd': crowd,
  '0026_batches_boards': batchesBoards,
  '0021_rectification': rectification,
  '0028_alarms': alarms,
  '0029_temperature': temperature,
  '0030_hygiene': hygiene,
  '0031_inspection_notices': inspectionNotices,
  '0032_inspection_offline': inspectionOffline,
  '0033_alarm_debug_reports_alerts': alarmDebugReportsAlerts,
  '0034_ai_tasks': aiTasks,
  '0035_inspection_read_indexes': inspectionReadIndexes,
  '0036_alarm_clips': alarmClips,
  '0037_warehouse_patrol': warehousePatrol,
  '0038_inspection_totals': inspectionTotals,
  '0039_temperature_hours': temperatureHours,
  '0040_alarm_totals': alarmTotals,
  '0041_temperature_hours_covering': temperatureHoursCovering,
  '0042_inspection_shop_totals': inspectionShopTotals,
  '0043_alarm_month_totals': alarmMonthTotals,
  '0044_floorplan_track_points': floorplanTrackPoints,
  '0045_plan_heat_geometry': planHeatGeometry,
  '0046_inspection_year_totals': inspectionYearTotals,
  '0047_inspection_item_statistics': inspectionItemStatistics,
  '0048_rectification_totals': rectificationTotals,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export interface OpenedDatabase {
  db: DB;
  dialect: DialectName;
  close: () => Promise<void>;
}

/** PostgreSQL pools by database handle, for the pool metrics (SQLite has one connection, no pool). */
const pools = new WeakMap<DB, pg.Pool>();

export function poolStatsOf(db: DB): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, sqliteFile = 'storelens.db'): OpenedDatabase {
  let dialect: Dialect;
  let name: DialectName;
  let pgPool: pg.Pool | null = null;
  if (config.databaseUrl) {
    // Integer columns come back as numbers; bigint counts (COUNT(*)) are parsed too, as they stay far below 2^53.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));
    // Each request is small and reads rollups or an index; the server has few cores and many
    // requests. A query compiled by JIT (30 ms for the inspection analysis' union) or spread over
    // parallel workers (which PostgreSQL 15 chose over index reads for the analysis of 600 stores'
    // year: 313 ms against 76) costs more than it saves here (docs/PERFORMANCE.md "Inspection").
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, options: '-c jit=off -c max_parallel_workers_per_gather=0' });
    // An idle client can die under us (server restart, failover, a dropped database); without a
    // listener that error would crash the process. The pool replaces the client on next use.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    dialect = new PostgresDialect({ pool });
    name = 'postgres';
    pgPool = pool;
  } else {
    const file = sqliteFile === ':memory:' ? ':memory:' : path.join(config.dataDir, sqliteFile);
    if (file !== ':memory:') fs.mkdirSync(config.dataDir, { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // 64 MiB of page cache (the default is 2 MiB): rollup upserts and range reads stay in memory.
    sqlite.pragma('cache_size = -65536');
    dialect = new SqliteDialect({ database: sqlite });
    name = 'sqlite';
  }
  const db = new Kysely<Database>({ dialect });
  if (pgPool) pools.set(db, pgPool);
  return { db, dialect: name, close: () => db.destroy() };
}

/** Brings the schema up to date; safe to run any number of times. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs `work` in a transaction: the caller's, when `db` is one already (a service called inside
 * another's transaction, as rectification posts its notices within the inspection's submit), else a
 * new one. Kysely cannot open a transaction inside a transaction.
 */
export function withinTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
