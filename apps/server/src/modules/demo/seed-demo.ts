import fs from 'node:fs';
import path from 'node:path';
import { RoleId } from '@storelens/contracts';
import { DEFAULT_DEMO_HISTORY_DAYS } from '../../config.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { localObjectStorage } from '../../platform/storage/storage-config.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createCustomersService } from '../customers/customers.service.ts';
import { createDeviceApiService } from '../device-api/device-api.service.ts';
import { createDevicesService } from '../devices/devices.service.ts';
import { createFloorplanService } from '../floorplan/floorplan.service.ts';
import { createOrgAdminService } from '../org/org-admin.service.ts';
import { createMoneyService } from '../sales/money.service.ts';
import { createUsersService } from '../users/users.service.ts';
import { createWeatherService } from '../weather/weather.service.ts';
import { demoTenantRepo } from './demo.repo.ts';
import { seedDemoAiTasks } from './demo-ai-tasks.ts';
import { seedDemoAudiences } from './demo-audiences.ts';
import { seedDemoFloorplans } from './demo-floorplans.ts';
import { seedDemoHygiene } from './demo-hygiene.ts';
import { seedDemoInspection } from './demo-inspection.ts';
import { seedDemoInspectionHistory } from './demo-inspection-history.ts';
import { seedDemoPanoramas } from './demo-panoramas.ts';
import { DEMO_ACCOUNTS, DEMO_CALENDAR_EVENTS, DEMO_CUSTOMERS, DEMO_RETAIL } from './demo-plan.ts';
import { seedDemoRates } from './demo-rates.ts';
import { seedDemoRectification } from './demo-rectification.ts';
import { completedDays, uploadDemoSales } from './demo-sales.ts';
import { DEMO_TEMPERATURE_HOURS, demoSensorsByBox, seedDemoSensors, writeTemperatureHistory } from './demo-temperature.ts';
import { DEMO_ALARM_DAYS, DEMO_SEED, DEMO_TRACK_DAYS, DEMO_WIFI_DAYS, loadSimShops, recordDemoWeather, writeHistory } from './demo-traffic.ts';
import { seedDemoWarehouse, WAREHOUSE_STORES } from './demo-warehouse.ts';
import { createSimulator } from './simulator.ts';

export interface SeedOptions {
  /** Days of traffic history written through the device API (DEMO_HISTORY_DAYS, default 90). */
  historyDays?: number;
  seed?: number;
  /** Where the demo panoramas go: the configured object storage (main.ts), else DATA_DIR's local one. */
  panoramaStorage?: ObjectStorage;
}

export interface SeedResult {
  created: boolean;
  /** The instant the history reaches: the live feed continues from there. */
  historyUntil?: Date;
  events?: number;
  panoramas?: number;
  /** Stores given the demo floor plan (cameras calibrated, regions, entrances, flow lines, dwell zones). */
  floorPlans?: number;
  /** POS orders uploaded for the history's completed days, and the uploads that carried them. */
  orders?: number;
  posUploads?: number;
  /** Past inspections of the daily plan done in the history (demo-inspection-history.ts). */
  inspections?: number;
}

export interface DemoDevice {
  customer: string;
  shopId: string;
  shopNumber: string;
  mac: string;
  token: string;
  cameras: { cameraId: string; number: string; name: string }[];
}

/**
 * Builds the demo customers through the same services the product uses (DESIGN U1). Runs only on
 * an empty database; the box tokens go to DATA_DIR/demo-devices.json so anyone can drive the demo
 * through the device API.
 */
