import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultPrivileges, RoleId } from '@storelens/contracts';
import { loadConfig } from '../config.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { generateOccurrencesJob, occurrenceScheduling, scanOccurrencesJob } from '../modules/inspection/inspection.jobs.ts';
import { occurrencesRepo } from '../modules/inspection/occurrences.repo.ts';
import { occurrenceWindow } from '../modules/inspection/occurrences.ts';
import { createPlansService } from '../modules/inspection/plans.service.ts';
import { createSopService } from '../modules/inspection/sop.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { createShopGroupsService } from '../modules/org/shop-groups.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { type DB, migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase, databaseUrlFor } from '../platform/db/scratch-database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import { newId } from '../platform/ids.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../platform/jobs/jobs.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { now, nowIso } from '../platform/time/clock.ts';
import { addDays, todayIn } from '../platform/time/local-time.ts';
import { runInspectionHistoryBench } from './inspection-history-bench.ts';
import { benchArgs, printTable } from './support.ts';

export interface InspectionBenchOptions {
  stores: number;
  items: number;
  /** Days of completed history for the page timings (0: the occurrence figures only). */
  days: number;
}

export function inspectionBenchOptions(args: string[]): InspectionBenchOptions {
  const { int } = benchArgs(args);
  const days = benchArgs(args).value('days') === '0' ? 0 : int('days', 365, 730);
  return { stores: int('stores', 1000, 20_000), items: int('items', 20, 200), days };
}

const ZONES = ['Asia/Shanghai', 'Asia/Seoul', 'Australia/Sydney', 'Asia/Kuala_Lumpur'];

