import type { CameraParameters, PlanElementInput, PlanElementKind, PlanPointDto } from '@storelens/contracts';
import sharp from 'sharp';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { createFloorplanService, elementInput } from '../floorplan/floorplan.service.ts';
import { rectangle } from '../floorplan/geometry/polygon.ts';
import { seedActor } from './seed-actor.ts';

/** A demo camera: 640 × 480 with 320 px focal lengths (a wide lens, about 90° across), at `at`, facing `toward`. */
function demoCamera(at: PlanPointDto, toward: PlanPointDto, tiltDeg: number, installHeightM: number): Omit<CameraParameters, 'calibrationPairs'> {
  return {
    focalX: 320,
    focalY: 320,
    calibWidth: 640,
    calibHeight: 480,
    tiltDeg,
    installHeightM,
    installXM: at.x,
    installYM: at.y,
    towardXM: toward.x,
    towardYM: toward.y,
  };
}

/**
 * The demo store's floor plan, the same for every demo store (one floor, 24 m × 16 m). Exported for
 * the simulator (issue 13 part B), so simulated people walk through the same regions, entrances
 * and aisles that the plan shows. Metres, origin top-left, y down; the main door is at the bottom
 * (y = 16, x 10–14), the side door on the left wall (x = 0, y 6–9, stores with four cameras).
 *
 * Cameras by their demo order (seed-demo.ts): 1 'Entrance', 2 'Checkout', 3 'Floor 1', 4 'Side entrance'.
 */
export const DEMO_FLOOR_PLAN = {
  name: 'Ground floor',
  number: 'F1',
  floor: 1,
  pixelsPerMetre: 40,
  widthM: 24,
  heightM: 16,
  cameras: [
    demoCamera({ x: 12, y: 15.5 }, { x: 12, y: 8 }, 35, 3.2),
    demoCamera({ x: 20.5, y: 7.5 }, { x: 20.5, y: 14 }, 50, 3),
    demoCamera({ x: 4, y: 1 }, { x: 8, y: 8 }, 40, 3.2),
    demoCamera({ x: 0.5, y: 7.5 }, { x: 8, y: 7.5 }, 35, 3.2),
  ],
  elements: {
    region: [
      { name: 'Shelf A', regionType: 'shelf', colour: '#1677ff', points: rectangle(2, 2, 7, 4) },
      { name: 'Shelf B', regionType: 'shelf', colour: '#2f54eb', points: rectangle(9, 2, 15, 4) },
      { name: 'Shelf C', regionType: 'shelf', colour: '#13c2c2', points: rectangle(4, 7, 9, 9) },
      { name: 'Fitting room', regionType: 'fitting_room', colour: '#52c41a', points: rectangle(18, 1, 23, 6) },
      { name: 'Cashier', regionType: 'cashier', colour: '#fa8c16', points: rectangle(18, 11, 23, 15) },
    ],
    enter: [
      { name: 'Main entrance', colour: '#08979c', points: rectangle(10, 15, 14, 16) },
      { name: 'Side entrance', colour: '#08979c', points: rectangle(0, 6, 1, 9) },
    ],
    flow: [
      {
        name: 'Main aisle',
        colour: '#c41d7f',
        flowMode: 'single',
        points: [
          { x: 12, y: 14 },
          { x: 12, y: 5 },
        ],
      },
      {
        name: 'Cross aisle',
        colour: '#eb2f96',
        flowMode: 'double',
        points: [
          { x: 3, y: 6 },
          { x: 17, y: 6 },
        ],
      },
    ],
    halt: [
      { name: 'Promotion table', colour: '#d48806', minDwellSeconds: 5, points: rectangle(10, 8, 14, 10) },
      { name: 'Window display', colour: '#faad14', minDwellSeconds: 5, points: rectangle(2, 12, 6, 15) },
    ],
    mask: [{ name: 'Pillar', colour: '#595959', points: rectangle(11.5, 6.5, 12.5, 7.5) }],
    display: [{ name: 'Sales floor', colour: '#2f54eb', points: rectangle(0, 0, 24, 16) }],
  } satisfies Record<PlanElementKind, PlanElementInput[]>,
} as const;

