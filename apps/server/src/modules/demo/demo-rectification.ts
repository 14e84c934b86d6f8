import sharp from 'sharp';
import { resolveActor } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { advanceClock, now } from '../../platform/time/clock.ts';
import { createRectificationService } from '../rectification/rectification.service.ts';
import { DEMO_RETAIL, NORTHWIND } from './demo-plan.ts';

const HOUR = 3_600_000;

export interface DemoRectificationCustomer {
  name: string;
  customerId: string;
  adminUserId: string;
  /** People by login name. */
  userIds: ReadonlyMap<string, string>;
  /** Store ids by number. */
  shopIds: ReadonlyMap<string, string>;
  /** Camera ids of each store (by number), in the store's camera order. */
  cameraIds: ReadonlyMap<string, readonly string[]>;
}

/**
 * A photo as a phone would send it: a shelf, cluttered (the problem) or tidy (the fix). Drawn, not
 * downloaded: the demo needs no network. It goes through the upload's checks like any picture.
 */
function demoPhoto(kind: 'problem' | 'fixed', hue: number): Promise<Buffer> {
  const boxes =
    kind === 'problem'
      ? '<rect x="90" y="330" width="140" height="90" fill="#8d6e63" transform="rotate(-8 160 375)"/><rect x="260" y="360" width="120" height="70" fill="#a1887f" transform="rotate(11 320 395)"/><rect x="420" y="340" width="160" height="80" fill="#6d4c41"/>'
      : '<rect x="80" y="370" width="480" height="16" fill="#9e9e9e"/>';
  const shelves = [120, 200, 280]
    .map((y, row) => {
      const items = Array.from(
        { length: 8 },
        (_, n) => `<rect x="${70 + n * 64}" y="${y - 52}" width="48" height="50" fill="hsl(${(hue + n * 25 + row * 40) % 360},55%,55%)"/>`,
      );
      return `<rect x="60" y="${y}" width="520" height="10" fill="#5d4037"/>${kind === 'problem' ? items.filter((_, n) => n % 3 !== 1).join('') : items.join('')}`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="hsl(${hue},20%,92%)"/><rect y="420" width="640" height="60" fill="hsl(${hue},10%,70%)"/>${shelves}${boxes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Runs a step as if it happened `hoursAgo` hours ago (the services read the one clock), then puts the clock back. */
async function hoursAgo<T>(hours: number, step: () => Promise<T>): Promise<T> {
  advanceClock(-hours * HOUR);
  try {
    return await step();
  } finally {
    advanceClock(hours * HOUR);
  }
}

/**
 * The demo's rectifications (issue 14 section 6), through the rectification service as people
 * would make them, at the times they would have: in every state (to do, answered and waiting for
 * review, rejected with a reason, approved), overdue and escalated ones, a hand-over, evidence
 * photos and camera frames of the demo's recordings. The store manager of Shanghai Nanjing Road
 * (store@storelens.demo) finds work waiting today. Until inspections raise them, they are manual
 * items about real demo stores and cameras. The deadline scan and frame jobs (the worker) send the
 * overdue notices and take the frames once the demo runs.
 */
export async function seedDemoRectification(
  deps: { db: DB; storage: ObjectStorage },
  customers: readonly DemoRectificationCustomer[],
): Promise<{ items: number }> {
  const service = createRectificationService(deps);
  let items = 0;
  for (const customer of customers) {
    const actorOf = async (login: string | null): Promise<CustomerActor> => {
      const userId = login ? customer.userIds.get(login) : customer.adminUserId;
      const actor = userId ? await resolveActor(deps.db, userId, customer.customerId) : null;
      if (!actor) throw new Error(`demo rectification: ${login ?? 'admin'} is not a member of ${customer.name}`);
      return actor;
    };
    const shop = (number: string) => customer.shopIds.get(number) ?? '';
    const camera = (number: string, index: number) => customer.cameraIds.get(number)?.[index];
    const photos = async (actor: CustomerActor, kind: 'problem' | 'fixed', hues: number[]) =>
      Promise.all(hues.map(async (hue) => (await service.storeImage(actor, await demoPhoto(kind, hue))).mediaId));
    const at = (hoursFromNow: number) => new Date(now().getTime() + hoursFromNow * HOUR).toISOString();

    if (customer.name === DEMO_RETAIL) {
      const admin = await actorOf(null);
      const store = await actorOf('store@storelens.demo');
      const manager = await actorOf('manager@storelens.demo');
      const assistant = await actorOf('assistant@storelens.demo');

      // To do today: seen on the entrance camera two hours ago, due in three days.
      await service.create(admin, {
        shopId: shop('SH-001'),
        itemName: 'Entrance clean and unobstructed',
        categoryName: 'Store front',
        problem: 'Delivery boxes stacked beside the entrance since the morning delivery',
        cameraId: camera('SH-001', 0),
        capturedAt: at(-2),
        imageIds: await photos(admin, 'problem', [30]),
      });

      // Rejected yesterday: back in the store manager's to-do, due tomorrow.
      const tags = await hoursAgo(30, async () =>
        service.create(admin, {
          shopId: shop('SH-001'),
          itemName: 'Price tags visible',
          categoryName: 'Display',
          problem: 'Several products on the promotion shelf have no price tag',
          cameraId: camera('SH-001', 2),
          capturedAt: at(-1),
          deadline: at(54),
          imageIds: await photos(admin, 'problem', [200]),
        }),
      );
      await hoursAgo(26, async () =>
        service.submit(store, { rectificationId: tags.rectificationId, feedback: 'Printed the missing tags', imageIds: await photos(store, 'fixed', [200]) }),
      );
      await hoursAgo(20, () =>
        service.review(admin, { rectificationId: tags.rectificationId, decision: 'reject', reason: 'The lower shelf still has no tags in the photo' }),
      );

      // Answered this morning, waiting for the administrator's or the manager's review.
      const floor = await hoursAgo(10, async () =>
        service.create(admin, {
          shopId: shop('SH-001'),
          itemName: 'Floor clean and dry',
          categoryName: 'Hygiene',
          problem: 'A spill near the fitting rooms without a warning sign',
          reviewerId: manager.userId,
          cameraId: camera('SH-001', 3),
          capturedAt: at(-1),
          imageIds: await photos(admin, 'problem', [120]),
        }),
      );
      await hoursAgo(2, async () =>
        service.submit(store, {
          rectificationId: floor.rectificationId,
          feedback: 'Mopped and dried; the warning sign stays out until closing',
          imageIds: await photos(store, 'fixed', [120, 140]),
        }),
      );

      // Approved yesterday, with the checkout camera's frame at the evidence and at the deadline for comparison.
      const display = await hoursAgo(40, async () =>
        service.create(admin, {
          shopId: shop('SH-001'),
          itemName: 'Window display lit',
          categoryName: 'Store front',
          problem: 'Two spotlights of the left window are out',
          cameraId: camera('SH-001', 1),
          // 100 s off the hour: the demo's clips loop every 3 minutes, and a whole number of loops
          // between the two frames would show the same picture twice.
          capturedAt: at(-1 - 100 / 3600),
          deadline: at(20),
          imageIds: [],
        }),
      );
      await hoursAgo(30, async () =>
        service.submit(store, { rectificationId: display.rectificationId, feedback: 'Both bulbs replaced', imageIds: await photos(store, 'fixed', [50]) }),
      );
      await hoursAgo(24, () => service.review(admin, { rectificationId: display.rectificationId, decision: 'approve', reason: '' }));

      // Overdue for three days, never answered: overdue and escalated to head office once the demo runs.
      await hoursAgo(5 * 24, () =>
        service.create(admin, {
          shopId: shop('SH-001'),
          itemName: 'Till drawer closed when idle',
          categoryName: 'Cashier',
          problem: 'The second till was left open during the lunch break',
          deadline: at(48),
          imageIds: [],
        }),
      );

      // Seoul: the region's branch manager handles it; overdue since last night, escalated if still open by tonight.
      await hoursAgo(3 * 24, () =>
        service.create(manager, {
          shopId: shop('SE-001'),
          itemName: 'Receipt paper stocked',
          categoryName: 'Cashier',
          problem: 'Only one spare roll at till 2',
          deadline: at(56),
          imageIds: [],
        }),
      );

      // Saigon: the assistant handed it to the administrator, it needs a contractor.
      const fire = await hoursAgo(6, () =>
        service.create(manager, {
          shopId: shop('HC-001'),
          itemName: 'Fire exit clear',
          categoryName: 'Safety',
          problem: 'The emergency light above the fire exit flickers',
          imageIds: [],
        }),
      );
      await hoursAgo(4, () =>
        service.refer(assistant, { rectificationId: fire.rectificationId, handlerId: admin.userId, reason: 'Needs an electrician; the store cannot book one' }),
      );
      items += 7;
    }

    if (customer.name === NORTHWIND) {
      const admin = await actorOf(null);
      await service.create(admin, {
        shopId: shop('NW-SE-01'),
        itemName: 'First-aid kit complete',
        categoryName: 'Safety',
        problem: 'Bandages missing from the kit at the counter',
        imageIds: [],
      });
      items += 1;
    }
  }
  return { items };
}
