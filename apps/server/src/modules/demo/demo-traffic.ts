import { DEMO_WEATHER_SOURCE } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, localParts, todayIn } from '../../platform/time/local-time.ts';
import type { DeviceApiService } from '../device-api/device-api.service.ts';
import type { FloorplanService } from '../floorplan/floorplan.service.ts';
import { countryOfProvince } from '../org/city-tree.ts';
import { createWeatherService, type WeatherService } from '../weather/weather.service.ts';
import { demoRepo, demoTenantRepo } from './demo.repo.ts';
import type { DemoAlarmClips } from './demo-alarm-clips.ts';
import { demoAlarmStills } from './demo-alarms.ts';
import { demoScreenshot } from './demo-crowd.ts';
import { DEMO_CUSTOMERS } from './demo-plan.ts';
import { createDemoPosFeed } from './demo-sales.ts';
import { type DemoSensor, demoReadings, demoSensorsByBox } from './demo-temperature.ts';
import { simPlanOf } from './demo-tracks.ts';
import { demoWeatherDays, type WeatherPlace } from './demo-weather.ts';
import { batchesOf, createSimulator, datesAround, type SimShop, type Simulator } from './simulator.ts';

/** Days of history for which the demo's cameras report tracks and heat grids (issue 13). */
export const DEMO_TRACK_DAYS = 7;

/** Days of history for which the demo's boxes report Wi-Fi sightings (issue 17): audiences read weeks, and the seed stays quick. */
export const DEMO_WIFI_DAYS = 35;

/** Days of history for which the demo's boxes raise AI alarms (issue 15): each alarm keeps its image, so the seed keeps a week. */
export const DEMO_ALARM_DAYS = 7;

/** The demo customer's pseudonymisation key, as its boxes hold it (the server never needs it). */
export const demoWifiKey = (customerName: string) => `demo-wifi-key|${customerName}`;

/** The demo's simulator seed: the demo is the same on every machine. */
export const DEMO_SEED = 20_260_301;

/** Demo shops as the simulator drives them: every shop of the demo customers that has a box. */
export async function loadSimShops(
  db: DB,
  customerNames: string[] = DEMO_CUSTOMERS.map((customer) => customer.name),
  floorplan?: Pick<FloorplanService, 'shopPlans' | 'cameraProjection' | 'planElements'>,
): Promise<SimShop[]> {
  const shops: SimShop[] = [];
  // One weather per city: every shop of a city shares the first one's place (latitude), so the
  // weather recorded for the city is the weather each of its shops' traffic followed.
  const places = new Map<string, WeatherPlace>();
  const placeOf = (place: WeatherPlace): WeatherPlace => {
    const id = `${place.country}|${place.city}`;
    const known = places.get(id) ?? place;
    places.set(id, known);
    return known;
  };
  const screenshot = await demoScreenshot();
  const stills = await demoAlarmStills();
  for (const customer of await demoRepo(db).customersNamed(customerNames)) {
    const repo = demoTenantRepo(tenantScope(db, customer.id));
    const [rows, cameras] = await Promise.all([repo.shopsWithBoxes(), repo.cameras()]);
    for (const row of rows) {
      const own = cameras.filter((camera) => camera.box_id === row.box_id);
      const entrances = own.filter((camera) => camera.deployment_area === 'entrance');
      const entranceCameraIds = (entrances.length > 0 ? entrances : own.slice(0, 1)).map((camera) => camera.id);
      // In shops with two cameras the second is installed but not yet set up for zone analytics:
      // it never reports, so the device pages show an inactive camera as real chains have.
      const zoneCameraIds = own.length >= 3 ? own.filter((camera) => camera.deployment_area !== 'entrance').map((camera) => camera.id) : [];
      const country = countryOfProvince(row.province);
      shops.push({
        device: { customerId: customer.id, boxId: row.box_id, shopId: row.id },
        number: row.number,
        timeZone: row.time_zone,
        shopType: row.shop_type,
        businessHours: row.business_hours,
        staffCount: row.staff_count ?? 4,
        country,
        weatherPlace: country && row.city && row.latitude !== null ? placeOf({ country, city: row.city, latitude: row.latitude }) : undefined,
        entranceCameraIds,
        zoneCameraIds,
        // Bigger shops (more floor, more cameras) draw more people.
        baseVisits: Math.round((row.shop_type === 'franchise' ? 120 : 170) * (0.7 + 0.1 * own.length)),
        // Its box reports phones (pseudonymised) and visitor batches (issue 17).
        wifi: { key: demoWifiKey(customer.name) },
        batches: { screenshot, screenshotsFrom: '0000-00-00' },
        // Its box's AI raises alarms with a still of what it saw (issue 15).
        alarms: { stills },
        // Its floor plan's cameras report the visits' walks as tracks and heat grids (issue 13).
        plan: floorplan
          ? ((await simPlanOf(
              floorplan,
              customer.id,
              row.id,
              // Only the cameras that report at all walk the plan: the inactive one stays silent.
              [...entranceCameraIds, ...zoneCameraIds],
              entrances.map((camera) => camera.id),
            )) ?? undefined)
          : undefined,
      });
    }
  }
  return shops;
}

/**
 * Writes the shops' history up to `until` through the device API's service, as boxes catching
 * up would: a shop-day's events in time order, in batches of at most 5,000 events.
 */
