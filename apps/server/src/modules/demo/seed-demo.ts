import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DEMO_HISTORY_DAYS } from '../../config.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { localObjectStorage } from '../../platform/storage/storage-config.ts';
import { now } from '../../platform/time/clock.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createCustomersService } from '../customers/customers.service.ts';
import { createDeviceApiService } from '../device-api/device-api.service.ts';
import { createDevicesService } from '../devices/devices.service.ts';
import { createOrgAdminService } from '../org/org-admin.service.ts';
import { createMoneyService } from '../sales/money.service.ts';
import { createUsersService } from '../users/users.service.ts';
import { createWeatherService } from '../weather/weather.service.ts';
import { seedDemoPanoramas } from './demo-panoramas.ts';
import { DEMO_ACCOUNTS, DEMO_CALENDAR_EVENTS, DEMO_CUSTOMERS } from './demo-plan.ts';
import { seedDemoRates } from './demo-rates.ts';
import { completedDays, uploadDemoSales } from './demo-sales.ts';
import { DEMO_SEED, loadSimShops, recordDemoWeather, writeHistory } from './demo-traffic.ts';
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
  /** POS orders uploaded for the history's completed days, and the uploads that carried them. */
  orders?: number;
  posUploads?: number;
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

  for (const account of DEMO_ACCOUNTS) {
    const userId = await users.createUser({
      loginName: account.loginName,
      password: account.password,
      surname: account.surname,
      givenName: account.givenName,
      mobile: account.mobile,
    });
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

  // Traffic history through the device API's service, exactly as boxes catching up would send it
  // (DESIGN U1). DEMO_HISTORY_DAYS=0 writes none at all: devices stay never reported.
  const historyUntil = now();
  if ((options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS) === 0) return { created: true, historyUntil, events: 0, panoramas };
  const deviceApi = createDeviceApiService({ db, calendar });
  const seed = options.seed ?? DEMO_SEED;
  const simulator = createSimulator(seed);
  const shops = await loadSimShops(db);
  const historyDays = options.historyDays ?? DEFAULT_DEMO_HISTORY_DAYS;
  const events = await writeHistory(deviceApi, simulator, shops, historyDays, historyUntil);
  // The weather that shaped those days, recorded as a weather source would report it.
  await recordDemoWeather(createWeatherService({ db }), seed, shops, historyDays, historyUntil);
  // The same days' POS files, through the POS upload path as a customer's upload would go.
  const sales = await uploadDemoSales({ db, dataDir, simulator, seed }, completedDays(shops, historyDays, historyUntil));
  return { created: true, historyUntil, events, panoramas, orders: sales.orders, posUploads: sales.uploads.length };
}
