import type { CrossStoreResponse, Page, PosUploadRow } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { signInAsDemoAdmin } from '../../../test/support/demo.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createDeviceApiService } from '../device-api/device-api.service.ts';
import { createFloorplanService } from '../floorplan/floorplan.service.ts';
import { DEMO_CUSTOMERS } from './demo-plan.ts';
import { DEMO_CONVERSION, demoOrders } from './demo-sales.ts';
import { createDemoFeeder, loadSimShops } from './demo-traffic.ts';
import { type SeedResult, seedDemo } from './seed-demo.ts';
import { createSimulator, type SimShop } from './simulator.ts';

/**
 * The demo is a function of the seed and of the day it is seeded: pinned, so the tests hold on any
 * date and at any hour. Mid-day in every demo zone (Saigon 11:30 to Sydney 15:30): the clock runs on
 * while the seed works, and the stores' days must stay the same calendar days throughout.
 */
const SEEDED_AT = '2026-11-24T04:30:00Z';
const DAY_MS = 86_400_000;

const shop: SimShop = {
  device: { customerId: 'c', boxId: 'b', shopId: 's' },
  number: 'SIM-1',
  timeZone: 'Asia/Shanghai',
  shopType: 'franchise',
  businessHours: '10:00-22:00',
  staffCount: 5,
  country: 'CN',
  entranceCameraIds: ['cam-1'],
  zoneCameraIds: [],
  baseVisits: 200,
};

describe("the demo's POS data", () => {
  it('is a function of the seed and follows the shop-day of traffic', () => {
    const simulator = createSimulator(5);
    const orders = demoOrders(simulator, 5, shop, '2026-03-07');
    expect(demoOrders(createSimulator(5), 5, shop, '2026-03-07')).toEqual(orders);
    expect(demoOrders(createSimulator(6), 6, shop, '2026-03-07')).not.toEqual(orders);
    const visitors = simulator.planVisits(shop, '2026-03-07').filter((visit) => !visit.isStaff).length;
    const sales = orders.filter((order) => Number(order.amount) >= 0);
    const [low, high] = DEMO_CONVERSION.franchise;
    expect(sales.length / visitors).toBeGreaterThanOrEqual(low - 0.05);
    expect(sales.length / visitors).toBeLessThanOrEqual(high + 0.05);
    for (const order of orders) {
      expect(order.date).toBe('2026/03/07');
      expect(String(order.time) >= '10:00:00' && String(order.time) < '22:00:00').toBe(true);
      expect(Math.sign(Number(order.quantity))).toBe(Math.sign(Number(order.amount)));
    }
    // Busier days sell more: a Saturday against a Tuesday of the same shop.
    expect(orders.length).toBeGreaterThan(demoOrders(simulator, 5, shop, '2026-03-03').length);
  });
});

