import { type Kysely, sql } from 'kysely';

/**
 * Which geometry made a plan's heat (issue 13 section 2: every geometry change is a new version, and
 * reports say which version produced them). The heat rows of fp_plan_hourly and fp_plan_daily
 * (migration 0018) get `heat_geometry`: the versions of the plan's masks (they drop cells) and of its
 * camera points (their calibration projects the cells) that wrote into the row, as sorted
 * 'mask:<element id>:<version>' and 'camera:<camera id>:<version>' joined by commas; '' for a row
 * without heat. Ingest and the heat rebuild add to it (tracks/heat.ts).
 *
 * Existing heat rows get the versions that were in force during their local day (saved before the
 * day ended and not retired before it began, in the shop's time zone): ingest projects each minute
 * with the versions in force when it comes, and boxes deliver within minutes. A day on which a mask
 * or a camera point changed names both versions; its hourly rows get the day's set. A day with heat
 * but no camera point in force on it cannot have been projected that day: it came later (a box's
 * backlog, the demo's history sent after its plans were drawn), so it gets the versions in force now.
 */
interface HeatDay {
  customer_id: string;
  plan_id: string;
  local_date: string;
  time_zone: string;
}
interface SourceRow {
  customer_id: string;
  plan_id: string;
  kind: string;
  id: string;
  version: number | string;
  created_at: string;
  retired_at: string | null;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The local date (YYYY-MM-DD) of an instant in a time zone; kept here so the migration never changes with the app. */
function localDateOf(timeZone: string, ms: number): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(new Date(ms));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fp_plan_hourly', 'fp_plan_daily']) {
    await db.schema
      .alterTable(table)
      .addColumn('heat_geometry', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }

  const days = (
    await sql<HeatDay>`
      select d.customer_id, d.plan_id, d.local_date, s.time_zone
      from fp_plan_daily d
      join shops s on s.customer_id = d.customer_id and s.id = d.shop_id
      where d.heat_minutes > 0`.execute(db)
  ).rows;
  if (days.length === 0) return;
  const sources = (
    await sql<SourceRow>`
      select customer_id, plan_id, 'mask' as kind, element_id as id, version, created_at, retired_at
      from floor_plan_elements where kind = 'mask'
      union all
      select customer_id, plan_id, 'camera' as kind, camera_id as id, version, created_at, retired_at
      from floor_plan_cameras`.execute(db)
  ).rows;
  const sourcesOf = new Map<string, SourceRow[]>();
  for (const source of sources) {
    const key = `${source.customer_id}|${source.plan_id}`;
    sourcesOf.set(key, [...(sourcesOf.get(key) ?? []), source]);
  }
  for (const day of days) {
    const planSources = sourcesOf.get(`${day.customer_id}|${day.plan_id}`) ?? [];
    const duringDay = planSources.filter(
      (source) =>
        localDateOf(day.time_zone, Date.parse(source.created_at)) <= day.local_date &&
        (source.retired_at === null || localDateOf(day.time_zone, Date.parse(source.retired_at) - 1) >= day.local_date),
    );
    const inForce = duringDay.some((source) => source.kind === 'camera') ? duringDay : planSources.filter((source) => source.retired_at === null);
    if (inForce.length === 0) continue;
    const geometry = [...new Set(inForce.map((source) => `${source.kind}:${source.id}:${Number(source.version)}`))].sort().join(',');
    for (const table of ['fp_plan_daily', 'fp_plan_hourly']) {
      await sql`update ${sql.table(table)} set heat_geometry = ${geometry}
        where customer_id = ${day.customer_id} and plan_id = ${day.plan_id} and local_date = ${day.local_date} and heat_minutes > 0`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fp_plan_hourly', 'fp_plan_daily']) await db.schema.alterTable(table).dropColumn('heat_geometry').execute();
}
