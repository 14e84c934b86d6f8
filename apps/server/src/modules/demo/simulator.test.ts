import fs from 'node:fs';
import path from 'node:path';
import { type DashboardResponse, DEMO_WEATHER_SOURCE, deviceEventSchema, type WeatherMark } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { signInAsDemoAdmin } from '../../../test/support/demo.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays } from '../../platform/time/local-time.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createDeviceApiService } from '../device-api/device-api.service.ts';
import { createFloorplanService } from '../floorplan/floorplan.service.ts';
import { createDemoFeeder, loadSimShops } from './demo-traffic.ts';
import { demoWeather } from './demo-weather.ts';
import { seedDemo } from './seed-demo.ts';
import { createSimulator, type SimShop, timedInstant } from './simulator.ts';

const shop: SimShop = {
  device: { customerId: 'c', boxId: 'b', shopId: 's' },
  number: 'SIM-1',
  timeZone: 'Asia/Shanghai',
  shopType: 'direct',
  businessHours: '10:00-22:00',
  staffCount: 5,
  country: 'CN',
  entranceCameraIds: ['cam-1'],
  zoneCameraIds: ['cam-2'],
  baseVisits: 200,
};

describe('the simulator', () => {
  it('is a function of its seed: the same seed gives the same events, another seed others', () => {
    const a = createSimulator(1).dayEvents(shop, '2026-03-07');
    const b = createSimulator(1).dayEvents(shop, '2026-03-07');
    const c = createSimulator(2).dayEvents(shop, '2026-03-07');
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    for (const timed of a) expect(deviceEventSchema.safeParse(timed.event).success).toBe(true);
  });

  it('follows business hours, weekdays, staff and returning visitors', () => {
    const simulator = createSimulator(3);
    const visits = (date: string) => simulator.planVisits(shop, date);
    const saturday = visits('2026-03-07').filter((v) => !v.isStaff).length;
    const tuesday = visits('2026-03-03').filter((v) => !v.isStaff).length;
    expect(saturday).toBeGreaterThan(tuesday);
    const day = visits('2026-03-05');
    const hours = day.filter((v) => !v.isStaff).map((v) => new Date(v.enteredMs + 8 * 3_600_000).getUTCHours());
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...hours)).toBeLessThan(22);
    expect(day.filter((v) => v.isStaff).length).toBeGreaterThanOrEqual(2);
    // Returning visitors carry the id of a new visitor of an earlier day of the same shop.
    const returning = day.filter((v) => !v.isStaff && !v.visitorId.startsWith('SIM-1-2026-03-05'));
    expect(returning.length / day.length).toBeGreaterThan(0.15);
    for (const visit of returning.slice(0, 20)) {
      const [, earlier, index] = visit.visitorId.match(/^SIM-1-(\d{4}-\d{2}-\d{2})-(\d+)$/) ?? [];
      expect(earlier && earlier < '2026-03-05').toBe(true);
      expect(Number(index)).toBeLessThan(simulator.dayCounts(shop, earlier as string).newVisits);
    }
  });
});

describe('the simulator: heartbeats and outages (issue 11)', () => {
  it('sends a heartbeat every business hour, and on a seeded outage nothing for 2-3 hours', () => {
    const simulator = createSimulator(1);
    const localHour = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).getUTCHours();
    const beats = (date: string) => simulator.dayEvents(shop, date).flatMap((timed) => (timed.event.type === 'heartbeat' ? [localHour(timed.event.at)] : []));
    const dates = Array.from({ length: 240 }, (_, index) => addDays('2026-01-01', index));
    const quiet = dates.find((date) => !simulator.outageOf(shop, date)) ?? '';
    expect(beats(quiet)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    const down = dates.filter((date) => simulator.outageOf(shop, date));
    // About one shop-day in 60, the same ones for the same seed.
    expect(down.length).toBeGreaterThan(0);
    expect(down.length).toBeLessThan(12);
    expect(dates.filter((date) => createSimulator(1).outageOf(shop, date))).toEqual(down);
    const date = down[0] ?? '';
    const outage = simulator.outageOf(shop, date);
    const lost = new Set(
      Array.from({ length: 24 }, (_, hour) => hour).filter((hour) => outage?.covers(Date.parse(`${date}T${String(hour).padStart(2, '0')}:30:00+08:00`))),
    );
    expect(lost.size).toBeGreaterThanOrEqual(2);
    expect(lost.size).toBeLessThanOrEqual(3);
    expect(beats(date).filter((hour) => lost.has(hour))).toEqual([]);
    const during = simulator.dayEvents(shop, date).filter((timed) => outage?.covers(timedInstant(timed.event)));
    expect(during).toEqual([]);
  });
});

