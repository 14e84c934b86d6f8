import { defaultPrivileges, type PlanAddRequest, RoleId } from '@storelens/contracts';
import sharp from 'sharp';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import { occurrenceScheduling } from '../inspection/inspection.jobs.ts';
import { createPlansService } from '../inspection/plans.service.ts';
import { createSopService } from '../inspection/sop.service.ts';
import { createShopGroupsService } from '../org/shop-groups.service.ts';
import { HISTORY_PLAN, INSPECTION_HISTORY_MAX_DAYS } from './demo-inspection-history.ts';
import { DEMO_RETAIL, NORTHWIND } from './demo-plan.ts';

/** The SOP of a demo customer: categories and their items (name, description). */
const DEMO_SOP: Record<string, Record<string, [string, string][]>> = {
  [DEMO_RETAIL]: {
    'Store front': [
      ['Entrance clean and unobstructed', 'No boxes, trolleys or litter within two metres of the door'],
      ['Window display lit', 'Every window light works during business hours'],
      ['Opening hours posted', 'The hours on the door match the store’s business hours'],
    ],
    Hygiene: [
      ['Floor clean and dry', 'No spills; wet floors carry a warning sign'],
      ['Fitting rooms tidy', 'No clothes left behind; mirrors clean'],
      ['Hand sanitiser at the counter', 'The dispenser is filled'],
    ],
    Cashier: [
      ['Till drawer closed when idle', 'The drawer is never left open unattended'],
      ['Receipt paper stocked', 'At least two spare rolls at each till'],
    ],
    Display: [
      ['Price tags visible', 'Every product on the shelf has a readable price tag'],
      ['Promotion materials current', 'No expired promotion posters'],
      ['Seasonal banner', 'Last season’s banner, kept for the record'],
    ],
  },
  [NORTHWIND]: {
    Safety: [
      ['Fire exit clear', 'Nothing stored in front of a fire exit'],
      ['First-aid kit complete', 'Checked against the kit’s list'],
    ],
  },
};
/** Filed in the demo: it shows as filed in the SOP and is not offered for new plans. */
const FILED_ITEM = 'Seasonal banner';

function seedActor(customerId: string, userId: string): CustomerActor {
  return { userId, customerId, roleId: RoleId.superManager, roleName: 'demo seed', permissions: defaultPrivileges(RoleId.superManager), orgScopeId: null };
}

/** A plain reference picture (a coloured card with a stripe), made with sharp like any upload would be checked. */
function referencePicture(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><rect width="640" height="420" fill="hsl(${hue},45%,85%)"/><rect y="300" width="640" height="60" fill="hsl(${hue},45%,45%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoInspectionCustomer {
  name: string;
  customerId: string;
  /** The administrator who founds the plans. */
  adminUserId: string;
  /** People by login name, for handlers. */
  userIds: ReadonlyMap<string, string>;
  /** Store ids by number. */
  shopIds: ReadonlyMap<string, string>;
}

/**
 * The demo's SOP and plans (issue 14 section 4), through the services: categories and items (one
 * filed), and single and cyclic plans, a draft and a paused one. The daily plan covers every store
 * with the store manager among its handlers, so they have an inspection waiting today once the
 * worker has made the day's occurrences (the plans service enqueues them as each plan is saved).
 */
