import { type Catalogue, extensionsOperations, type HygieneStatsRow, hygieneOperations, RoleId, type ServiceDetail } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ok } from '../../../test/support/rectification.ts';
import { localObjectStorage } from '../../platform/storage/storage-config.ts';
import { setClock } from '../../platform/time/clock.ts';
import { DEMO_HYGIENE_DAYS, seedDemoHygiene } from './demo-hygiene.ts';

/** The demo's hygiene logs, seeded through the hygiene service, read back as a manager would. */
let t: TestApp;
let admin: Session;
let shops: { id: string; number: string; time_zone: string }[];

beforeAll(async () => {
  t = await createTestApp({ sessionTtlHours: 24 });
  // 20:00 in Shanghai: today's 08:30 disinfection has happened.
  setClock('2026-06-10T12:00:00.000Z');
  const customer = await buildCustomer(t.db, 'Demo Food');
  shops = [];
  for (const number of ['S03', 'S01', 'S02', 'S04']) {
    shops.push({ id: await buildShop(t.db, customer.customerId, customer.rootOrgId, { number, name: `Store ${number}` }), number, time_zone: 'Asia/Shanghai' });
  }
  const user = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
  admin = await signIn(t.app, user.loginName, customer.customerId);
  const made = await seedDemoHygiene(
    { db: t.db, storage: localObjectStorage(t.config.dataDir) },
    { customerId: customer.customerId, adminUserId: user.userId, shops },
  );
  // 3 stores × (training + 3 wastes) + disinfections: 22 days in two stores, 19 in the third.
  expect(made).toEqual({ employees: 12, records: 3 * 4 + 2 * (DEMO_HYGIENE_DAYS + 1) + (DEMO_HYGIENE_DAYS - 2) });
}, 180_000);
afterAll(async () => t.close());

describe('the demo hygiene logs', () => {
  it('give the first three stores by number staff, certificates expiring and expired, and one store overdue', async () => {
    const byNumber = new Map(shops.map((shop) => [shop.id, shop.number]));
    const catalogue = await ok<Catalogue>(t.app, admin, extensionsOperations.catalogue, {});
    expect(catalogue.find((row) => row.service === 'hygieneLog')).toMatchObject({
      stores: 3,
      employees: 12,
      expiredCertificates: 1,
      missingCertificates: 0,
      expiringCertificates: 2,
      overdueStores: 1,
    });
    const detail = await ok<ServiceDetail>(t.app, admin, extensionsOperations.serviceDetail, { service: 'hygieneLog' });
    expect(detail.hygieneStores.map((row) => [byNumber.get(row.shopId), row.overdue, row.lastDisinfection]).sort()).toEqual([
      ['S01', false, '2026-06-10'],
      ['S02', false, '2026-06-10'],
      ['S03', true, '2026-06-07'],
    ]);
    const stats = await ok<HygieneStatsRow[]>(t.app, admin, hygieneOperations.stats, { startDate: '2026-06-01', endDate: '2026-06-10' });
    const first = stats.find((row) => byNumber.get(row.shopId) === 'S01');
    expect(first).toMatchObject({ employees: 4, validCertificates: 3, disinfectionDays: 10, periodDays: 10, wasteRecords: 2 });
  });
});
