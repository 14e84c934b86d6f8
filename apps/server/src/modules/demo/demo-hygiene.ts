import sharp from 'sharp';
import { resolveActor } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, todayIn, utcOfLocal } from '../../platform/time/local-time.ts';
import { createHygieneService } from '../hygiene/hygiene.service.ts';
import { DEMO_TEMPERATURE_SHOPS } from './demo-temperature.ts';

/** How many days back the demo's disinfection records go. */
export const DEMO_HYGIENE_DAYS = 21;

const STAFF = [
  { name: 'Wang Fang', position: 'Cook' },
  { name: 'Zhao Lei', position: 'Butcher' },
  { name: 'Chen Jing', position: 'Deli counter' },
  { name: 'Liu Yang', position: 'Stock room' },
] as const;

/** A certificate-like card, drawn (the demo needs no network); it passes the upload's checks like any picture. */
function demoPicture(hue: number, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="hsl(${hue},35%,92%)"/><rect x="20" y="20" width="440" height="280" fill="none" stroke="hsl(${hue},45%,40%)" stroke-width="6"/><rect x="40" y="60" width="110" height="140" fill="hsl(${hue},20%,75%)"/><text x="180" y="110" font-size="28" font-family="sans-serif" fill="#333">${label}</text><rect x="180" y="140" width="240" height="14" fill="#bbb"/><rect x="180" y="170" width="200" height="14" fill="#ccc"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * The demo's hygiene logs (issue 16 section 3) in the retail customer's food stores, through the
 * hygiene service as a store manager would enter them: four staff per store with health
 * certificates (in the first store one expires within 30 days and one has expired; in the second one
 * expires within a week), a training, a disinfection every day of the last three weeks (the third
 * store stopped three days ago, so its logs are overdue) and a weekly waste collection.
 */
export async function seedDemoHygiene(
  deps: { db: DB; storage: ObjectStorage },
  input: { customerId: string; adminUserId: string; shops: readonly { id: string; number: string; time_zone: string }[] },
): Promise<{ employees: number; records: number }> {
  const actor = await resolveActor(deps.db, input.adminUserId, input.customerId);
  if (!actor) throw new Error('demo hygiene: the retail administrator is not a member');
  const hygiene = createHygieneService(deps);
  const [card, cleaning, receipt] = await Promise.all([demoPicture(200, 'Health certificate'), demoPicture(140, 'Disinfection'), demoPicture(30, 'Receipt')]);
  const image = async (content: Buffer) => (await hygiene.storeImage(actor, content)).mediaId;
  const foodShops = [...new Map([...input.shops].sort((a, b) => a.number.localeCompare(b.number)).map((shop) => [shop.id, shop])).values()].slice(
    0,
    DEMO_TEMPERATURE_SHOPS,
  );
  let employees = 0;
  let records = 0;
  for (const [index, shop] of foodShops.entries()) {
    const today = todayIn(shop.time_zone, now());
    // Days left on each person's certificate: the store's story for the reminders and the statistics.
    const daysLeft = index === 0 ? [200, 21, -5, 330] : index === 1 ? [6, 150, 260, 90] : [120, 180, 240, 300];
    const staffIds: string[] = [];
    for (const [n, person] of STAFF.entries()) {
      const { employeeId } = await hygiene.employeeCreate(actor, { shopId: shop.id, name: person.name, position: person.position });
      staffIds.push(employeeId);
      employees += 1;
      const expiresOn = addDays(today, daysLeft[n] ?? 365);
      await hygiene.certificateCreate(actor, {
        employeeId,
        number: `HC-${shop.number}-${n + 1}`,
        issuer: 'Municipal CDC',
        issuedOn: addDays(expiresOn, -365),
        expiresOn,
        imageId: await image(card),
      });
    }
    await hygiene.trainingCreate(actor, {
      shopId: shop.id,
      topic: 'Cold chain and hand hygiene',
      date: addDays(today, -10 - index),
      trainer: 'Food safety officer',
      attendeeIds: staffIds,
    });
    records += 1;
    const lastDay = index === 2 ? 3 : 0;
    for (let back = DEMO_HYGIENE_DAYS; back >= lastDay; back -= 1) {
      const day = addDays(today, -back);
      // 08:30 in the store, before opening; today's only once that time has passed.
      const at = utcOfLocal(shop.time_zone, day, 8, 30);
      if (at > now().getTime()) continue;
      await hygiene.disinfectionCreate(actor, {
        shopId: shop.id,
        area: back % 2 === 0 ? 'Kitchen and deli counter' : 'Stock room and fridges',
        method: back % 2 === 0 ? 'Wipe' : 'Spray',
        agent: 'Chlorine 500 mg/L',
        occurredAt: new Date(at).toISOString(),
        person: STAFF[back % STAFF.length]?.name ?? 'Wang Fang',
        imageId: await image(cleaning),
      });
      records += 1;
    }
    for (let week = 0; week < 3; week += 1) {
      const at = utcOfLocal(shop.time_zone, addDays(today, -2 - week * 7), 21, 0);
      await hygiene.wasteCreate(actor, {
        shopId: shop.id,
        wasteType: week % 2 === 0 ? 'Kitchen waste' : 'Expired goods',
        weightKg: 18.5 + index * 4 + week * 2.5,
        collector: 'City Green Recycling',
        occurredAt: new Date(at).toISOString(),
        imageId: await image(receipt),
      });
      records += 1;
    }
  }
  return { employees, records };
}
