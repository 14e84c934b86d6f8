import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currencyOfCountry, type PosUploadRow } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays, datesOf, monthOf, todayIn, utcOfLocal, zoneOffsetMs } from '../../platform/time/local-time.ts';
import { type PosFileRow, writePosWorkbook } from '../sales/pos-workbook.ts';
import { createPosImporter } from '../sales/sales.module.ts';
import { demoTenantRepo } from './demo.repo.ts';
import { openingMinutes, type PlannedVisit, type SimShop, type Simulator } from './simulator.ts';
import { hash, normal, pick, rng } from './simulator-random.ts';

/**
 * The demo shops' POS data, consistent with their simulated traffic: a share of each shop-day's
 * customer visits buys something (the conversion rate of the day, drawn within the shop type's
 * range), at the end of the visit, so sales follow the traffic curve and stay within business
 * hours. Like the traffic, a pure function of (seed, shop number, local date).
 */

/** Daily conversion (transactions / entries) is drawn within these bounds: malls' direct stores convert best. */
export const DEMO_CONVERSION: Record<SimShop['shopType'], [number, number]> = {
  direct: [0.2, 0.32],
  franchise: [0.15, 0.26],
  other: [0.17, 0.28],
};
/** Typical price of one item, in yuan; other countries' shops price at their level (PRICE_LEVELS). */
const ITEM_PRICE: Record<SimShop['shopType'], number> = { direct: 129, franchise: 89, other: 105 };
/**
 * Shelf prices in the shop's own currency (issue 11 section 2): the yuan price times a rough price
 * level, rounded to the local step and ending as local prices do (129.90 yuan, 27.95 dollars,
 * 24,900 won, 449,000 dong). Currencies without minor units get whole amounts.
 */
const PRICE_LEVELS: Record<string, { factor: number; step: number; ending: number }> = {
  CNY: { factor: 1, step: 10, ending: 0.1 },
  AUD: { factor: 0.21, step: 1, ending: 0.05 },
  MYR: { factor: 0.65, step: 1, ending: 0.1 },
  KRW: { factor: 190, step: 1000, ending: 100 },
  VND: { factor: 3500, step: 10000, ending: 1000 },
  JPY: { factor: 21, step: 100, ending: 10 },
};
/** Items per basket: mostly one to three, a few large baskets. */
const BASKET_ITEMS: [number, number][] = [
  [1, 0.36],
  [2, 0.26],
  [3, 0.16],
  [4, 0.09],
  [5, 0.06],
  [6, 0.03],
  [8, 0.02],
  [11, 0.02],
];
const PAYMENT_TYPES: [string, number][] = [
  ['card', 0.46],
  ['mobile', 0.41],
  ['cash', 0.13],
];
/** Share of a day's buyers who bring something back instead (a return: negative quantity and amount). */
const RETURN_SHARE = 0.015;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A shelf price in the shop's currency: around the shop type's typical price, ending as local prices end. */
function itemPrice(random: () => number, shop: Pick<SimShop, 'shopType' | 'country'>): number {
  const level = PRICE_LEVELS[currencyOfCountry(shop.country) ?? 'CNY'] ?? (PRICE_LEVELS.CNY as { factor: number; step: number; ending: number });
  const raw = ITEM_PRICE[shop.shopType] * level.factor * Math.exp(0.45 * normal(random));
  return Math.max(1, Math.round(raw / level.step)) * level.step - level.ending;
}

/** The POS orders of one shop-day, in time order, as rows of the default template. */
export function demoOrders(simulator: Simulator, seed: number, shop: SimShop, date: string): PosFileRow[] {
  const random = rng(hash(`${seed}|${shop.number}|${date}|pos`));
  const [low, high] = DEMO_CONVERSION[shop.shopType];
  const conversion = low + (high - low) * random();
  const [, close] = openingMinutes(shop.businessHours);
  // The till closes with the shop: a visit that ends after closing paid just before.
  const lastSaleMs = close < 24 * 60 ? utcOfLocal(shop.timeZone, date, Math.floor(close / 60), close % 60) - 60_000 : Number.POSITIVE_INFINITY;
  const sales: { ms: number; quantity: number; amount: number; items: number; payment: string }[] = [];
  const customers = simulator.planVisits(shop, date).filter((visit) => !visit.isStaff);
  // Exactly the day's share of customers buys (chosen by a seeded partial shuffle): a coin per visit
  // let a small shop-day fall far below its range by chance (6 of 93 on one demo day).
  const buyers = Math.round(conversion * customers.length);
  for (let index = 0; index < buyers; index += 1) {
    const swap = index + Math.floor(random() * (customers.length - index));
    [customers[index], customers[swap]] = [customers[swap] as PlannedVisit, customers[index] as PlannedVisit];
  }
  for (const visit of customers.slice(0, buyers)) {
    // Paying happens near the end of the visit.
    const ms = Math.min(lastSaleMs, visit.enteredMs + Math.round((visit.exitedMs - visit.enteredMs) * (0.75 + 0.2 * random())));
    const payment = pick(random, PAYMENT_TYPES);
    if (random() < RETURN_SHARE) {
      sales.push({ ms, quantity: -1, amount: -itemPrice(random, shop), items: 1, payment });
      continue;
    }
    const items = pick(random, BASKET_ITEMS);
    let cents = 0;
    for (let item = 0; item < items; item += 1) cents += Math.round(itemPrice(random, shop) * 100);
    // Some baskets hold two of an item: more units than lines.
    const quantity = items + (random() < 0.12 ? 1 : 0);
    sales.push({ ms, quantity, amount: cents / 100, items, payment });
  }
  sales.sort((a, b) => a.ms - b.ms);
  return sales.map((sale, index) => {
    const local = new Date(sale.ms + zoneOffsetMs(shop.timeZone, sale.ms));
    return {
      shopNumber: shop.number,
      orderNumber: `${sale.amount < 0 ? 'R' : 'S'}${shop.number}-${date.replaceAll('-', '')}-${pad(index + 1, 4)}`,
      date: date.replaceAll('-', '/'),
      time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
      quantity: sale.quantity,
      amount: sale.amount,
      paymentType: sale.payment,
      itemCount: sale.items,
    };
  });
}