export async function seedDemo(db: DB, dataDir: string, options: SeedOptions = {}): Promise<SeedResult> {
  const customers = createCustomersService({ db });
  if ((await customers.count()) > 0) return { created: false };
  const orgAdmin = createOrgAdminService({ db });
  const devices = createDevicesService({ db });
  const users = createUsersService({ db });

  const customerIds = new Map<string, string>();
  const orgIdsByCode = new Map<string, string>();
  const shopIdsByNumber = new Map<string, string>();
  const demoDevices: DemoDevice[] = [];
  let macCounter = 0;

  for (const plan of DEMO_CUSTOMERS) {
    const { customerId, rootOrgId } = await customers.createCustomer({ name: plan.name, countries: plan.countries, defaultTimeZone: plan.defaultTimeZone });
    customerIds.set(plan.name, customerId);
    for (const region of plan.regions) {
      const regionId = await orgAdmin.addOrg(customerId, { parentId: rootOrgId, name: region.name, orgcode: region.orgcode });
      orgIdsByCode.set(`${plan.name}:${region.orgcode}`, regionId);
      for (const city of region.cities) {
        const cityId = await orgAdmin.addOrg(customerId, { parentId: regionId, name: city.name, orgcode: city.orgcode });
        orgIdsByCode.set(`${plan.name}:${city.orgcode}`, cityId);
        for (const shop of city.shops) {
          const shopId = await orgAdmin.addShop(customerId, {
            orgId: cityId,
            name: shop.name,
            number: shop.number,
            timeZone: shop.timeZone,
            shopType: shop.shopType,
            province: shop.province,
            city: shop.city,
            latitude: shop.latitude,
            longitude: shop.longitude,
            floorArea: 180 + shop.cameras * 60,
            staffCount: 4 + shop.cameras,
            businessHours: '10:00-22:00',
          });
          shopIdsByNumber.set(`${plan.name}:${shop.number}`, shopId);
          macCounter += 1;
          const mac = `02:5E:00:00:${Math.floor(macCounter / 256)
            .toString(16)
            .padStart(2, '0')}:${(macCounter % 256).toString(16).padStart(2, '0')}`.toUpperCase();
          const { boxId, token } = await devices.registerBox(customerId, { shopId, mac, name: `${shop.number} box` });
          const cameras: DemoDevice['cameras'] = [];
          for (let index = 1; index <= shop.cameras; index += 1) {
            const number = `${shop.number}-C${index}`;
            // Shops with four cameras have a second entrance, so entrance analysis has two gates to compare.
            const sideEntrance = index === 4;
            const name = index === 1 ? 'Entrance' : sideEntrance ? 'Side entrance' : index === 2 ? 'Checkout' : `Floor ${index - 2}`;
            const cameraId = await devices.addCamera(customerId, {
              shopId,
              boxId,
              name,
              number,
              deploymentArea: index === 1 || sideEntrance ? 'entrance' : 'floor',
            });
            cameras.push({ cameraId, number, name });
          }
          demoDevices.push({ customer: plan.name, shopId, shopNumber: shop.number, mac, token, cameras });
        }
      }
    }
  }

  const userIds = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const userId = await users.createUser({
      loginName: account.loginName,
      password: account.password,
      surname: account.surname,
      givenName: account.givenName,
      mobile: account.mobile,
    });
    userIds.set(account.loginName, userId);
    for (const membership of account.memberships) {
      const customerId = customerIds.get(membership.customer) as string;
      await users.addMembership(customerId, {
        userId,
        roleId: membership.roleId,
        orgId: membership.orgcode ? (orgIdsByCode.get(`${membership.customer}:${membership.orgcode}`) ?? null) : null,
        shopIds: (membership.shopNumbers ?? []).map((number) => shopIdsByNumber.get(`${membership.customer}:${number}`) as string),
      });
    }
  }

  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'demo-devices.json'), `${JSON.stringify(demoDevices, null, 2)}\n`, { mode: 0o600 });

  const calendar = createCalendarService({ db });
  for (const event of DEMO_CALENDAR_EVENTS) {
    const customerId = customerIds.get(event.customer) as string;
    await calendar.seedEvent(customerId, {
      name: event.name,
      startDate: event.startDate(now()),
      endDate: event.endDate(now()),
      allShops: event.shopNumbers.length === 0,
      shopIds: event.shopNumbers.map((number) => shopIdsByNumber.get(`${event.customer}:${number}`) as string),
      description: event.description,
    });
  }

  // Each customer's reporting currency and monthly exchange rates, as an administrator enters them.
  const money = createMoneyService({ db });
  for (const plan of DEMO_CUSTOMERS) {
    await seedDemoRates(money, customerIds.get(plan.name) as string, plan.countries, now(), options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS);
  }

  // Three panoramas per store, linked as a tour, with a hotspot per camera (virtual store).
  const shopNames = new Map(
    DEMO_CUSTOMERS.flatMap((plan) =>
      plan.regions.flatMap((region) => region.cities.flatMap((city) => city.shops.map((shop) => [`${plan.name}:${shop.number}`, shop.name]))),
    ),
  );
  const panoramas = await seedDemoPanoramas(
    { db, dataDir, storage: options.panoramaStorage ?? localObjectStorage(dataDir) },
    demoDevices.map((device) => ({
      customerId: customerIds.get(device.customer) as string,
      shopId: device.shopId,
      shopName: shopNames.get(`${device.customer}:${device.shopNumber}`) ?? device.shopNumber,
      cameras: device.cameras,
    })),
  );

  // One floor plan per store with its cameras calibrated and its areas drawn (issue 13), in the same storage.
  const floorPlans = await seedDemoFloorplans(
    { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir) },
    demoDevices.map((device) => ({
      customerId: customerIds.get(device.customer) as string,
      shopId: device.shopId,
      cameraIds: device.cameras.map((camera) => camera.cameraId),
    })),
  );

  // The SOP and inspection plans, founded by each customer's administrator (the first account that is its super manager).
  await seedDemoInspection(
    { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir) },
    DEMO_CUSTOMERS.map((plan) => {
      const admin = DEMO_ACCOUNTS.find((account) => account.memberships.some((m) => m.customer === plan.name && m.roleId === RoleId.superManager));
      return {
        name: plan.name,
        customerId: customerIds.get(plan.name) as string,
        adminUserId: userIds.get(admin?.loginName ?? '') as string,
        userIds,
        shopIds: new Map([...shopIdsByNumber].filter(([key]) => key.startsWith(`${plan.name}:`)).map(([key, id]) => [key.slice(plan.name.length + 1), id])),
      };
    }),
    now(),
    options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS,
  );

  // Audiences, a channel and a promotion (issue 17), with Wi-Fi collection turned on; generated by the server's worker.
  await seedDemoAudiences(
    { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir), calendar },
    DEMO_CUSTOMERS.map((plan) => ({
      customerId: customerIds.get(plan.name) as string,
      timeZone: plan.defaultTimeZone,
      shopIds: [...shopIdsByNumber].filter(([key]) => key.startsWith(`${plan.name}:`)).map(([, id]) => id),
    })),
    now(),
  );

  // Rectifications in every state, made by the demo's people at the times they would have (issue 14 section 4).
  await seedDemoRectification(
    { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir) },
    DEMO_CUSTOMERS.map((plan) => {
      const admin = DEMO_ACCOUNTS.find((account) => account.memberships.some((m) => m.customer === plan.name && m.roleId === RoleId.superManager));
      const devices = demoDevices.filter((device) => device.customer === plan.name);
      return {
        name: plan.name,
        customerId: customerIds.get(plan.name) as string,
        adminUserId: userIds.get(admin?.loginName ?? '') as string,
        userIds,
        shopIds: new Map(devices.map((device) => [device.shopNumber, device.shopId])),
        cameraIds: new Map(devices.map((device) => [device.shopNumber, device.cameras.map((camera) => camera.cameraId)])),
      };
    }),
  );

  // AI tasks on the stores' cameras (issue 15 section 1), through the service.
  await seedDemoAiTasks(
    db,
    DEMO_CUSTOMERS.map((plan) => {
      const devices = demoDevices.filter((device) => device.customer === plan.name);
      return {
        customerId: customerIds.get(plan.name) as string,
        cameraIds: new Map(devices.map((device) => [device.shopNumber, device.cameras.map((camera) => camera.cameraId)])),
      };
    }),
  );

  // Temperature sensors in the retail customer's food stores (issue 16).
  const retailId = customerIds.get(DEMO_RETAIL);
  if (retailId) {
    const boxes = await demoTenantRepo(tenantScope(db, retailId)).shopsWithBoxes();
    await seedDemoSensors(
      db,
      retailId,
      boxes.map((row) => ({ number: row.number, boxId: row.box_id })),
    );
    // Hygiene logs of the same food stores (issue 16 section 3), entered as their manager would.
    const retailAdmin = DEMO_ACCOUNTS.find((account) => account.memberships.some((m) => m.customer === DEMO_RETAIL && m.roleId === RoleId.superManager));
    await seedDemoHygiene(
      { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir) },
      { customerId: retailId, adminUserId: userIds.get(retailAdmin?.loginName ?? '') as string, shops: boxes },
    );
  }

  // Traffic history through the device API's service, exactly as boxes catching up would send it
  // (DESIGN U1). DEMO_HISTORY_DAYS=0 writes none at all: devices stay never reported.
  const historyUntil = now();
  if ((options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS) === 0) return { created: true, historyUntil, events: 0, panoramas, floorPlans };
  const floorplan = createFloorplanService({ db, storage: options.panoramaStorage ?? localObjectStorage(dataDir) });
  const deviceApi = createDeviceApiService({ db, calendar, floorplan, storage: options.panoramaStorage ?? localObjectStorage(dataDir) });
  const seed = options.seed ?? DEMO_SEED;
  const simulator = createSimulator(seed);
  // The stores' cameras report tracks and heat grids of the last DEMO_TRACK_DAYS only: projected tracks are kept
  // 30 days, and a shorter history keeps the seed quick (the live feed reports them from then on).
  // Phones are reported for the last DEMO_WIFI_DAYS, batch screenshots for the last two days, AI alarms
  // (each with its image) for the last DEMO_ALARM_DAYS (storage stays small).
  const shops = (await loadSimShops(db, undefined, floorplan)).map((shop) => {
    const today = todayIn(shop.timeZone, historyUntil);
    return {
      ...shop,
      ...(shop.plan ? { plan: { ...shop.plan, fromDate: addDays(today, -DEMO_TRACK_DAYS) } } : {}),
      ...(shop.wifi ? { wifi: { ...shop.wifi, fromDate: addDays(today, -DEMO_WIFI_DAYS) } } : {}),
      ...(shop.batches ? { batches: { ...shop.batches, screenshotsFrom: addDays(today, -2) } } : {}),
      ...(shop.alarms ? { alarms: { ...shop.alarms, fromDate: addDays(today, -DEMO_ALARM_DAYS) } } : {}),
    };
  });
  const historyDays = options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS;
  const events = await writeHistory(deviceApi, simulator, shops, historyDays, historyUntil);
  // The sensors' last hours, every 5 minutes, through the same path (the live feed sends each minute from then on).
  await writeTemperatureHistory(
    deviceApi,
    shops.map((shop) => shop.device),
    await demoSensorsByBox(db, retailId ? [retailId] : []),
    DEMO_TEMPERATURE_HOURS,
    historyUntil,
  );
  // The weather that shaped those days, recorded as a weather source would report it.
  await recordDemoWeather(createWeatherService({ db }), seed, shops, historyDays, historyUntil);
  // The same days' POS files, through the POS upload path as a customer's upload would go.
  const sales = await uploadDemoSales({ db, dataDir, simulator, seed }, completedDays(shops, historyDays, historyUntil));
  // The daily plan's past: inspections done on site, their failures dealt with (issue 14 section 6).
  const retailAdmin = DEMO_ACCOUNTS.find((account) => account.memberships.some((m) => m.customer === DEMO_RETAIL && m.roleId === RoleId.superManager));
  const inspectionHistory = retailId
    ? await seedDemoInspectionHistory(
        { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir) },
        {
          customerId: retailId,
          adminUserId: userIds.get(retailAdmin?.loginName ?? '') as string,
          userIds,
          shopIds: new Map(
            [...shopIdsByNumber].filter(([key]) => key.startsWith(`${DEMO_RETAIL}:`)).map(([key, id]) => [key.slice(DEMO_RETAIL.length + 1), id]),
          ),
        },
        { days: historyDays, seed, until: historyUntil },
      )
    : { inspections: 0, failures: 0 };
  // Warehouse patrol of three Shanghai stock rooms (issue 16 section 2): a plan, two weeks of checks and results.
  if (retailId) {
    const retailAdmin = DEMO_ACCOUNTS.find((account) => account.memberships.some((m) => m.customer === DEMO_RETAIL && m.roleId === RoleId.superManager));
    const retailRepo = demoTenantRepo(tenantScope(db, retailId));
    const [boxes, cameras] = await Promise.all([retailRepo.shopsWithBoxes(), retailRepo.cameras()]);
    const stores = demoDevices
      .filter((device) => device.customer === DEMO_RETAIL && WAREHOUSE_STORES.includes(device.shopNumber))
      .flatMap((device) => {
        const box = boxes.find((row) => row.id === device.shopId);
        const own = cameras.filter((camera) => camera.box_id === box?.box_id);
        // The store's last reporting camera watches its stock room. In a two-camera store the second is
        // installed but not set up and never reports (demo-traffic.ts): its entrance camera stands in.
        const reporting = own.length >= 3 ? own : own.filter((camera) => camera.deployment_area === 'entrance');
        const cameraId = device.cameras
          .map((camera) => camera.cameraId)
          .filter((id) => reporting.some((camera) => camera.id === id))
          .at(-1);
        return box && cameraId ? [{ shopId: device.shopId, number: device.shopNumber, timeZone: box.time_zone, boxId: box.box_id, cameraId }] : [];
      });
    await seedDemoWarehouse(
      { db, storage: options.panoramaStorage ?? localObjectStorage(dataDir), deviceApi },
      {
        customerId: retailId,
        adminUserId: userIds.get(retailAdmin?.loginName ?? '') as string,
        storeManagerId: userIds.get('store@storelens.demo'),
        stores,
      },
      { days: historyDays, seed, until: historyUntil },
    );
  }
  return {
    created: true,
    historyUntil,
    events,
    panoramas,
    floorPlans,
    orders: sales.orders,
    posUploads: sales.uploads.length,
    inspections: inspectionHistory.inspections,
  };
}
