import { type CameraPoint, type FloorPlan, type PlanElement, type PlanElementInput, RoleId } from '@storelens/contracts';
import sharp from 'sharp';
import { createFloorplanService, elementInput, type FloorplanService } from '../../src/modules/floorplan/floorplan.service.ts';
import { rectangle } from '../../src/modules/floorplan/geometry/polygon.ts';
import { resolveActor } from '../../src/platform/authz/actor.ts';
import type { DB } from '../../src/platform/db/database.ts';
import type { CustomerActor } from '../../src/platform/http/context.ts';
import type { ObjectStorage } from '../../src/platform/storage/object-storage.ts';
import { buildUser } from '../factories.ts';

/**
 * A floor plan with calibrated cameras and drawn elements, made through the floor-plan service
 * (the same write path as the tools), for the tests of both halves of issue 13.
 *
 * The plan: 800 × 600 px at 40 px/m, so 20 m × 15 m (metres, origin top-left, y down).
 * Cameras (640 × 480 px, focal lengths 500 px):
 *   - the first looks straight down from (5, 5), 3 m up, facing +y: pixel (u, v) -> (5 - 3(u - 320)/500, 5 - 3(v - 240)/500);
 *     its footprint is [3.08, 6.92] × [3.56, 6.44] (the centre pixel (320, 240) is (5, 5)).
 *   - the second stands at (15, 1), 3 m up, facing +y, tilted 45°: the centre pixel (320, 240) sees (15, 4).
 * Elements: regions 'Shelf A' [4, 6] × [4, 6] (shelf), 'Fitting room' [14, 16] × [3, 5] (fitting room),
 * 'Cashier' [8, 12] × [10, 13] (cashier); an enter area [4, 6] × [6, 6.4]; a one-way flow line from (3, 5) to
 * (7, 5); a halt area [4.5, 5.5] × [4.5, 5.5] (minimum dwell 5 s); a mask [0, 1] × [0, 15] (a wall).
 */
export const FIXTURE_PLAN = { widthPx: 800, heightPx: 600, pixelsPerMetre: 40, widthM: 20, heightM: 15 } as const;

export const FIXTURE_CAMERAS = [
  { focalX: 500, focalY: 500, calibWidth: 640, calibHeight: 480, tiltDeg: 90, installHeightM: 3, installXM: 5, installYM: 5, towardXM: 5, towardYM: 10 },
  { focalX: 500, focalY: 500, calibWidth: 640, calibHeight: 480, tiltDeg: 45, installHeightM: 3, installXM: 15, installYM: 1, towardXM: 15, towardYM: 9 },
] as const;

export const FIXTURE_ELEMENTS = {
  region: [
    { name: 'Shelf A', regionType: 'shelf', colour: '#1677ff', points: rectangle(4, 4, 6, 6) },
    { name: 'Fitting room', regionType: 'fitting_room', colour: '#52c41a', points: rectangle(14, 3, 16, 5) },
    { name: 'Cashier', regionType: 'cashier', colour: '#fa8c16', points: rectangle(8, 10, 12, 13) },
  ],
  enter: [{ name: 'Entrance', colour: '#13c2c2', points: rectangle(4, 6, 6, 6.4) }],
  flow: [
    {
      name: 'Aisle',
      colour: '#eb2f96',
      flowMode: 'single',
      points: [
        { x: 3, y: 5 },
        { x: 7, y: 5 },
      ],
    },
  ],
  halt: [{ name: 'Promotion table', colour: '#faad14', minDwellSeconds: 5, points: rectangle(4.5, 4.5, 5.5, 5.5) }],
  mask: [{ name: 'Wall', colour: '#8c8c8c', points: rectangle(0, 0, 1, 15) }],
} as const satisfies Partial<Record<PlanElement['kind'], readonly PlanElementInput[]>>;

/** A real PNG of the fixture's size: a light floor with a darker band, so it is not one colour. */
export async function fixturePlanPng(width: number = FIXTURE_PLAN.widthPx, height: number = FIXTURE_PLAN.heightPx): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><rect x="0" y="0" width="${width / 20}" height="${height}" fill="#8c8c8c"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A whole-customer super manager of the customer, resolved as the guard would. */
export async function superManagerActor(db: DB, customerId: string): Promise<CustomerActor> {
  const { userId } = await buildUser(db, [{ customerId, roleId: RoleId.superManager }]);
  const actor = await resolveActor(db, userId, customerId);
  if (!actor) throw new Error('the super manager has no membership');
  return actor;
}

export interface FloorplanFixture {
  service: FloorplanService;
  actor: CustomerActor;
  plan: FloorPlan;
  /** The camera points, in the order of the camera ids given (at most two). */
  cameras: CameraPoint[];
  elements: Record<keyof typeof FIXTURE_ELEMENTS, PlanElement[]>;
}

/** Builds the plan above for a shop, placing up to two of its cameras (FIXTURE_CAMERAS, in order). */
export async function buildFloorplan(
  deps: { db: DB; storage: ObjectStorage },
  input: { customerId: string; shopId: string; cameraIds?: readonly string[]; name?: string; floor?: number },
): Promise<FloorplanFixture> {
  const service = createFloorplanService(deps);
  const actor = await superManagerActor(deps.db, input.customerId);
  const plan = await service.addPlan(
    actor,
    { shopId: input.shopId, name: input.name ?? 'Ground floor', number: 'F1', floor: input.floor ?? 1, pixelsPerMetre: FIXTURE_PLAN.pixelsPerMetre },
    await fixturePlanPng(),
  );
  const cameras: CameraPoint[] = [];
  for (const [index, cameraId] of (input.cameraIds ?? []).slice(0, FIXTURE_CAMERAS.length).entries()) {
    const parameters = FIXTURE_CAMERAS[index] as (typeof FIXTURE_CAMERAS)[number];
    cameras.push(
      await service.cameraPoints.save(actor, { ...parameters, planId: plan.id, cameraId, installPosition: `Position ${index + 1}`, planNumber: null }),
    );
  }
  const elements = {} as FloorplanFixture['elements'];
  for (const kind of Object.keys(FIXTURE_ELEMENTS) as (keyof typeof FIXTURE_ELEMENTS)[]) {
    const inputs = (FIXTURE_ELEMENTS[kind] as readonly PlanElementInput[]).map((element) => elementInput({ ...element, points: [...element.points] }));
    elements[kind] = await service.saveElements(actor, { planId: plan.id, kind, elements: inputs });
  }
  return { service, actor, plan: await service.plan(actor, plan.id), cameras, elements };
}