export async function writeHistory(deviceApi: DeviceApiService, simulator: Simulator, shops: SimShop[], days: number, until: Date = now()): Promise<number> {
  let events = 0;
  const to = until.getTime();
  for (const shop of shops) {
    const today = todayIn(shop.timeZone, until);
    let pending: ReturnType<Simulator['dayEvents']> = [];
    let part = 0;
    const send = async () => {
      for (const batch of batchesOf(pending, Number.NEGATIVE_INFINITY, to)) {
        part += 1;
        await deviceApi.receiveBatch(shop.device, { batchId: `history-${shop.number}-${today}-${part}`, events: batch });
        events += batch.length;
      }
      pending = [];
    };
    for (let back = days; back >= 0; back -= 1) {
      pending.push(...simulator.dayEvents(shop, addDays(today, -back)));
      if (pending.length >= 4000) await send();
    }
    await send();
  }
  return events;
}

/**
 * Records the demo weather of the shops' cities for the `days` before `until` and its day (in
 * each shop's time zone), through the weather service as source 'demo'.
 */
export async function recordDemoWeather(weather: WeatherService, seed: number, shops: readonly SimShop[], days: number, until: Date = now()): Promise<number> {
  const places = shops.flatMap((shop) => (shop.weatherPlace ? [shop.weatherPlace] : []));
  if (places.length === 0) return 0;
  const todays = shops.map((shop) => todayIn(shop.timeZone, until)).sort();
  const from = addDays(todays[0] ?? '', -days - 1);
  const to = todays.at(-1) ?? from;
  return weather.record(demoWeatherDays(seed, places, from, to), DEMO_WEATHER_SOURCE);
}

/**
 * The live feed: what each shop's box would have sent between its last delivery and now, plus a
 * heartbeat that keeps the box and its cameras online on the device pages; with `dataDir`, also
 * the POS file of each shop's day once it is over.
 */
export function createDemoFeeder(deps: {
  db: DB;
  deviceApi: DeviceApiService;
  seed?: number;
  dataDir?: string;
  floorplan?: FloorplanService;
  /** The boxes' alarm clips, cut from the recordings (only where the demo has video). */
  alarmClips?: DemoAlarmClips;
}) {
  const seed = deps.seed ?? DEMO_SEED;
  const simulator = createSimulator(seed);
  // With a data directory, each shop's POS file of the day before follows once its day is over.
  const posFeed = deps.dataDir ? createDemoPosFeed({ db: deps.db, dataDir: deps.dataDir, simulator, seed }) : null;
  const watermarks = new Map<string, number>();
  let shops: SimShop[] | null = null;
  let sensorsByBox = new Map<string, DemoSensor[]>();
  const weather = createWeatherService({ db: deps.db });
  // The last local date whose weather the feed recorded: a new day records its weather once.
  let weatherRecordedFor = '';

  return {
    /** Where the feed starts for shops it has not fed yet (the end of the seeded history). */
    startFrom(at: Date): void {
      for (const shop of shops ?? []) watermarks.set(shop.device.shopId, at.getTime());
      watermarks.set('*', at.getTime());
    },

    async tick(at: Date = now()): Promise<number> {
      if (!shops) {
        shops = await loadSimShops(deps.db, undefined, deps.floorplan);
        sensorsByBox = await demoSensorsByBox(deps.db, [...new Set(shops.map((shop) => shop.device.customerId))]);
        for (const customerId of new Set(shops.map((shop) => shop.device.customerId))) {
          for (const row of await demoTenantRepo(tenantScope(deps.db, customerId)).lastIngests()) {
            if (!watermarks.has(row.shop_id) && !watermarks.has('*')) watermarks.set(row.shop_id, Date.parse(row.last_ingest_at));
          }
        }
      }
      const to = at.getTime();
      let sent = 0;
      for (const shop of shops) {
        const from = watermarks.get(shop.device.shopId) ?? watermarks.get('*') ?? to - 60_000;
        if (from >= to) continue;
        const dates = datesAround(shop.timeZone, from, to, (zone, ms) => localParts(zone, ms).date);
        const due = dates.flatMap((date) => simulator.dayEvents(shop, date));
        const batches = batchesOf(due, from, to);
        const heartbeat = {
          type: 'heartbeat' as const,
          at: at.toISOString(),
          cameras: [...shop.entranceCameraIds, ...shop.zoneCameraIds].map((cameraId) => ({ cameraId, online: true })),
        };
        if (batches.length === 0) batches.push([]);
        for (const [index, batch] of batches.entries()) {
          const events = index === batches.length - 1 ? [...batch, heartbeat] : batch;
          await deps.deviceApi.receiveBatch(shop.device, { batchId: `live-${shop.number}-${from}-${to}-${index}`, events });
          sent += events.length;
        }
        // The box's temperature sensors, each minute, in a batch of their own; after a long pause only
        // the last hour (what a box buffers).
        const readings = demoReadings(sensorsByBox.get(shop.device.boxId) ?? [], Math.max(from, to - 3_600_000), to);
        if (readings.length > 0) {
          await deps.deviceApi.receiveBatch(shop.device, { batchId: `live-temperature-${shop.number}-${from}-${to}`, events: readings });
          sent += readings.length;
        }
        watermarks.set(shop.device.shopId, to);
      }
      const latestToday =
        shops
          .map((shop) => todayIn(shop.timeZone, at))
          .sort()
          .at(-1) ?? '';
      if (latestToday !== weatherRecordedFor) {
        await recordDemoWeather(weather, seed, shops, 1, at);
        weatherRecordedFor = latestToday;
      }
      await posFeed?.tick(shops, at);
      await deps.alarmClips?.post([...new Set(shops.map((shop) => shop.device.customerId))], at);
      return sent;
    },
  };
}
export type DemoFeeder = ReturnType<typeof createDemoFeeder>;
