import sharp from 'sharp';
import { resolveActor } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { asOf } from '../../platform/time/clock.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import { occurrenceScheduling } from '../inspection/inspection.jobs.ts';
import { createTodoService } from '../inspection/todo.service.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import { createRectificationService } from '../rectification/rectification.service.ts';
import { demoTenantRepo } from './demo.repo.ts';
import { hash, rng } from './simulator-random.ts';

/** Past days of done inspections: enough for the analysis's trends, few enough to seed in seconds. */
export const INSPECTION_HISTORY_MAX_DAYS = 60;
/** The plan whose past the history fills (demo-inspection.ts starts it this many days back). */
export const HISTORY_PLAN = 'Daily opening check';
/** Failures younger than this stay open: the store manager has fresh work, older ones were dealt with. */
const OPEN_DAYS = 3;
const HOUR = 3_600_000;

/** What people wrote when an item failed. */
const REMARKS: Record<string, string[]> = {
  'Entrance clean and unobstructed': ['Delivery cages left at the door', 'Litter by the entrance mat'],
  'Window display lit': ['One spotlight out in the left window', 'Window lights off after 18:00'],
  'Floor clean and dry': ['Wet floor by the fitting rooms without a sign', 'Footprints across the entrance tiles'],
  'Till drawer closed when idle': ['Drawer open at till 2 with nobody there'],
  'Price tags visible': ['Promotion shelf missing tags', 'Old prices on the drinks shelf'],
};

export interface DemoHistoryCustomer {
  customerId: string;
  adminUserId: string;
  userIds: ReadonlyMap<string, string>;
  /** Store ids by number. */
  shopIds: ReadonlyMap<string, string>;
}

/** A phone photo of a problem: a shelf-coloured card, different per failure. */
function problemPhoto(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="hsl(${hue},25%,80%)"/><rect x="40" y="60" width="400" height="24" fill="hsl(${hue},30%,40%)"/><rect x="40" y="180" width="400" height="24" fill="hsl(${hue},30%,40%)"/><circle cx="360" cy="270" r="40" fill="hsl(${(hue + 180) % 360},60%,50%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Months of done inspections of the demo's daily plan (issue 14 section 6), through the services as
 * people would have done them, at the times they would have: each past day's occurrence is made,
 * each store's checklist done on site within its window (the store manager for Shanghai Nanjing
 * Road, the administrator on her rounds elsewhere), failures with a photo and a remark. Each store
 * has its own failure rate, so rankings and trends mean something. Failures raise rectifications in
 * the same submission; those older than three days were answered the next day and approved (one in
 * eight rejected once first), and people read their notices then; the recent ones stay open.
 */
export async function seedDemoInspectionHistory(
  deps: { db: DB; storage: ObjectStorage },
  customer: DemoHistoryCustomer,
  options: { days: number; seed: number; until: Date; openDays?: number },
): Promise<{ inspections: number; failures: number }> {
  const openDays = options.openDays ?? OPEN_DAYS;
  const days = Math.min(options.days, INSPECTION_HISTORY_MAX_DAYS);
  const repo = demoTenantRepo(tenantScope(deps.db, customer.customerId));
  const plan = await repo.planNamed(HISTORY_PLAN);
  if (days <= 0 || !plan) return { inspections: 0, failures: 0 };
  const occurrences = occurrenceScheduling(deps.db);
  const rectification = createRectificationService(deps);
  const messages = createMessagesService({ db: deps.db });
  const todo = createTodoService({
    db: deps.db,
    storage: deps.storage,
    // The history is done on site: no recording is asked for a screenshot.
    frames: { screenshot: () => Promise.reject(new Error('the demo history takes no screenshots')) },
    rectification,
  });
  const actors = new Map<string, CustomerActor>();
  const actorOf = async (userId: string): Promise<CustomerActor> => {
    const known = actors.get(userId);
    if (known) return known;
    const actor = await resolveActor(deps.db, userId, customer.customerId);
    if (!actor) throw new Error(`demo inspection history: ${userId} is not a member`);
    actors.set(userId, actor);
    return actor;
  };
  const admin = await actorOf(customer.adminUserId);
  const storeManagerId = customer.userIds.get('store@storelens.demo');
  const numberOf = new Map([...customer.shopIds].map(([number, id]) => [id, number]));
  const zones = [...new Set((await repo.shopsWithBoxes()).map((shop) => shop.time_zone))].sort();
  const random = rng(options.seed * 7919 + 17);
  const photos = await Promise.all([20, 80, 140, 200, 260, 320].map(problemPhoto));

  let inspections = 0;
  let failures = 0;
  const raised: { rectificationId: string; failedAt: number }[] = [];
  for (let back = days; back >= 1; back -= 1) {
    for (const timeZone of zones) {
      const date = addDays(todayIn(timeZone, options.until), -back);
      await occurrences.generate({ customerId: customer.customerId, planId: plan.id, timeZone, date, version: plan.updated_at });
      for (const assignment of await repo.pendingAssignments(plan.id, timeZone, date)) {
        const number = numberOf.get(assignment.shop_id) ?? '';
        const inspector = await actorOf(number === 'SH-001' && storeManagerId ? storeManagerId : customer.adminUserId);
        // Each store its own care: between 2 % and 14 % of items fail.
        const failRate = 0.02 + (hash(number) % 13) / 100;
        const doneAt = Date.parse(assignment.window_start) + (1 + random() * 8) * HOUR;
        const result = await asOf(doneAt, async () => {
          const detail = await todo.detail(inspector, assignment.id);
          const results = [];
          for (const item of detail.items) {
            const failed = random() < failRate * (item.name === 'Price tags visible' ? 2 : 1);
            if (failed) {
              await todo.addImage(inspector, assignment.id, item.itemId, photos[Math.floor(random() * photos.length)] as Buffer);
              const remarks = REMARKS[item.name] ?? ['Not to standard'];
              results.push({ itemId: item.itemId, result: 'fail' as const, remark: remarks[Math.floor(random() * remarks.length)] ?? '' });
            } else {
              results.push({ itemId: item.itemId, result: 'pass' as const, remark: '' });
            }
          }
          return todo.submit(inspector, { assignmentId: assignment.id, method: 'onsite', results });
        });
        inspections += 1;
        failures += result.rectificationIds.length;
        if (back > openDays) for (const rectificationId of result.rectificationIds) raised.push({ rectificationId, failedAt: doneAt });
      }
    }
  }

  // Older failures: answered the next morning by their handler, then approved (some rejected once first).
  for (const { rectificationId, failedAt } of raised) {
    const detail = await rectification.detail(admin, rectificationId, 'en');
    const handler = await actorOf(detail.handler.userId);
    await asOf(failedAt + 18 * HOUR, () => rectification.submit(handler, { rectificationId, feedback: 'Fixed this morning', imageIds: [] }));
    if (random() < 0.125) {
      await asOf(failedAt + 22 * HOUR, () => rectification.review(admin, { rectificationId, decision: 'reject', reason: 'The photo does not show the fix' }));
      await asOf(failedAt + 26 * HOUR, () => rectification.submit(handler, { rectificationId, feedback: 'Done again, checked twice', imageIds: [] }));
    }
    await asOf(failedAt + 30 * HOUR, () => rectification.review(admin, { rectificationId, decision: 'approve', reason: '' }));
  }
  // People read their notices as they went: what was posted before the open days is read.
  const readBy = options.until.getTime() - openDays * 24 * HOUR;
  for (const actor of actors.values()) await asOf(readBy, () => messages.readAll(actor));
  return { inspections, failures };
}
