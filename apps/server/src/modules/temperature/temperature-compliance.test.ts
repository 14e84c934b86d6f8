import { type ComplianceRow, temperatureOperations as ops, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, sendBatch } from '../../../test/support/traffic.ts';
import { resetClock } from '../../platform/time/clock.ts';

/**
 * The compliance per store, computed by hand from readings sent through the device API: Shanghai
 * stores open 10:30-22:00 (02:30-14:00 UTC), so the 02:00 UTC hour holds a business-hours change
 * and is judged bucket by bucket; other hours are counted whole in SQL.
 */
let t: TestApp;
const { post, data } = postersFor(() => t.app);
let admin: Session;
let manager: Session;
let foreign: Session;
let shopA: string;
let shopB: string;
const notFound = 'Not found or no access';
const reading = (sensorId: string, at: string, celsius: number) => ({ type: 'temperature', sensorId, at, celsius });

beforeAll(async () => {
  t = await createTestApp({ sessionTtlHours: 24 * 30 });
  clockAt('2026-06-02T04:00:00.000Z');
  const customer = await buildCustomer(t.db, 'Compliance Co');
  shopA = await buildShop(t.db, customer.customerId, customer.rootOrgId, { name: 'Deli A' });
  shopB = await buildShop(t.db, customer.customerId, customer.rootOrgId, { name: 'Deli B' });
  await t.db.updateTable('shops').set({ business_hours: '10:30-22:00' }).where('id', 'in', [shopA, shopB]).execute();
  const boxA = await buildBox(t.db, customer.customerId, shopA, 0);
  const boxB = await buildBox(t.db, customer.customerId, shopB, 0);
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }])).loginName, customer.customerId);
  manager = await signIn(
    t.app,
    (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.storeManage, shopIds: [shopA] }])).loginName,
    customer.customerId,
  );
  const other = await buildCustomer(t.db, 'Other Co');
  await buildShop(t.db, other.customerId, other.rootOrgId);
  foreign = await signIn(t.app, (await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.superManager }])).loginName, other.customerId);

  const sensor = async (boxId: string, name: string, extra: Record<string, unknown> = {}) =>
    (
      await data<{ sensorId: string }>(admin, ops.sensorSave.path, {
        boxId,
        name,
        kind: 'fridge',
        limits: { low: 0, high: 5 },
        delayMinutes: 30,
        ...extra,
      })
    ).sensorId;
  const fridge = await sensor(boxA.boxId, 'Fridge');
  const deli = await sensor(boxA.boxId, 'Deli', { kind: 'displayCase', offHoursLimits: { low: 0, high: 10 } });
  const idle = await sensor(boxA.boxId, 'Idle', { enabled: false });
  const fridgeB = await sensor(boxB.boxId, 'Fridge B');
  const sentA = await sendBatch(t.app, boxA.token, [
    // Fridge, business hours, one limit set: 4 buckets, 3 within.
    reading(fridge, '2026-06-01T04:00:00.000Z', 3),
    reading(fridge, '2026-06-01T04:05:00.000Z', 3),
    reading(fridge, '2026-06-01T04:10:00.000Z', 7),
    reading(fridge, '2026-06-01T04:15:00.000Z', 3),
    // The next local day (00:05 on 06-02 in Shanghai): outside the range.
    reading(fridge, '2026-06-01T16:05:00.000Z', 9),
    // Deli, 01:00 UTC hour wholly closed (0..10): 11 out, 9 within.
    reading(deli, '2026-06-01T01:50:00.000Z', 11),
    reading(deli, '2026-06-01T01:55:00.000Z', 9),
    // 02:00 UTC hour, the store opens at 02:30: 8 within before (0..10), 8 out after (0..5), 4 within.
    reading(deli, '2026-06-01T02:20:00.000Z', 8),
    reading(deli, '2026-06-01T02:25:00.000Z', 8),
    reading(deli, '2026-06-01T02:30:00.000Z', 8),
    reading(deli, '2026-06-01T02:35:00.000Z', 4),
    // Two readings in one bucket: its max 6 is outside (0..5) though its average is not.
    reading(deli, '2026-06-01T05:00:00.000Z', 2),
    reading(deli, '2026-06-01T05:02:00.000Z', 6),
    // A disabled sensor counts for nothing.
    reading(idle, '2026-06-01T04:00:00.000Z', 30),
  ]);
  expect(sentA.body.status, sentA.body.msg).toBe(200);
  const sentB = await sendBatch(t.app, boxB.token, [reading(fridgeB, '2026-06-01T04:00:00.000Z', 3)]);
  expect(sentB.body.status, sentB.body.msg).toBe(200);
}, 120_000);
afterAll(async () => {
  resetClock();
  await t.close();
});

const compliance = (session: Session, body: Record<string, unknown>) => data<ComplianceRow[]>(session, ops.compliance.path, body);

describe('compliance per store', () => {
  it('is the share of 5-minute buckets within the limits in force then, per store', async () => {
    const rows = await compliance(admin, { startDate: '2026-06-01', endDate: '2026-06-01' });
    // Store A: the fridge's 4 buckets (3 within) and the deli's 7 (4 within): 11 buckets, 7 within.
    // Deli: 01:50 out, 01:55 in, 02:20 in, 02:25 in, 02:30 out, 02:35 in, 05:00 out.
    expect(rows.find((row) => row.shopId === shopA)).toEqual({
      shopId: shopA,
      shopName: 'Deli A',
      sensors: 2,
      measuredMinutes: 55,
      withinMinutes: 35,
      share: 0.6364,
    });
    expect(rows.find((row) => row.shopId === shopB)).toEqual({ shopId: shopB, shopName: 'Deli B', sensors: 1, measuredMinutes: 5, withinMinutes: 5, share: 1 });
    // The next day holds the fridge's late reading only.
    const next = await compliance(admin, { shopIds: [shopA], startDate: '2026-06-02', endDate: '2026-06-02' });
    expect(next).toEqual([{ shopId: shopA, shopName: 'Deli A', sensors: 2, measuredMinutes: 5, withinMinutes: 0, share: 0 }]);
    const empty = await compliance(admin, { shopIds: [shopB], startDate: '2026-05-01', endDate: '2026-05-02' });
    expect(empty).toEqual([{ shopId: shopB, shopName: 'Deli B', sensors: 1, measuredMinutes: 0, withinMinutes: 0, share: null }]);
  });

  it("keeps to the caller's stores and customer, and to 92 days", async () => {
    expect((await compliance(manager, { startDate: '2026-06-01', endDate: '2026-06-01' })).map((row) => row.shopId)).toEqual([shopA]);
    expect((await post(manager, ops.compliance.path, { shopIds: [shopB], startDate: '2026-06-01', endDate: '2026-06-01' })).body.msg).toBe(notFound);
    expect((await post(foreign, ops.compliance.path, { shopIds: [shopA], startDate: '2026-06-01', endDate: '2026-06-01' })).body.msg).toBe(notFound);
    expect(await compliance(foreign, { startDate: '2026-06-01', endDate: '2026-06-01' })).toEqual([]);
    expect((await post(admin, ops.compliance.path, { startDate: '2026-01-01', endDate: '2026-06-01' })).body.status).toBe(400);
  });
});
