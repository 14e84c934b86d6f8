import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBoundaryViolations, findTenancyBypasses, formatFinding, type SourceFile, schemaTables } from './support/architecture.ts';

/**
 * DESIGN section 5 and T1 as tests: module boundaries and tenant scoping, read from the source.
 * Each rule first proves on a synthetic file that it can fail, then runs on apps/server/src.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(directory = SRC): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) files.push({ path: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') });
  }
  return files;
}

const files = sourceFiles();
const schema = files.find((file) => file.path === 'platform/db/schema.ts');
if (!schema) throw new Error('platform/db/schema.ts not found');
const tables = schemaTables(schema);
const repositories = files.filter((file) => file.path.endsWith('.repo.ts'));

/**
 * Raw queries on tenant tables that are right as they are, by `file#function:table`. Each is work
 * that crosses customers by nature; everything else goes through tenantScope.
 */
const RAW_TENANT_QUERIES: Record<string, string> = {
  'platform/auth/device-tokens.repo.ts#findDeviceByToken:boxes':
    'a device token is looked up before any customer is known: the box it finds names the customer',
  'platform/authz/actor.repo.ts#customersOfUser:memberships': 'sign-in and the customer picker list the customers a person belongs to, across tenants',
  'modules/users/users.repo.ts#sharedAccounts:memberships':
    "counts an account's memberships in other customers, which decides whether its personal details may be edited",
  'modules/sales/pos.repo.ts#insertOrders:pos_orders': 'the bulk order insert is SQL compiled by hand for speed; it writes scope.customerId into every row',
  'modules/inspection/occurrences.repo.ts#schedulablePlanZones:inspection_plans':
    "the occurrence scan serves every customer (like the job worker); each occurrence job then works inside its plan's customer",
  'modules/inspection/occurrences.repo.ts#schedulablePlanZones:inspection_plan_shops': 'joined on customer_id: the time zones of each plan’s own stores',
  'modules/inspection/occurrences.repo.ts#schedulablePlanZones:shops': 'joined on customer_id: the time zones of each plan’s own stores',
  'modules/inspection/occurrences.repo.ts#customersWithStoppedShops:inspection_assignments':
    'finds which customers have open work in closed stores; the cancelling itself runs inside each customer',
  'modules/inspection/occurrences.repo.ts#customersWithStoppedShops:shops': 'joined on customer_id: the store of each open assignment',
  'modules/inspection/plan-notices.repo.ts#customersWithOpenAssignments:inspection_assignments':
    'the plan-notice round finds which customers have open work; each notice is then claimed and posted inside its customer',
  'modules/inspection/plan-notices.repo.ts#candidates:inspection_assignment_notices':
    'a correlated count joined on customer_id to the scoped assignment row (the notices already claimed)',
  'modules/inspection/todo.repo.ts#donePage:inspection_plan_handlers':
    'a correlated exists joined on customer_id to the scoped assignment row (is the user a handler of its plan)',
  'modules/boards/boards.repo.ts#allBoardAddresses:board_settings':
    "the /dataBoard pages' frame-src names every configured board origin: a page load carries no session, so no customer is known (addresses only, never a secret)",
  'modules/rectification/rectification.repo.ts#customersWithDeadlineWork:rectifications':
    'the deadline scan finds which customers have notices or frames due; each notice and frame is then handled inside its customer',
  'modules/rectification/rectification.repo.ts#customersWithDeadlineWork:rectification_media':
    'the same scan finds which customers have uploads nobody used; they are deleted inside each customer',
  'modules/alarms/alarm-totals.repo.ts#rebuild:alarm_day_totals':
    'the totals summed again by one INSERT ... SELECT from the scope’s own alarms (Kysely’s scope has no INSERT ... SELECT); customer_id comes from those rows',
  'modules/alarms/alarm-totals.repo.ts#rebuild:alarm_month_totals': 'the same rebuild, per month',
  'modules/alarms/alarm-totals.repo.ts#rebuild:alarm_shop_day_totals': 'the same rebuild, per store',
  'modules/alarms/alarm-totals.repo.ts#rebuild:alarm_shop_period_totals': 'the same rebuild, per store and period',
  'modules/alarms/alarm-totals.repo.ts#rebuild:alarm_camera_period_totals': 'the same rebuild, per camera and period',
  'modules/alarms/alert-settings.repo.ts#customersWithAlarmAlerts:alarm_alert_settings':
    'the notice round finds which customers have alarm alerts on; each notice is then claimed and sent inside its customer',
  'modules/temperature/temperature.repo.ts#customersWithPendingBreaches:temperature_sensors':
    'the breach clock finds which customers have pending breaches; each breach is then raised inside its customer',
  'modules/temperature/temperature.repo.ts#customersWithOpenAlerts:temperature_alerts':
    'the reminder round finds which customers have open alerts; each reminder is then claimed and sent inside its customer',
  'modules/temperature/temperature.repo.ts#purgeChunk:temperature_readings':
    'retention is one horizon for every customer: readings past it go, a chunk at a time',
  'modules/temperature/temperature.repo.ts#purgeChunk:temperature_rollups': 'the same retention for the 5-minute rollups',
  'modules/temperature/temperature.repo.ts#purgeChunk:temperature_hours': 'the same retention for the hourly rows',
  'modules/temperature/temperature.repo.ts#copyHistory:temperature_hours':
    "the extensions bench's history copied by one INSERT ... SELECT, its WHERE naming the scope's customer (Kysely's scope has no INSERT ... SELECT)",
  'modules/temperature/temperature.repo.ts#copyHistory:temperature_rollups': 'the same copy for the 5-minute rollups',
  'modules/floorplan/tracks/tracks.repo.ts#copyPlanTracks:fp_tracks':
    "the floor-plan bench's raw tracks copied to another plan by one INSERT ... SELECT, its WHERE naming the scope's customer (Kysely's scope has no INSERT ... SELECT)",
  'modules/warehouse/warehouse.repo.ts#customersWithWarehousePlans:inspection_plans':
    'the warehouse scan finds which customers have warehouse plans; checks are then made, captured and settled inside each customer',
  'modules/warehouse/warehouse.repo.ts#uncheckedAssignments:warehouse_checks':
    'a correlated not-exists joined on customer_id to the scoped assignment row (has it any check yet)',
};

