import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildFloorplan, FIXTURE_CAMERAS, FIXTURE_PLAN, type FloorplanFixture } from '../../../test/support/floorplan.ts';
import { AppError } from '../../platform/http/errors.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { elementInput } from './floorplan.service.ts';

/**
 * The floor-plan foundation through the service on a real database: the fixture part B builds on,
 * the read API (cameraProjection, planElements, elementVersions) and versioning of geometry.
 */
let t: TestApp;
let fixture: FloorplanFixture;
let customerId: string;
let cameraIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shop = await buildShop(t.db, customerId, customer.rootOrgId);
  cameraIds = [await buildCamera(t.db, customerId, shop), await buildCamera(t.db, customerId, shop), await buildCamera(t.db, customerId, shop)];
  fixture = await buildFloorplan({ db: t.db, storage: objectStorageOf(t.config) }, { customerId, shopId: shop, cameraIds: cameraIds.slice(0, 2) });
});

afterAll(async () => {
  await t.close();
});

describe('the fixture plan', () => {
  it('has the extent of its image at its scale, and is active on its floor', () => {
    // 800 px / 40 px per metre = 20 m; 600 / 40 = 15 m.
    expect(fixture.plan.widthM).toBe(FIXTURE_PLAN.widthM);
    expect(fixture.plan.heightM).toBe(FIXTURE_PLAN.heightM);
    expect(fixture.plan.active).toBe(true);
    expect(fixture.plan.image).toMatchObject({ type: 'png', width: 800, height: 600 });
  });

  it('projects camera pixels onto the plan through cameraProjection', async () => {
    const first = await fixture.service.cameraProjection(customerId, cameraIds[0] as string);
    expect(first?.planId).toBe(fixture.plan.id);
    expect(first?.source).toBe('pinhole');
    // Straight down from (5, 5), 3 m up, 500 px focal length: (570, 240) is 0.5 of the focal length right,
    // the image's right is the plan's -x when facing +y: x = 5 - 3 · 0.5 = 3.5.
    const point = first?.project({ u: 570, v: 240 });
    expect(point?.x).toBeCloseTo(3.5, 9);
    expect(point?.y).toBeCloseTo(5, 9);
    const second = await fixture.service.cameraProjection(customerId, cameraIds[1] as string);
    // 45° down from 3 m: the centre pixel sees the floor 3 m ahead of (15, 1): (15, 4).
    expect(second?.project({ u: 320, v: 240 })?.y).toBeCloseTo(4, 9);
    expect(await fixture.service.cameraProjection(customerId, cameraIds[2] as string)).toBeNull();
  });

  it('lists the current elements, each at version 1', async () => {
    const elements = await fixture.service.planElements(customerId, fixture.plan.id);
    expect(elements.filter((element) => element.kind === 'region').map((element) => element.name)).toEqual(['Cashier', 'Fitting room', 'Shelf A']);
    expect(elements.every((element) => element.version === 1)).toBe(true);
    const flow = elements.find((element) => element.kind === 'flow');
    expect(flow).toMatchObject({
      flowMode: 'single',
      points: [
        { x: 3, y: 5 },
        { x: 7, y: 5 },
      ],
    });
    const halt = elements.find((element) => element.kind === 'halt');
    expect(halt).toMatchObject({ enabled: true, minDwellSeconds: 5 });
  });
});

describe('versions', () => {
  it('a changed region gets a new version; the old one stays readable; the unchanged ones keep theirs', async () => {
    const before = await fixture.service.planElements(customerId, fixture.plan.id, 'region');
    const shelf = before.find((region) => region.name === 'Shelf A');
    const planBefore = await fixture.service.plan(fixture.actor, fixture.plan.id);
    const inputs = before.map((region) =>
      elementInput({
        ...region,
        elementId: region.elementId,
        points: region.name === 'Shelf A' ? region.points.map((p) => ({ x: p.x + 0.5, y: p.y })) : region.points,
      }),
    );
    const after = await fixture.service.saveElements(fixture.actor, { planId: fixture.plan.id, kind: 'region', elements: inputs });
    const moved = after.find((region) => region.elementId === shelf?.elementId);
    expect(moved?.version).toBe(2);
    expect(moved?.points[0]).toEqual({ x: 4.5, y: 4 });
    expect(after.filter((region) => region.version === 1)).toHaveLength(2);
    const planAfter = await fixture.service.plan(fixture.actor, fixture.plan.id);
    expect(planAfter.geometryVersion).toBe(planBefore.geometryVersion + 1);
    expect(moved?.planVersion).toBe(planAfter.geometryVersion);
    const [old] = await fixture.service.elementVersions(customerId, [shelf?.id as string]);
    expect(old?.points[0]).toEqual({ x: 4, y: 4 });
  });

  it('saving the same drawing again writes nothing', async () => {
    const current = await fixture.service.planElements(customerId, fixture.plan.id, 'flow');
    const version = (await fixture.service.plan(fixture.actor, fixture.plan.id)).geometryVersion;
    await fixture.service.saveElements(fixture.actor, {
      planId: fixture.plan.id,
      kind: 'flow',
      elements: current.map((flow) => elementInput({ ...flow, elementId: flow.elementId })),
    });
    expect((await fixture.service.plan(fixture.actor, fixture.plan.id)).geometryVersion).toBe(version);
  });

  it('a recalibrated camera gets a new camera point version', async () => {
    const before = await fixture.service.cameraProjection(customerId, cameraIds[0] as string);
    await fixture.service.cameraPoints.save(fixture.actor, {
      planId: fixture.plan.id,
      cameraId: cameraIds[0] as string,
      ...FIXTURE_CAMERAS[0],
      installPosition: 'moved',
      installXM: 6,
      towardXM: 6,
    });
    const after = await fixture.service.cameraProjection(customerId, cameraIds[0] as string);
    expect(after?.cameraPointVersion).toBe((before?.cameraPointVersion ?? 0) + 1);
    expect(after?.project({ u: 320, v: 240 })?.x).toBeCloseTo(6, 9);
  });

  it('refuses camera parameters that see none of the plan, keeping the old version', async () => {
    const before = await fixture.service.cameraProjection(customerId, cameraIds[1] as string);
    const attempt = fixture.service.cameraPoints.save(fixture.actor, {
      planId: fixture.plan.id,
      cameraId: cameraIds[1] as string,
      ...FIXTURE_CAMERAS[0],
      installPosition: '',
      tiltDeg: -60,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ messageKey: 'errors.cam2dmap' });
    expect((await fixture.service.cameraProjection(customerId, cameraIds[1] as string))?.cameraPointId).toBe(before?.cameraPointId);
  });
});
