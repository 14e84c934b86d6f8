import { type CameraPoint, type FloorPlan, floorplanOperations as ops, type PlanElement } from '@storelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, type Session } from '../../../test/factories.ts';
import { invoke, type TestApp } from '../../../test/harness.ts';
import { seededDemoApp } from '../../../test/support/demo.ts';
import { containsPoint } from '../floorplan/geometry/polygon.ts';
import { DEMO_FLOOR_PLAN } from './demo-floorplans.ts';
import type { seedDemo } from './seed-demo.ts';

/**
 * The demo's floor plans: every store gets the drawn plan through the floor-plan service, its
 * cameras calibrated so that together they see most of the floor, and its areas drawn.
 */
let t: TestApp;
let admin: Session;
let seeded: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  ({ t, admin, seeded } = await seededDemoApp());
}, 120_000);

afterAll(async () => {
  await t.close();
});

async function data<T>(response: Promise<{ body: { status: number; msg: string; data: unknown } }>): Promise<T> {
  const { body } = await response;
  expect(body.status, body.msg).toBe(200);
  return body.data as T;
}

describe('demo floor plans', () => {
  it('every store has its plan, a real PNG of 960 × 640 px for 24 m × 16 m', async () => {
    const shops = await t.db.selectFrom('shops').select('id').execute();
    expect(seeded.floorPlans).toBe(shops.length);
    const plans = await data<FloorPlan[]>(invoke(t.app, ops.planList, {}, admin));
    const ours = await t.db.selectFrom('shops').select('id').where('customer_id', '=', admin.cid).execute();
    expect(plans).toHaveLength(ours.length);
    expect(plans[0]).toMatchObject({ name: 'Ground floor', widthM: 24, heightM: 16, active: true, image: { type: 'png', width: 960, height: 640 } });
    const image = await download(t.app, 'GET', `${ops.planImage.path}?planId=${plans[0]?.id}`, undefined, admin);
    const stats = await sharp(image.content).stats();
    // A drawn layout, not one colour: walls and shelves differ from the floor.
    expect(stats.channels[0]?.stdev ?? 0).toBeGreaterThan(10);
  });

  it("places every store's cameras so that together they see most of the floor", async () => {
    const plans = await data<FloorPlan[]>(invoke(t.app, ops.planList, {}, admin));
    for (const plan of plans) {
      const cameras = await t.db.selectFrom('cameras').select('id').where('shop_id', '=', plan.shopId).execute();
      const points = await data<CameraPoint[]>(invoke(t.app, ops.cameraPointList, { planId: plan.id }, admin));
      expect(points).toHaveLength(Math.min(cameras.length, DEMO_FLOOR_PLAN.cameras.length));
      // A 1 m grid of the floor: the share of cell centres some camera sees.
      let seen = 0;
      let cells = 0;
      for (let x = 0.5; x < plan.widthM; x += 1)
        for (let y = 0.5; y < plan.heightM; y += 1) {
          cells += 1;
          if (points.some((point) => containsPoint(point.footprint, { x, y }))) seen += 1;
        }
      expect(seen / cells, `${plan.shopId}: ${points.length} cameras`).toBeGreaterThan(0.5);
    }
  });

  it('draws regions, entrances (the side one only with a side-entrance camera), flow lines, dwell zones, a mask and the display area', async () => {
    const plans = await data<FloorPlan[]>(invoke(t.app, ops.planList, {}, admin));
    for (const plan of plans) {
      const elements = await data<PlanElement[]>(invoke(t.app, ops.elementList, { planId: plan.id }, admin));
      const names = (kind: PlanElement['kind']) => elements.filter((element) => element.kind === kind).map((element) => element.name);
      expect(names('region')).toEqual(['Cashier', 'Fitting room', 'Shelf A', 'Shelf B', 'Shelf C']);
      expect(names('halt')).toEqual(['Promotion table', 'Window display']);
      expect(names('flow')).toEqual(['Cross aisle', 'Main aisle']);
      expect(names('mask')).toEqual(['Pillar']);
      expect(names('display')).toEqual(['Sales floor']);
      const cameras = await t.db.selectFrom('cameras').select('id').where('shop_id', '=', plan.shopId).execute();
      expect(names('enter')).toEqual(cameras.length >= 4 ? ['Main entrance', 'Side entrance'] : ['Main entrance']);
    }
  });
});