/** Tables with a nullable customer_id: platform tables whose rows may belong to no customer, so tenantScope does not take them. */
const OPTIONAL_CUSTOMER_TABLES: Record<string, string> = {
  jobs: 'the durable queue serves every customer, and some jobs (housekeeping) work for none',
  sessions: 'a session exists from sign-in, before its person has chosen a customer',
  realtime_events:
    'the real-time event log: one sequence that every web process follows with one cursor across customers (like the job queue); each event is delivered only to its own customer’s streams',
};

describe('module boundaries (DESIGN section 5)', () => {
  it('can fail: a module importing another module’s repository, in any import form', () => {
    const findings = findBoundaryViolations([
      {
        path: 'modules/traffic/sales-figures.ts',
        text: [
          "import { salesRepo } from '../sales/sales.repo.ts';",
          "import type { Row } from '../sales/sales-analytics.repo';",
          "export { x } from '../org/org-admin.repo.ts';",
          "const lazy = () => import('../devices/devices.repo.ts');",
          "import { trafficRepo } from './rollups.repo.ts';",
          "import { createSalesService } from '../sales/sales.service.ts';",
        ].join('\n'),
      },
    ]);
    expect(findings.map((finding) => [finding.rule, finding.line])).toEqual([
      ['module-repository', 1],
      ['module-repository', 2],
      ['module-repository', 3],
      ['module-repository', 4],
    ]);
  });

  it('can fail: the platform importing a module', () => {
    const findings = findBoundaryViolations([
      {
        path: 'platform/jobs/housekeeping.ts',
        text: "import type { X } from '../../modules/sales/sales.service.ts';\nimport { nowIso } from '../time/clock.ts';",
      },
      { path: 'platform/observability/metrics.test.ts', text: "import { buildBox } from '../../modules/traffic/test-support.ts';" },
    ]);
    expect(findings.map(formatFinding)).toEqual([
      'platform-imports-module platform/jobs/housekeeping.ts:1 imports ../../modules/sales/sales.service.ts',
      'platform-imports-module platform/observability/metrics.test.ts:1 imports ../../modules/traffic/test-support.ts',
    ]);
  });

  it('no module imports another module’s repository', () => {
    const findings = findBoundaryViolations(files).filter((finding) => finding.rule === 'module-repository');
    expect(findings.map(formatFinding)).toEqual([]);
  });

  it('nothing under platform/ imports from modules/', () => {
    const findings = findBoundaryViolations(files).filter((finding) => finding.rule === 'platform-imports-module');
    expect(findings.map(formatFinding)).toEqual([]);
  });
});

