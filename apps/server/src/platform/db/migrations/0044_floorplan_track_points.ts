import { type Kysely, sql } from 'kysely';
import * as floorplanTracks from './0018_floorplan_tracks.ts';

/**
 * Kept floor-plan tracks, compact (docs/decisions/floorplan-data.md, "Compact raw tracks";
 * docs/PERFORMANCE.md "Floor-plan data"). 0018 kept a track in about 2.4 kB on SQLite with its
 * indexes: 32 GB for a 200-store chain's 30 days. Now:
 * - the camera's points and the plan's in one BLOB (bytea), differences as zigzag varints, the plan
 *   points sharing the camera points' offsets (modules/floorplan/tracks/track-points.ts);
 * - start and end as epoch milliseconds (bigint), not ISO text;
 * - the key that makes a resent track a duplicate, (customer, camera, track id, start), is the
 *   primary key: the text id stays a column (the API names tracks by it) without its own index;
 * - the secondary indexes without customer_id (plan, start, end ids and instants are all global;
 *   the tenant filter applies to the rows they find), and the shop's index by end replaced by one by
 *   end alone: occupancy reads the last two minutes, a narrow range of it.
 * Existing rows are converted with this file's own copy of format 1 of the points: a migration
 * must write what it wrote when it was made, whatever the module's codec becomes (a test checks
 * the two agree).
 */
type Triple = [number, number, number];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

/** Format 1 of modules/floorplan/tracks/track-points.ts, frozen here. */
export function encodeTrackPointsV1(camera: readonly Triple[], plan: readonly Triple[] | null): Buffer {
  const bytes: number[] = [];
  const unsigned = (value: number) => {
    let rest = value;
    while (rest >= 128) {
      bytes.push((rest % 128) + 128);
      rest = Math.floor(rest / 128);
    }
    bytes.push(rest);
  };
  const signed = (value: number) => unsigned(value >= 0 ? value * 2 : -value * 2 - 1);
  const triples = (points: readonly Triple[], units: number, withOffsets: boolean) => {
    let last: Triple = [0, 0, 0];
    let step = 0;
    for (const [t, x, y] of points) {
      const now: Triple = [Math.round(t), Math.round(x * units), Math.round(y * units)];
      if (withOffsets) signed(now[0] - last[0] - step);
      step = now[0] - last[0];
      signed(now[1] - last[1]);
      signed(now[2] - last[2]);
      last = now;
    }
  };
  unsigned(1);
  unsigned(camera.length);
  triples(camera, 1, true);
  if (plan === null) unsigned(0);
  else if (plan.length === camera.length && plan.every(([t], index) => Math.round(t) === Math.round(camera[index]?.[0] ?? Number.NaN))) {
    unsigned(1);
    triples(plan, 100, false);
  } else {
    unsigned(2);
    unsigned(plan.length);
    triples(plan, 100, true);
  }
  return Buffer.from(bytes);
}

interface JsonTrack {
  customer_id: string;
  id: string;
  shop_id: string;
  camera_id: string;
  track_key: string;
  started_at: string;
  ended_at: string;
  local_date: string;
  hour: number;
  visitor_id: string | null;
  gender: string;
  age_band: string;
  points: string;
  plan_id: string | null;
  plan_points: string | null;
  batch_ref: string;
}