export async function seedDemoInspection(
  deps: { db: DB; storage: ObjectStorage },
  customers: readonly DemoInspectionCustomer[],
  at: Date,
  historyDays = 0,
): Promise<{ items: number; plans: number }> {
  const sop = createSopService(deps);
  const plans = createPlansService({ db: deps.db, shopGroups: createShopGroupsService({ db: deps.db }), occurrences: occurrenceScheduling(deps.db) });
  let itemCount = 0;
  let planCount = 0;
  for (const customer of customers) {
    const actor = seedActor(customer.customerId, customer.adminUserId);
    const itemIds = new Map<string, string>();
    let hue = 20;
    for (const [category, items] of Object.entries(DEMO_SOP[customer.name] ?? {})) {
      const { categoryId } = await sop.addClass(actor, { name: category });
      for (const [name, description] of items) {
        const { itemId } = await sop.addItem(actor, { categoryId, name, description });
        itemIds.set(name, itemId);
        itemCount += 1;
        hue = (hue + 37) % 360;
        if (itemCount % 3 === 1) await sop.setImage(actor, itemId, await referencePicture(hue));
      }
    }
    if (itemIds.has(FILED_ITEM)) await sop.updateItemStatus(actor, { itemId: itemIds.get(FILED_ITEM) as string, status: 'filed' });

    const today = todayIn('Asia/Shanghai', at);
    const allShops = [...customer.shopIds.values()];
    const items = (names: string[]) => names.flatMap((name) => (itemIds.has(name) ? [itemIds.get(name) as string] : []));
    const people = (logins: string[]) => [
      customer.adminUserId,
      ...logins.flatMap((login) => (customer.userIds.has(login) ? [customer.userIds.get(login) as string] : [])),
    ];
    const shops = (numbers: string[]) => numbers.flatMap((number) => (customer.shopIds.has(number) ? [customer.shopIds.get(number) as string] : []));
    const base = { description: '', shopGroupIds: [] as string[], periodStart: '09:00', periodEnd: '21:00', asDraft: false };
    const planInputs: (PlanAddRequest & { pause?: boolean })[] =
      customer.name === DEMO_RETAIL
        ? [
            {
              ...base,
              name: HISTORY_PLAN,
              kind: 'cyclic',
              shopIds: allShops,
              itemIds: items([
                'Entrance clean and unobstructed',
                'Window display lit',
                'Floor clean and dry',
                'Till drawer closed when idle',
                'Price tags visible',
              ]),
              // Its past is the inspection history (demo-inspection-history.ts): it began that long ago.
              validFrom: addDays(today, -Math.max(1, Math.min(historyDays, INSPECTION_HISTORY_MAX_DAYS))),
              validTo: addDays(today, 89),
              cycle: { frequency: 'daily' },
              periodStart: '00:00',
              periodEnd: '23:55',
              handlerIds: people(['store@storelens.demo', 'branch@storelens.demo', 'manager@storelens.demo']),
            },
            {
              ...base,
              name: 'Weekly hygiene audit',
              kind: 'cyclic',
              shopIds: shops(['SH-001', 'SH-002', 'SH-003', 'HZ-001', 'HZ-002']),
              itemIds: items(['Floor clean and dry', 'Fitting rooms tidy', 'Hand sanitiser at the counter']),
              validFrom: today,
              validTo: addDays(today, 120),
              cycle: { frequency: 'weekly', weekdays: [1, 4] },
              handlerIds: people(['store@storelens.demo']),
            },
            {
              ...base,
              name: 'Monthly display review',
              kind: 'cyclic',
              shopIds: allShops,
              itemIds: items(['Price tags visible', 'Promotion materials current', 'Window display lit']),
              validFrom: today,
              validTo: addDays(today, 180),
              cycle: { frequency: 'monthly', monthDays: [1, 15] },
              handlerIds: people(['manager@storelens.demo']),
            },
            {
              ...base,
              name: 'Xujiahui reopening audit',
              kind: 'single',
              shopIds: shops(['SH-003']),
              itemIds: items(['Entrance clean and unobstructed', 'Opening hours posted', 'Receipt paper stocked']),
              validFrom: today,
              validTo: addDays(today, 6),
              handlerIds: people([]),
            },
            {
              ...base,
              name: 'Korea cashier spot check',
              kind: 'cyclic',
              shopIds: shops(['SE-001', 'SE-002', 'BS-001']),
              itemIds: items(['Till drawer closed when idle', 'Receipt paper stocked']),
              validFrom: today,
              validTo: addDays(today, 30),
              cycle: { frequency: 'weekly', weekdays: [2, 5] },
              handlerIds: people(['branch@storelens.demo']),
              pause: true,
            },
            {
              ...base,
              name: 'Summer season preparation',
              kind: 'single',
              shopIds: allShops,
              itemIds: items(['Promotion materials current', 'Window display lit']),
              validFrom: addDays(today, 30),
              validTo: addDays(today, 44),
              handlerIds: people([]),
              asDraft: true,
            },
          ]
        : [
            {
              ...base,
              name: 'Daily safety walk',
              kind: 'cyclic',
              shopIds: allShops,
              itemIds: items(['Fire exit clear', 'First-aid kit complete']),
              validFrom: today,
              validTo: addDays(today, 60),
              cycle: { frequency: 'daily' },
              handlerIds: people([]),
            },
          ];
    for (const { pause, ...input } of planInputs) {
      const { planId } = await plans.add(actor, input);
      if (pause) await plans.act(actor, planId, 'pause');
      planCount += 1;
    }
  }
  return { items: itemCount, plans: planCount };
}