export interface DemoSalesResult {
  uploads: PosUploadRow[];
  orders: number;
}

/** The shop-days of a POS file: some dates of some shops. */
export interface DemoShopDays {
  shop: SimShop;
  dates: string[];
}

/** The `days` completed local days before `until` of each shop (the day `until` falls in is still open). */
export function completedDays(shops: readonly SimShop[], days: number, until: Date): DemoShopDays[] {
  return shops.map((shop) => {
    const today = todayIn(shop.timeZone, until);
    return { shop, dates: Array.from({ length: days }, (_, index) => addDays(today, index - days)) };
  });
}

/**
 * Uploads the shop-days' POS data through the POS upload path (stored file, job row, the worker's
 * import), one file per customer and month so there are few jobs (named after the month, or after
 * the date when it holds one day). Resolves when every import has finished; an import that fails
 * is a bug of the demo.
 */
export async function uploadDemoSales(
  deps: { db: DB; dataDir: string; simulator: Simulator; seed: number },
  shopDays: readonly DemoShopDays[],
): Promise<DemoSalesResult> {
  const files = new Map<string, { customerId: string; month: string; dates: Set<string>; shops: DemoShopDays[] }>();
  for (const { shop, dates } of shopDays) {
    for (const date of dates) {
      const key = `${shop.device.customerId}|${monthOf(date)}`;
      const file = files.get(key) ?? { customerId: shop.device.customerId, month: monthOf(date), dates: new Set(), shops: [] };
      files.set(key, file);
      file.dates.add(date);
      const entry = file.shops.find((candidate) => candidate.shop === shop) ?? { shop, dates: [] };
      if (entry.dates.length === 0) file.shops.push(entry);
      entry.dates.push(date);
    }
  }
  const importer = createPosImporter({ db: deps.db, dataDir: deps.dataDir });
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'storelens-demo-pos-'));
  const result: DemoSalesResult = { uploads: [], orders: 0 };
  try {
    for (const file of [...files.values()].sort((a, b) => a.month.localeCompare(b.month))) {
      const fileName = `demo-pos-${file.dates.size === 1 ? [...file.dates][0] : file.month}.xlsx`;
      const filePath = path.join(directory, `${file.customerId}-${fileName}`);
      let orders = 0;
      function* rows(): Generator<PosFileRow> {
        for (const { shop, dates } of file.shops) {
          for (const date of dates) {
            const day = demoOrders(deps.simulator, deps.seed, shop, date);
            orders += day.length;
            yield* day;
          }
        }
      }
      await writePosWorkbook(filePath, rows());
      const upload = await importer.uploads.importPosWorkbook({
        customerId: file.customerId,
        userId: null,
        fileName,
        content: await fs.promises.readFile(filePath),
      });
      await fs.promises.rm(filePath, { force: true });
      if (upload.status !== 'completed') throw new Error(`demo POS file ${fileName} did not import: ${upload.failure ?? upload.status}`);
      result.uploads.push(upload);
      result.orders += orders;
    }
  } finally {
    await fs.promises.rm(directory, { recursive: true, force: true });
  }
  return result;
}

/** How far back the live feed catches up missing POS days (a server that was off for a while). */
const CATCH_UP_DAYS = 7;

/**
 * The demo's POS feed while the server runs: once a shop's day is over, that day's POS file is
 * uploaded through the same path, as a store sends yesterday's file in the morning. It continues
 * from the last day each shop has POS data (a shop with none, e.g. a seed without history, gets
 * none) and catches up at most a week.
 */
export function createDemoPosFeed(deps: { db: DB; dataDir: string; simulator: Simulator; seed: number }) {
  let lastDates: Map<string, string> | null = null;
  return {
    /** Uploads the shops' completed days that have no POS data yet; resolves with the orders uploaded. */
    async tick(shops: readonly SimShop[], at: Date): Promise<number> {
      if (!lastDates) {
        const known = new Map<string, string>();
        for (const customerId of new Set(shops.map((shop) => shop.device.customerId))) {
          for (const row of await demoTenantRepo(tenantScope(deps.db, customerId)).lastSalesDates()) {
            if (row.last_date) known.set(row.shop_id, String(row.last_date));
          }
        }
        lastDates = known;
      }
      const due: DemoShopDays[] = [];
      for (const shop of shops) {
        const last = lastDates.get(shop.device.shopId);
        if (!last) continue;
        const yesterday = addDays(todayIn(shop.timeZone, at), -1);
        const first = [addDays(last, 1), addDays(yesterday, 1 - CATCH_UP_DAYS)].sort().at(-1) ?? yesterday;
        if (first <= yesterday) due.push({ shop, dates: datesOf(first, yesterday) });
      }
      if (due.length === 0) return 0;
      const { orders } = await uploadDemoSales(deps, due);
      for (const { shop, dates } of due) lastDates.set(shop.device.shopId, dates.at(-1) ?? '');
      return orders;
    },
  };
}