const PAGE = 2000;
const CHUNK = 400;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  // The old indexes go first: their names are taken again below, and the copy need not keep them.
  for (const index of ['fp_tracks_plan_idx', 'fp_tracks_shop_idx', 'fp_tracks_started_idx']) await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.alterTable('fp_tracks').renameTo('fp_tracks_0018').execute();
  await db.schema
    .createTable('fp_tracks')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('track_key', 'text', (c) => c.notNull())
    .addColumn('started_ms', 'bigint', (c) => c.notNull())
    .addColumn('ended_ms', 'bigint', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('age_band', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('points', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    // customer_id last: camera ids are global, so the key is as unique, and SQLite (no statistics) does not
    // take this index for the bare customer filter over the instant indexes below (the purge, occupancy).
    .addPrimaryKeyConstraint('fp_tracks_track_pk', ['camera_id', 'track_key', 'started_ms', 'customer_id'])
    .execute();

  let after: { customer_id: string; id: string } | null = null;
  for (;;) {
    const cursor: { customer_id: string; id: string } | null = after;
    const page: JsonTrack[] = (
      await sql<JsonTrack>`select * from fp_tracks_0018
        ${cursor ? sql`where customer_id > ${cursor.customer_id} or (customer_id = ${cursor.customer_id} and id > ${cursor.id})` : sql``}
        order by customer_id, id limit ${PAGE}`.execute(db)
    ).rows;
    const rows = page.map((row) => ({
      customer_id: row.customer_id,
      camera_id: row.camera_id,
      track_key: row.track_key,
      started_ms: Date.parse(row.started_at),
      ended_ms: Date.parse(row.ended_at),
      id: row.id,
      shop_id: row.shop_id,
      local_date: row.local_date,
      hour: row.hour,
      visitor_id: row.visitor_id,
      gender: row.gender,
      age_band: row.age_band,
      plan_id: row.plan_id,
      points: encodeTrackPointsV1(JSON.parse(row.points) as Triple[], row.plan_points === null ? null : (JSON.parse(row.plan_points) as Triple[])),
      batch_ref: row.batch_ref,
    }));
    for (let start = 0; start < rows.length; start += CHUNK) {
      await db
        .insertInto('fp_tracks' as never)
        .values(rows.slice(start, start + CHUNK) as never[])
        .execute();
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = { customer_id: last.customer_id, id: last.id };
  }
  await db.schema.dropTable('fp_tracks_0018').execute();

  // A plan's tracks of some days: recompute, trajectories.
  await db.schema.createIndex('fp_tracks_plan_idx').on('fp_tracks').columns(['plan_id', 'local_date']).execute();
  // The 30-day purge, by start.
  await db.schema.createIndex('fp_tracks_started_idx').on('fp_tracks').columns(['started_ms']).execute();
  // Live occupancy: tracks that ended within the last two minutes.
  await db.schema.createIndex('fp_tracks_ended_idx').on('fp_tracks').columns(['ended_ms']).execute();
}

/** Back to 0018's JSON text, at the precision 0044 kept (whole camera pixels, plan centimetres). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['fp_tracks_plan_idx', 'fp_tracks_started_idx', 'fp_tracks_ended_idx']) await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.alterTable('fp_tracks').renameTo('fp_tracks_0044').execute();
  // 0018's own table and indexes (its other tables are there: created only if missing).
  await floorplanTracks.up(db);
  const rows = (await sql<Record<string, unknown> & { points: Uint8Array; started_ms: number; ended_ms: number }>`select * from fp_tracks_0044`.execute(db))
    .rows;
  const converted = rows.map(({ points, started_ms, ended_ms, ...rest }) => {
    const { camera, plan } = decodeTrackPointsV1(points);
    return {
      ...rest,
      started_at: new Date(Number(started_ms)).toISOString(),
      ended_at: new Date(Number(ended_ms)).toISOString(),
      points: JSON.stringify(camera),
      plan_points: plan ? JSON.stringify(plan) : null,
    };
  });
  for (let start = 0; start < converted.length; start += CHUNK) {
    await db
      .insertInto('fp_tracks' as never)
      .values(converted.slice(start, start + CHUNK) as never[])
      .execute();
  }
  await db.schema.dropTable('fp_tracks_0044').execute();
}

/** The reverse of encodeTrackPointsV1, for down(). */
function decodeTrackPointsV1(blob: Uint8Array): { camera: Triple[]; plan: Triple[] | null } {
  let at = 0;
  const unsigned = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = blob[at++] ?? 0;
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  };
  const signed = () => {
    const zigzag = unsigned();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  };
  const triples = (count: number, units: number, offsets: readonly number[] | null) => {
    const out: Triple[] = [];
    let last: Triple = [0, 0, 0];
    let step = 0;
    for (let index = 0; index < count; index += 1) {
      if (!offsets) step += signed();
      last = [offsets ? (offsets[index] ?? 0) : last[0] + step, last[1] + signed(), last[2] + signed()];
      out.push(last);
    }
    return out.map(([t, x, y]): Triple => [t, x / units, y / units]);
  };
  unsigned();
  const camera = triples(unsigned(), 1, null);
  const mode = unsigned();
  const plan =
    mode === 1
      ? triples(
          camera.length,
          100,
          camera.map(([t]) => t),
        )
      : mode === 2
        ? triples(unsigned(), 100, null)
        : null;
  return { camera, plan };
}