async function count(db: DB, customerId: string, table: 'inspection_assignments' | 'inspection_assignment_items', planId?: string): Promise<number> {
  let query = tenantScope(db, customerId)
    .selectFrom(table as 'inspection_assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (planId && table === 'inspection_assignments') query = query.where('plan_id', '=', planId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * "Occurrence generation for a day of 1,000 stores <= 5 s" (issue 14 section 6): a chain of N
 * stores in four time zones with a daily plan of 20 items, through the services; then the day's
 * occurrences as the product makes them (the scan's jobs, one per zone, batched inserts), beside a
 * naive generation (one transaction per store, one row at a time) of a second identical plan, and a
 * second run of the same jobs (idempotent: it makes nothing). The counts are checked.
 */
export async function runInspectionBench(options: InspectionBenchOptions): Promise<void> {
  const serverUrl = loadConfig().databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-inspection-bench-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'storelens_bench_') : null;
  const { db, dialect, close } = openDatabase({ databaseUrl: scratch && serverUrl ? databaseUrlFor(serverUrl, scratch.name) : null, dataDir });
  console.log(`inspection bench: ${options.stores} stores x ${options.items} items, ${dialect}`);
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  try {
    await migrateToLatest(db);
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Inspection Bench',
      countries: ['CN'],
      defaultTimeZone: 'Asia/Shanghai',
    });
    const orgAdmin = createOrgAdminService({ db });
    const shopIds: string[] = [];
    for (let index = 0; index < options.stores; index += 1) {
      const number = `I-${String(index + 1).padStart(5, '0')}`;
      shopIds.push(await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Bench ${number}`, number, timeZone: ZONES[index % ZONES.length] as string }));
    }
    const users = createUsersService({ db });
    const userId = await users.createUser({ loginName: 'bench@inspection.bench', password: 'Bench#2026pass', surname: 'Bench', givenName: 'Admin' });
    await users.addMembership(customerId, { userId, roleId: RoleId.superManager });
    const actor: CustomerActor = {
      userId,
      customerId,
      roleId: RoleId.superManager,
      roleName: 'bench',
      permissions: defaultPrivileges(RoleId.superManager),
      orgScopeId: null,
    };
    const sop = createSopService({ db, storage: localObjectStorage(dataDir) });
    const { categoryId } = await sop.addClass(actor, { name: 'Bench' });
    const itemIds: string[] = [];
    for (let index = 0; index < options.items; index += 1)
      itemIds.push((await sop.addItem(actor, { categoryId, name: `Bench item ${index + 1}`, description: '' })).itemId);

    // The plans service would enqueue today's jobs as it saves; the bench times them itself.
    const plans = createPlansService({ db, shopGroups: createShopGroupsService({ db }), occurrences: { scanPlan: async () => 0 } });
    const today = todayIn('Asia/Shanghai', now());
    const input = {
      kind: 'cyclic' as const,
      description: '',
      shopIds,
      shopGroupIds: [],
      itemIds,
      validFrom: today,
      validTo: addDays(today, 364),
      cycle: { frequency: 'daily' as const },
      periodStart: '09:00',
      periodEnd: '18:00',
      handlerIds: [userId],
      asDraft: false,
    };
    const { planId } = await plans.add(actor, { ...input, name: 'Daily, 20 items' });
    const { planId: naivePlanId } = await plans.add(actor, { ...input, name: 'The same, made naively' });
    await db.updateTable('inspection_plans').set({ lifecycle: 'paused' }).where('id', '=', naivePlanId).execute();

    const definitions = [scanOccurrencesJob({ db }), generateOccurrencesJob({ db })] as JobDefinition<never>[];
    const worker = createJobWorker({ db, queue: createJobQueue(db, definitions), definitions });
    const t0 = performance.now();
    const jobs = await occurrenceScheduling(db).scan(now());
    await worker.runDue();
    const productMs = performance.now() - t0;
    const made = await count(db, customerId, 'inspection_assignments', planId);

    // Naive: every store's occurrence on its own, one transaction each, rows one at a time.
    const repo = occurrencesRepo(tenantScope(db, customerId));
    const items = await repo.planItems(naivePlanId);
    const zoneOf = new Map(
      (await tenantScope(db, customerId).selectFrom('shops').select(['id', 'time_zone']).execute()).map((shop) => [shop.id, shop.time_zone]),
    );
    const t1 = performance.now();
    for (const shopId of shopIds) {
      const zone = zoneOf.get(shopId) ?? 'UTC';
      const date = todayIn(zone, now());
      const window = occurrenceWindow({ kind: 'cyclic', valid_to: input.validTo, period_start: '09:00', period_end: '18:00' }, zone, date);
      const assignmentId = newId();
      await db.transaction().execute(async (trx) => {
        const scoped = occurrencesRepo(tenantScope(trx, customerId));
        await scoped.insert(
          [
            {
              id: assignmentId,
              plan_id: naivePlanId,
              shop_id: shopId,
              batch_date: date,
              time_zone: zone,
              window_start: window.start,
              window_end: window.end,
              status: 'pending',
              method: null,
              item_count: items.length,
              passed: 0,
              failed: 0,
              invalid: 0,
              completed_by: null,
              completed_at: null,
              submission_key: null,
              created_at: nowIso(),
            },
          ],
          [],
        );
        for (const item of items)
          await scoped.insert(
            [],
            [
              {
                assignment_id: assignmentId,
                item_id: item.item_id,
                position: item.position,
                item_name: item.name,
                category_name: item.category_name,
                result: null,
                remark: null,
                rectification_id: null,
                recorded_by: null,
                recorded_at: null,
              },
            ],
          );
      });
    }
    const naiveMs = performance.now() - t1;

    // The same day again, as a second worker or a restarted one would: jobs of a new plan version, nothing to make.
    await db.updateTable('inspection_plans').set({ updated_at: nowIso() }).where('id', '=', planId).execute();
    const t2 = performance.now();
    await occurrenceScheduling(db).scan(now());
    await worker.runDue();
    const againMs = performance.now() - t2;
    const after = await count(db, customerId, 'inspection_assignments', planId);
    const itemRows = await count(db, customerId, 'inspection_assignment_items');
    const right = made === options.stores && after === made && itemRows === 2 * options.stores * options.items;

    printTable(
      ['a day of occurrences', 'stores', 'jobs', 'assignments', 'item rows', 'ms', 'target ms', 'right'],
      [
        [
          'scan + occurrence jobs (batched)',
          String(options.stores),
          String(jobs),
          String(made),
          String(made * options.items),
          productMs.toFixed(0),
          '5000',
          right ? 'yes' : 'NO',
        ],
        [
          'naive: a transaction per store, a row at a time',
          String(options.stores),
          '-',
          String(options.stores),
          String(options.stores * options.items),
          naiveMs.toFixed(0),
          '-',
          '-',
        ],
        ['the same day again (idempotent)', String(options.stores), '-', String(after - made), '0', againMs.toFixed(0), '-', after === made ? 'yes' : 'NO'],
      ],
    );
    if (!right) process.exitCode = 1;

    if (options.days > 0) {
      const shops = shopIds.map((id) => ({ id, timeZone: zoneOf.get(id) ?? 'UTC' }));
      const historyRight = await runInspectionHistoryBench({ db, dialect, dataDir, customerId, actor, planId, shops, days: options.days, plans });
      if (!historyRight) process.exitCode = 1;
    }
  } finally {
    await close();
    // BENCH_KEEP=1 keeps the SQLite file or the PostgreSQL database for a look at the query plans.
    if (process.env.BENCH_KEEP === '1') console.log(`kept: ${scratch ? `database ${scratch.name}` : dataDir}`);
    else {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