describe('the demo seed', () => {
  let t: TestApp;
  let seeded: SeedResult;
  let admin: Session;
  const HISTORY_DAYS = 3;
  beforeAll(async () => {
    t = await createTestApp();
    // After the app: createTestApp puts the clock back to the real time.
    setClock(SEEDED_AT);
    seeded = await seedDemo(t.db, t.config.dataDir, { historyDays: HISTORY_DAYS, seed: 11 });
    admin = await signInAsDemoAdmin(t);
    // The whole demo seed (traffic, video index, sales files, inspections...) on a loaded two-core machine.
  }, 300_000);
  afterAll(async () => {
    resetClock();
    await t.close();
  });

  it('uploads the history days of POS files through the upload path, listed as completed', async () => {
    expect(seeded.orders).toBeGreaterThan(100);
    const list = (await call(t.app, 'POST', '/api/pos/list', { page: 1, pageSize: 50 }, admin)).body.data as Page<PosUploadRow>;
    // One file per customer and month: three days span one or two months.
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.total).toBeLessThanOrEqual(2);
    expect(seeded.posUploads).toBeGreaterThanOrEqual(DEMO_CUSTOMERS.length);
    for (const upload of list.list) {
      expect(upload.status).toBe('completed');
      expect(upload.fileName).toMatch(/^demo-pos-\d{4}-\d{2}\.xlsx$/);
      expect(upload.importedRows).toBe(upload.rows);
      expect(upload.errorRows).toBe(0);
    }
    expect(list.list.reduce((sum, upload) => sum + upload.shopCount, 0)).toBeGreaterThanOrEqual(12);
  });

  it('gives every seeded shop sales on every seeded day, with a plausible conversion', async () => {
    const until = seeded.historyUntil ?? new Date(SEEDED_AT);
    const shops = (await loadSimShops(t.db, [DEMO_CUSTOMERS[0]?.name ?? ''])).map((sim) => ({
      id: sim.device.shopId,
      today: todayIn(sim.timeZone, until),
      dates: Array.from({ length: HISTORY_DAYS }, (_, index) => addDays(todayIn(sim.timeZone, until), -HISTORY_DAYS + index)),
    }));
    expect(shops).toHaveLength(12);
    const crossStore = async (date: string) => {
      const body = { startDate: date, endDate: date, indicators: ['transactions', 'netSales', 'conversionRate', 'avgTransactionValue'] };
      const response = await call(t.app, 'POST', '/api/sales/crossStore', body, admin);
      expect(response.body.status, String(response.body.msg)).toBe(200);
      return response.body.data as CrossStoreResponse;
    };
    for (const date of [...new Set(shops.flatMap((one) => one.dates))].sort()) {
      const cross = await crossStore(date);
      // Demo Retail's stores keep yuan, won, ringgit, dong and Australian dollars: converted to
      // yuan with the seeded monthly rates (issue 11 section 2), one rate per other currency.
      expect(cross.money).toMatchObject({ currency: 'CNY', converted: true, reportingCurrency: 'CNY' });
      expect(cross.money.rates.map((rate) => rate.baseCurrency).sort(), `rates on ${date}: ${JSON.stringify(cross.money.rates)}`).toEqual([
        'AUD',
        'KRW',
        'MYR',
        'VND',
      ]);
      for (const expected of shops.filter((one) => one.dates.includes(date))) {
        const values = cross.shops.find((row) => row.shopId === expected.id)?.values ?? {};
        expect(values.transactions, `${expected.id} ${date}`).toBeGreaterThan(5);
        expect(values.netSales).toBeGreaterThan(0);
        expect(values.conversionRate).toBeGreaterThanOrEqual(0.1);
        expect(values.conversionRate).toBeLessThanOrEqual(0.4);
        expect(values.avgTransactionValue).toBeGreaterThan(50);
        expect(values.avgTransactionValue).toBeLessThan(1000);
      }
    }
    // The day the seed runs is still open in every shop: its POS file comes the next day.
    for (const today of new Set(shops.map((one) => one.today))) {
      const cross = await crossStore(today);
      for (const expected of shops.filter((one) => one.today === today)) {
        expect(cross.shops.find((row) => row.shopId === expected.id)?.values.transactions ?? 0).toBe(0);
      }
    }
  });
});

describe('the live feed', () => {
  it("uploads each shop's POS file of a day once that day is over, once", async () => {
    const t = await createTestApp();
    try {
      // The demo was seeded a day ago: the day the seed ran in is over now in every shop.
      setClock(new Date(Date.parse(SEEDED_AT) - DAY_MS).toISOString());
      const seeded = await seedDemo(t.db, t.config.dataDir, { historyDays: 1, seed: 11 });
      setClock(SEEDED_AT);
      const admin = await signInAsDemoAdmin(t);
      const listed = async () => (await call(t.app, 'POST', '/api/pos/list', { page: 1, pageSize: 50 }, admin)).body.data as Page<PosUploadRow>;
      const before = (await listed()).total;
      const seedDays = (await loadSimShops(t.db, [DEMO_CUSTOMERS[0]?.name ?? ''])).map((sim) => ({
        id: sim.device.shopId,
        date: todayIn(sim.timeZone, seeded.historyUntil ?? new Date(SEEDED_AT)),
      }));
      const transactionsOn = async (date: string) =>
        (await call(t.app, 'POST', '/api/sales/crossStore', { startDate: date, endDate: date, indicators: ['transactions', 'conversionRate'] }, admin)).body
          .data as CrossStoreResponse;
      for (const { id, date } of seedDays) expect((await transactionsOn(date)).shops.find((row) => row.shopId === id)?.values.transactions ?? 0).toBe(0);

      const feeder = createDemoFeeder({
        db: t.db,
        deviceApi: createDeviceApiService({
          db: t.db,
          calendar: createCalendarService({ db: t.db }),
          floorplan: createFloorplanService({ db: t.db, storage: objectStorageOf(t.config) }),
          storage: objectStorageOf(t.config),
        }),
        seed: 11,
        dataDir: t.config.dataDir,
      });
      await feeder.tick();
      const after = await listed();
      expect(after.total).toBeGreaterThan(before);
      for (const upload of after.list) expect(upload.status).toBe('completed');
      for (const { id, date } of seedDays) {
        const values = (await transactionsOn(date)).shops.find((row) => row.shopId === id)?.values ?? {};
        expect(values.transactions, `${id} ${date}`).toBeGreaterThan(5);
        expect(values.conversionRate).toBeGreaterThanOrEqual(0.1);
        expect(values.conversionRate).toBeLessThanOrEqual(0.4);
      }
      // The next round finds nothing due.
      await feeder.tick();
      expect((await listed()).total).toBe(after.total);
    } finally {
      resetClock();
      await t.close();
    }
    // A demo seed and a feed round with every shop's POS import: a minute and more on PostgreSQL on a busy machine.
  }, 240_000);
});