describe('the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('seeds its history through the device API and keeps moving with the live feed', async () => {
    const seeded = await seedDemo(t.db, t.config.dataDir, { historyDays: 2, seed: 11 });
    expect(seeded.created).toBe(true);
    expect(seeded.events).toBeGreaterThan(1000);
    expect(await countRows(t.db, 'traffic_batches')).toBeGreaterThan(0);
    expect(await countRows(t.db, 'traffic_visits')).toBeGreaterThan(100);
    expect(fs.existsSync(path.join(t.config.dataDir, 'demo-devices.json'))).toBe(true);
    const shops = await loadSimShops(t.db);
    expect(shops.length).toBe(15);
    // The boxes' AI raised alarms (issue 15), a few a store-day, each with its still kept as an image.
    const alarms = await countRows(t.db, 'alarms');
    expect(alarms).toBeGreaterThan(15);
    expect(alarms).toBeLessThan(15 * 3 * 4);
    expect(await countRows(t.db, 'alarm_images')).toBeGreaterThanOrEqual(alarms);
    const earliest = await t.db
      .selectFrom('traffic_shop_daily')
      .select((eb) => eb.fn.min('local_date').as('first'))
      .executeTakeFirstOrThrow();
    expect(String(earliest.first) >= addDays(now().toISOString().slice(0, 10), -3)).toBe(true);

    const feeder = createDemoFeeder({
      db: t.db,
      deviceApi: createDeviceApiService({
        db: t.db,
        calendar: createCalendarService({ db: t.db }),
        floorplan: createFloorplanService({ db: t.db, storage: objectStorageOf(t.config) }),
        storage: objectStorageOf(t.config),
      }),
      seed: 11,
    });
    feeder.startFrom(new Date(now().getTime() - 2 * 3_600_000));
    const batchesBefore = await countRows(t.db, 'traffic_batches');
    const readingsBefore = await countRows(t.db, 'temperature_readings');
    const sent = await feeder.tick();
    expect(sent).toBeGreaterThanOrEqual(shops.length);
    // The food stores' sensors (issue 16): seeded with hours of readings, fed each minute by the same path.
    expect(await countRows(t.db, 'temperature_sensors')).toBe(13);
    expect(readingsBefore).toBeGreaterThan(13 * 12);
    expect(await countRows(t.db, 'temperature_readings')).toBeGreaterThan(readingsBefore);
    expect(await countRows(t.db, 'traffic_batches')).toBeGreaterThan(batchesBefore);
    // The heartbeat keeps every box online on the device pages.
    const session = await signInAsDemoAdmin(t);
    const online = (await call(t.app, 'POST', '/api/device/online', {}, session)).body.data as { boxes: { online: number; total: number } };
    expect(online.boxes.online).toBe(online.boxes.total);
    const board = (await call(t.app, 'POST', '/api/traffic/dashboard', {}, session)).body.data as DashboardResponse;
    expect(board.dataUpdatedAt).not.toBeNull();
    expect(board.shops).toHaveLength(12);

    // The weather its traffic followed is recorded for every demo city, as the demo's weather source.
    const today = now().toISOString().slice(0, 10);
    const range = { startDate: addDays(today, -2), endDate: today };
    const marks = (await call(t.app, 'POST', '/api/weather/list', range, session)).body.data as WeatherMark[];
    const places = new Map(
      shops.flatMap((shop) => (shop.weatherPlace && shop.device.customerId === session.cid ? [[shop.weatherPlace.city, shop.weatherPlace]] : [])),
    );
    expect(new Set(marks.map((mark) => mark.city))).toEqual(new Set(places.keys()));
    for (const mark of marks) {
      const place = places.get(mark.city);
      if (!place) throw new Error(`no demo city ${mark.city}`);
      expect(mark).toMatchObject({ ...demoWeather(11, place, mark.date), source: DEMO_WEATHER_SOURCE });
    }
    // Two days of history with the floor plans' tracks and per-minute heat grids of 15 stores, and 36 hours of
    // temperature readings: about half a minute alone, past 90 s on PostgreSQL beside two end-to-end runs.
  }, 240_000);
});