/** The plan drawn as a store layout (walls, doors, shelves, fitting rooms, counter), rendered to PNG at seed time. */
export async function demoFloorPlanPng(): Promise<Buffer> {
  const s = DEMO_FLOOR_PLAN.pixelsPerMetre;
  const width = DEMO_FLOOR_PLAN.widthM * s;
  const height = DEMO_FLOOR_PLAN.heightM * s;
  const box = (x0: number, y0: number, x1: number, y1: number, fill: string, label = '') =>
    `<rect x="${x0 * s}" y="${y0 * s}" width="${(x1 - x0) * s}" height="${(y1 - y0) * s}" fill="${fill}" stroke="#5c4a32" stroke-width="2"/>` +
    (label
      ? `<text x="${((x0 + x1) / 2) * s}" y="${((y0 + y1) / 2) * s + 5}" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#3d3020">${label}</text>`
      : '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f6f2ea"/>
    <g stroke="#3a3a3a" stroke-width="10" fill="none">
      <polyline points="${10 * s},${height} 0,${height} 0,${9 * s}"/>
      <polyline points="0,${6 * s} 0,0 ${width},0 ${width},${height} ${14 * s},${height}"/>
      <line x1="${17.5 * s}" y1="0" x2="${17.5 * s}" y2="${6 * s}" stroke-width="4"/>
    </g>
    ${box(2, 2, 7, 4, '#d9c7a7', 'A')}${box(9, 2, 15, 4, '#d9c7a7', 'B')}${box(4, 7, 9, 9, '#d9c7a7', 'C')}
    ${box(18, 1, 20.5, 6, '#e8e0f0')}${box(20.5, 1, 23, 6, '#e8e0f0')}
    ${box(18, 12, 23, 13.2, '#c9b48f')}
    ${box(10.5, 8.4, 13.5, 9.6, '#efd9a8')}
    ${box(2, 14.4, 6, 15.4, '#efe6cf')}
    <rect x="${11.5 * s}" y="${6.5 * s}" width="${s}" height="${s}" fill="#7a7a7a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoFloorplanShop {
  customerId: string;
  shopId: string;
  /** The shop's cameras in demo order (1 entrance, 2 checkout, 3 floor, 4 side entrance). */
  cameraIds: readonly string[];
}

/**
 * Every demo store gets the plan above through the floor-plan service (as its super manager would
 * draw it): the image, its cameras placed and calibrated, regions, entrances (the side one only
 * where a side-entrance camera exists), flow lines, dwell zones, a mask and the display area.
 */
export async function seedDemoFloorplans(deps: { db: DB; storage: ObjectStorage }, shops: readonly DemoFloorplanShop[]): Promise<number> {
  const service = createFloorplanService(deps);
  const image = await demoFloorPlanPng();
  const { name, number, floor, pixelsPerMetre } = DEMO_FLOOR_PLAN;
  for (const shop of shops) {
    const actor = seedActor(shop.customerId);
    const plan = await service.addPlan(actor, { shopId: shop.shopId, name, number, floor, pixelsPerMetre }, image);
    for (const [index, cameraId] of shop.cameraIds.entries()) {
      const parameters = DEMO_FLOOR_PLAN.cameras[index];
      if (!parameters) continue;
      await service.cameraPoints.save(actor, { ...parameters, planId: plan.id, cameraId, installPosition: '', planNumber: null });
    }
    const sideDoor = shop.cameraIds.length >= 4;
    for (const [kind, elements] of Object.entries(DEMO_FLOOR_PLAN.elements) as [PlanElementKind, readonly PlanElementInput[]][]) {
      const kept = kind === 'enter' && !sideDoor ? elements.filter((element) => element.name !== 'Side entrance') : elements;
      await service.saveElements(actor, { planId: plan.id, kind, elements: kept.map((element) => elementInput({ ...element, points: [...element.points] })) });
    }
  }
  return shops.length;
}
