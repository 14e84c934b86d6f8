import { type Catalogue, extensionsOperations, type PatrolAnalysis, RoleId, type SingleDay, warehouseOperations } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ok } from '../../../test/support/rectification.ts';
import { buildBox } from '../../../test/support/traffic.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { now, setClock } from '../../platform/time/clock.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createDeviceApiService } from '../device-api/device-api.service.ts';
import { createFloorplanService } from '../floorplan/floorplan.service.ts';
import { seedDemoWarehouse, WAREHOUSE_HISTORY_MAX_DAYS } from './demo-warehouse.ts';

/** The demo's warehouse patrol, seeded through the services and the device API, read back as the administrator would. */
let t: TestApp;
let admin: Session;
let shopIds: string[];
let made: { checks: number; aiResults: number; personResults: number };

beforeAll(async () => {
  t = await createTestApp({ sessionTtlHours: 24 });
  // 10:30 in Shanghai: today's 10:00 check is in its window, the others have not come.
  setClock('2026-06-10T02:30:00.000Z');
  const customer = await buildCustomer(t.db, 'Demo Stock');
  const user = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
  admin = await signIn(t.app, user.loginName, customer.customerId);
  const stores = [];
  shopIds = [];
  for (const number of ['SH-001', 'SH-002']) {
    const shopId = await buildShop(t.db, customer.customerId, customer.rootOrgId, { number, name: `Store ${number}`, timeZone: 'Asia/Shanghai' });
    const box = await buildBox(t.db, customer.customerId, shopId, 2);
    shopIds.push(shopId);
    stores.push({ shopId, number, timeZone: 'Asia/Shanghai', boxId: box.boxId, cameraId: box.cameraIds[1] ?? '' });
  }
  const storage = objectStorageOf(t.config);
  const deviceApi = createDeviceApiService({
    db: t.db,
    calendar: createCalendarService({ db: t.db }),
    floorplan: createFloorplanService({ db: t.db, storage }),
    storage,
  });
  made = await seedDemoWarehouse(
    { db: t.db, storage, deviceApi },
    { customerId: customer.customerId, adminUserId: user.userId, storeManagerId: undefined, stores },
    { days: 30, seed: 7, until: now() },
  );
}, 180_000);
afterAll(async () => t.close());

describe('the demo warehouse patrol', () => {
  it('has two weeks of checks, most judged by the box’s AI, some by a person, a few missed', async () => {
    // 14 past days × 2 stores × 3 times.
    expect(made.checks).toBe(WAREHOUSE_HISTORY_MAX_DAYS * 2 * 3);
    expect(made.aiResults).toBeGreaterThan(made.personResults);
    const analysis = await ok<PatrolAnalysis>(t.app, admin, warehouseOperations.patrolAnalysis, { startDate: '2026-05-27', endDate: '2026-06-09' });
    expect(analysis.totals.checks).toBe(made.checks);
    expect(analysis.totals.done).toBe(made.aiResults + made.personResults);
    expect(analysis.totals.missed).toBe(made.checks - analysis.totals.done);
    expect(analysis.totals.missed).toBeGreaterThan(0);
    expect(analysis.totals.failed).toBeGreaterThan(0);
    expect(analysis.days).toHaveLength(14 * 2);
  });

  it('has today’s checks made: the 10:00 one awaiting a result, the later ones upcoming', async () => {
    const today = await ok<SingleDay>(t.app, admin, warehouseOperations.singleDayDetails, { shopId: shopIds[0], date: '2026-06-10' });
    expect(today.checks.map((check) => [check.checkTime, check.state, check.canJudge])).toEqual([
      ['10:00', 'pending', true],
      ['14:00', 'upcoming', false],
      ['19:00', 'upcoming', false],
    ]);
    const catalogue = await ok<Catalogue>(t.app, admin, extensionsOperations.catalogue, {});
    expect(catalogue.find((row) => row.service === 'warehousePatrol')).toMatchObject({ setUp: true, stores: 2, plans: 1, awaiting: 2 });
  });
});