describe('tenant tables (DESIGN T1)', () => {
  it('are read from schema.ts: rows with customer_id, through interfaces, extends, intersections and aliases', () => {
    const synthetic = schemaTables({
      path: 'platform/db/schema.ts',
      text: `
        interface Key { customer_id: string; seq: number }
        interface EventsTable extends Key { at: string }
        interface PlacesTable { customer_id: string; id: string }
        type Metrics = { visits: number };
        type DailyTable = { customer_id: string; shop_id: string } & Metrics;
        interface QueueTable { id: string; customer_id: string | null }
        interface CountriesTable { code: string }
        export interface Database { events: EventsTable; places: PlacesTable; daily: DailyTable; queue: QueueTable; countries: CountriesTable }
        export type TenantTable = 'events' | 'places';`,
    });
    expect([...synthetic.tenant].sort()).toEqual(['daily', 'events', 'places']);
    expect([...synthetic.optionalCustomer]).toEqual(['queue']);
    expect([...synthetic.tenantTableUnion].sort()).toEqual(['events', 'places']);
  });

  it('are exactly the TenantTable union that tenantScope accepts', () => {
    expect(tables.tenant.size).toBeGreaterThan(30);
    expect([...tables.tenant].sort()).toEqual([...tables.tenantTableUnion].sort());
  });

  it('leave only the listed platform tables with a nullable customer_id', () => {
    expect([...tables.optionalCustomer].sort()).toEqual(Object.keys(OPTIONAL_CUSTOMER_TABLES).sort());
  });
});

describe('repositories query tenant tables through tenantScope (DESIGN T1)', () => {
  it('can fail: queries, joins and SQL on tenant tables outside a scope', () => {
    const tenant = new Set(['shops', 'orgs', 'memberships', 'cameras']);
    const findings = findTenancyBypasses(
      {
        path: 'modules/shops/shops.repo.ts',
        text: `
          export function shopsRepo(db: DB, scope: TenantScope) {
            const other = tenantScope(db, 'c2');
            return {
              direct: () => db.selectFrom('shops').selectAll().execute(),
              escape: () => scope.db.updateTable('orgs as o').set({ name: 'x' }).execute(),
              joined: () => db.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').selectAll().execute(),
              handWritten: (id: string) => sql\`delete from cameras where id = \${id}\`.execute(db),
              cast: (table: 'shops' | 'users') => trx.deleteFrom(table).execute(),
              dynamic: (table: string) => db.deleteFrom(table).execute(),
              scoped: () => scope.selectFrom('shops').innerJoin('orgs', 'orgs.id', 'shops.org_id').selectAll().execute(),
              created: () => other.selectFrom('cameras').selectAll().execute(),
              inline: () => tenantScope(db, 'c1').insertInto('orgs', []).execute(),
              global: () => db.selectFrom('users').selectAll().execute(),
            };
          }`,
      },
      tenant,
    );
    expect(findings.map((finding) => finding.key)).toEqual([
      'modules/shops/shops.repo.ts#direct:shops',
      'modules/shops/shops.repo.ts#escape:orgs',
      'modules/shops/shops.repo.ts#joined:memberships',
      'modules/shops/shops.repo.ts#handWritten:cameras',
      'modules/shops/shops.repo.ts#cast:shops',
      'modules/shops/shops.repo.ts#dynamic:?',
    ]);
  });

  it('find no query on a tenant table outside tenantScope but the listed ones', () => {
    const findings = repositories.flatMap((file) => findTenancyBypasses(file, tables.tenant));
    expect(repositories.length).toBeGreaterThan(20);
    expect(findings.filter((finding) => !(finding.key && finding.key in RAW_TENANT_QUERIES)).map(formatFinding)).toEqual([]);
    // An entry nothing needs any more goes, so the list stays the short truth.
    const used = new Set(findings.map((finding) => finding.key));
    expect(Object.keys(RAW_TENANT_QUERIES).filter((key) => !used.has(key))).toEqual([]);
  });
});
