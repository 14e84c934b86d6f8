import { type DuckDBConnection, DuckDBDataChunkWriter, DuckDBInstance, type DuckDBValue, LIST, listValue, VARCHAR } from '@duckdb/node-api';
import type { AnalyticsRepo } from '../modules/traffic/analytics.repo.ts';

/** What the naive baselines ask of raw events; our repository and the DuckDB peer both answer it. */
export type RawEventPeer = Pick<AnalyticsRepo, 'rawEntrySums' | 'rawVisitSums'>;

export interface DuckDbPeer extends RawEventPeer {
  /** Rows loaded per table, and the time the load took (reading our database included). */
  loaded: { lines: number; passers: number; visits: number; ms: number };
  /** The peer's own connection (the test alters the loaded rows through it). */
  connection: DuckDBConnection;
  close: () => void;
}

/** DuckDB's copy of the raw tables: the columns the naive baselines read, with the same types. */
const TABLES = {
  line_events: ['shop_id varchar', 'local_date varchar', 'hour integer', 'direction varchar', 'count integer', 'is_staff integer'],
  passerby_events: ['shop_id varchar', 'local_date varchar', 'hour integer', 'count integer'],
  visits: [
    'shop_id varchar',
    'local_date varchar',
    'hour integer',
    'gender varchar',
    'age_band varchar',
    'is_staff integer',
    'dwell_s integer',
    'is_new integer',
  ],
} as const;

/** Shops read from our database per round trip: a round is a few hundred thousand rows at most. */
const SHOPS_PER_READ = 10;

/**
 * A second, independent answer to the analytics questions: the raw events of `shopIds`, streamed
 * from our database (SQLite or PostgreSQL, through the repository) into an embedded DuckDB with
 * the appender, then grouped by DuckDB. DuckDB's sqlite and postgres scanners are not built in and
 * would be downloaded at run time, so nothing is read by DuckDB directly; extension downloads are
 * switched off so a run never reaches the network.
 *
 * `file` is ':memory:' or a path for DuckDB's database (there DuckDB keeps the columns compressed,
 * and memory stays within `memoryLimit`).
 */
export async function loadDuckDbPeer(raw: AnalyticsRepo, shopIds: readonly string[], file = ':memory:', memoryLimit = '4GB'): Promise<DuckDbPeer> {
  const started = performance.now();
  const instance = await DuckDBInstance.create(file, {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    memory_limit: memoryLimit,
  });
  const connection = await instance.connect();
  for (const [table, columns] of Object.entries(TABLES)) await connection.run(`create or replace table ${table} (${columns.join(', ')})`);

  const lines = await tableWriter(connection, 'line_events');
  const passers = await tableWriter(connection, 'passerby_events');
  const visits = await tableWriter(connection, 'visits');
  for (let index = 0; index < shopIds.length; index += SHOPS_PER_READ) {
    const rows = await raw.rawEventRows(shopIds.slice(index, index + SHOPS_PER_READ));
    for (const row of rows.lines) lines.append([row.shop_id, row.local_date, row.hour, row.direction, row.count, row.is_staff]);
    for (const row of rows.passers) passers.append([row.shop_id, row.local_date, row.hour, row.count]);
    for (const row of rows.visits) visits.append([row.shop_id, row.local_date, row.hour, row.gender, row.age_band, row.is_staff, row.dwell_s, row.is_new]);
  }
  const loaded = { lines: lines.close(), passers: passers.close(), visits: visits.close(), ms: 0 };
  await connection.run('checkpoint');
  loaded.ms = performance.now() - started;

  /**
   * Sums over one raw table for the shops and local dates asked, grouped by a raw column (a fixed
   * name, never caller text). Staff line crossings and staff visits are not customers, as in the
   * repository's baselines; passer-by counts carry no staff flag.
   */
  const sumRaw = async (table: keyof typeof TABLES, sums: string, shops: readonly string[], from: string, to: string, group: string | null) => {
    const reader = await connection.runAndReadAll(
      `select ${group ?? "''"} as g, ${sums} from ${table}
       where shop_id in (select unnest($shops)) and local_date between $from and $to
       ${table === 'passerby_events' ? '' : 'and is_staff = 0'}
       ${group ? `group by ${group}` : ''}`,
      { shops: listValue([...shops]), from, to },
      { shops: LIST(VARCHAR) },
    );
    return reader.getRowObjectsJS();
  };

  // DuckDB sums integers into 128-bit integers (bigint here); the answers are far below 2^53.
  return {
    loaded,
    connection,
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
    rawEntrySums: async (shops, from, to, group) => {
      const lines = await sumRaw('line_events', "sum(case when direction = 'in' then count else 0 end) as entries", shops, from, to, group);
      const passers = await sumRaw('passerby_events', 'sum(count) as passersby', shops, from, to, group);
      return {
        lines: lines.map((row) => ({ g: row.g, entries: Number(row.entries) })),
        passers: passers.map((row) => ({ g: row.g, passersby: Number(row.passersby) })),
      };
    },
    rawVisitSums: async (shops, from, to, group) => {
      const rows = await sumRaw('visits', 'count(*) as visits, sum(dwell_s) as dwell_sum_s, sum(is_new) as new_visits', shops, from, to, group);
      return rows.map((row) => ({ g: row.g, visits: Number(row.visits), dwell_sum_s: Number(row.dwell_sum_s), new_visits: Number(row.new_visits) }));
    },
  };
}

/** Appends rows to a DuckDB table in full data chunks; `close` flushes and returns how many rows went in. */
async function tableWriter(connection: DuckDBConnection, table: keyof typeof TABLES) {
  const appender = await connection.createAppender(table);
  const writer = DuckDBDataChunkWriter.forAppender(appender);
  let rows = 0;
  return {
    append: (row: DuckDBValue[]) => {
      writer.appendRow(row);
      rows += 1;
    },
    close: () => {
      writer.flush();
      appender.closeSync();
      return rows;
    },
  };
}
