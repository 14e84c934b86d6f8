import {
  type CameraPoint,
  type FloorPlan,
  LOCALES,
  floorplanOperations as ops,
  type PlanElement,
  type PlanElementInput,
  type PlanImageUpload,
  ResponseStatus,
  RoleId,
  type ShopCamera,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop, buildUser, download, postFiles, type Session, sheetRows, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { FIXTURE_CAMERAS, FIXTURE_ELEMENTS, fixturePlanPng } from '../../../test/support/floorplan.ts';
import { rectangle } from './geometry/polygon.ts';

/**
 * The floor-plan operations over HTTP on a fresh database, with real PNG and JPEG files made with
 * sharp and real spreadsheets: every message of the area in four languages, the super manager's
 * sole right to store-level geometry, data scope and other customers.
 */
let t: TestApp;
let admin: Session;
let manager: Session;
let observer: Session;
let limitedAdmin: Session;
let storeManager: Session;
let theirAdmin: Session;
let shop1: string;
let shop2: string;
let cameras: string[];
let otherShopCamera: string;
let plan: FloorPlan;
let theirPlan: FloorPlan;

const addPlan = (session: Session, fields: Record<string, string>, content: Buffer, lang?: string) =>
  postFiles(t.app, ops.planAdd.path, [{ name: 'plan.png', content }], { ...session, fields, ...(lang ? { lang } : {}) });

async function data<T>(response: Promise<{ body: { status: number; msg: string; data: unknown } }>): Promise<T> {
  const { body } = await response;
  expect(body.status, body.msg).toBe(200);
  return body.data as T;
}

const saveRegions = (session: Session, elements: PlanElementInput[], lang?: string, planId = plan.id) =>
  invoke(t.app, ops.elementSave, { planId, kind: 'region', elements }, { ...session, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  shop1 = await buildShop(t.db, customer.customerId, customer.rootOrgId);
  shop2 = await buildShop(t.db, customer.customerId, customer.rootOrgId);
  cameras = [await buildCamera(t.db, customer.customerId, shop1), await buildCamera(t.db, customer.customerId, shop1)];
  otherShopCamera = await buildCamera(t.db, customer.customerId, shop2);
  const theirs = await buildCustomer(t.db);
  const theirShop = await buildShop(t.db, theirs.customerId, theirs.rootOrgId);
  const sign = async (customerId: string, roleId: number, shopIds?: string[]) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId, roleId, ...(shopIds ? { shopIds } : {}) }])).loginName, customerId);
  admin = await sign(customer.customerId, RoleId.superManager);
  manager = await sign(customer.customerId, RoleId.manager);
  observer = await sign(customer.customerId, RoleId.observer);
  limitedAdmin = await sign(customer.customerId, RoleId.superManager, [shop1]);
  storeManager = await sign(customer.customerId, RoleId.storeManage, [shop1]);
  theirAdmin = await sign(theirs.customerId, RoleId.superManager);
  plan = await data<FloorPlan>(addPlan(admin, { shopId: shop1, name: 'Ground floor', number: 'F1', floor: '1', pixelsPerMetre: '40' }, await fixturePlanPng()));
  theirPlan = await data<FloorPlan>(addPlan(theirAdmin, { shopId: theirShop, name: 'Ground floor', floor: '1', pixelsPerMetre: '40' }, await fixturePlanPng()));
});

afterAll(async () => {
  await t.close();
});

describe('floor plans', () => {
  it('keeps a PNG at its scale: 800 × 600 px at 40 px/m is 20 m × 15 m, active on its floor', async () => {
    expect(plan).toMatchObject({ widthM: 20, heightM: 15, active: true, floor: 1, number: 'F1', image: { type: 'png', width: 800, height: 600 } });
    const image = await download(t.app, 'GET', `${ops.planImage.path}?planId=${plan.id}`, undefined, admin);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.content).metadata()).width).toBe(800);
  });

  it('takes a JPEG too, checks the content and not the name, and refuses more than 1 MB', async () => {
    const jpeg = await sharp(await fixturePlanPng(400, 300))
      .jpeg()
      .toBuffer();
    const added = await data<FloorPlan>(addPlan(admin, { shopId: shop1, name: 'Upper floor', floor: '2', pixelsPerMetre: '20' }, jpeg));
    expect(added).toMatchObject({ image: { type: 'jpeg' }, widthM: 20, active: true });
    await expectMessageInAllLanguages(
      (lang) => addPlan(admin, { shopId: shop1, name: 'Text', pixelsPerMetre: '20' }, Buffer.from('not an image at all, just text'), lang),
      'floorplan.imageType',
    );
    // Random bytes do not compress: a PNG of them over 1 MB.
    const big = await sharp(Buffer.from(Array.from({ length: 700 * 700 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    await expectMessageInAllLanguages((lang) => addPlan(admin, { shopId: shop1, name: 'Big', pixelsPerMetre: '20' }, big, lang), 'errors.fileTooLarge');
    expect((await data<FloorPlan[]>(invoke(t.app, ops.planList, { shopIds: [shop1] }, admin))).map((p) => p.name).sort()).toEqual([
      'Ground floor',
      'Upper floor',
    ]);
  });

  it("refuses a name already used in the shop ('Floor plan name already exists.'), not one of another shop", async () => {
    const png = await fixturePlanPng();
    await expectMessageInAllLanguages(
      (lang) => addPlan(admin, { shopId: shop1, name: 'Ground floor', pixelsPerMetre: '40' }, png, lang),
      'errors.floorPlanNameExists',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planUpdate, { planId: plan.id, name: 'Upper floor' }, { ...admin, lang }),
      'errors.floorPlanNameExists',
    );
    expect((await data<{ available: boolean }>(invoke(t.app, ops.planNameCheck, { shopId: shop1, name: 'Ground floor' }, admin))).available).toBe(false);
    expect((await data<{ available: boolean }>(invoke(t.app, ops.planNameCheck, { shopId: shop2, name: 'Ground floor' }, admin))).available).toBe(true);
  });

  it('asks for the image when none is sent', async () => {
    await expectMessageInAllLanguages(
      (lang) => postFiles(t.app, ops.planAdd.path, [], { ...admin, fields: { shopId: shop1, name: 'No image', pixelsPerMetre: '40' }, lang }),
      'floorplan.noFile',
    );
  });

  it('switches the active configuration of a floor', async () => {
    const second = await data<FloorPlan>(
      addPlan(admin, { shopId: shop1, name: 'Ground floor (summer)', floor: '1', pixelsPerMetre: '40' }, await fixturePlanPng()),
    );
    expect(second.active).toBe(false);
    const after = await data<FloorPlan[]>(invoke(t.app, ops.planSwitch, { planId: second.id }, admin));
    expect(after.filter((p) => p.floor === 1 && p.active).map((p) => p.id)).toEqual([second.id]);
    expect(after.find((p) => p.floor === 2)?.active).toBe(true);
    await data(invoke(t.app, ops.planSwitch, { planId: plan.id }, admin));
    await data(invoke(t.app, ops.planDelete, { planId: second.id }, admin));
    expect((await invoke(t.app, ops.planImage, { planId: second.id }, admin)).body.status).toBe(ResponseStatus.notFound);
  });

  it('replaces the image by one uploaded to storage (save by URL), keeping the metres', async () => {
    const upload = await postFiles(t.app, ops.planImageUpload.path, [{ name: 'plan.png', content: await fixturePlanPng(1600, 1200) }], admin);
    const key = (upload.body.data as PlanImageUpload).imageKey;
    const saved = await data<FloorPlan>(invoke(t.app, ops.planSaveByUrl, { planId: plan.id, imageKey: key }, admin));
    // 1600 px over the same 20 m: 80 px per metre.
    expect(saved).toMatchObject({ widthM: 20, heightM: 15, pixelsPerMetre: 80, image: { width: 1600 } });
    const wide = await postFiles(t.app, ops.planImageUpload.path, [{ name: 'wide.png', content: await fixturePlanPng(1600, 400) }], admin);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planSaveByUrl, { planId: plan.id, imageKey: (wide.body.data as PlanImageUpload).imageKey }, { ...admin, lang }),
      'floorplan.imageShape',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planSaveByUrl, { planId: plan.id, imageKey: `floorplans/${theirPlan.id}/x.png` }, { ...admin, lang }),
      'floorplan.imageNotStored',
    );
  });
});

describe('camera points and cam2Dmap', () => {
  const straightDown = FIXTURE_CAMERAS[0];

  it('saves a camera point and answers its footprint, computed by hand in the geometry tests', async () => {
    const point = await data<CameraPoint>(
      invoke(t.app, ops.cameraPointSave, { ...straightDown, planId: plan.id, cameraId: cameras[0] as string, installPosition: 'Door' }, admin),
    );
    expect(point).toMatchObject({ version: 1, source: 'pinhole', planNumber: 'F1', installPosition: 'Door' });
    // Straight down from (5, 5), 3 m, f 500 px, 640 × 480: x in [3.08, 6.92], y in [3.56, 6.44].
    expect(Math.min(...point.footprint.map((p) => p.x))).toBeCloseTo(3.08, 6);
    expect(Math.max(...point.footprint.map((p) => p.y))).toBeCloseTo(6.44, 6);
    const all = await data<ShopCamera[]>(invoke(t.app, ops.cameraPointAll, { shopId: shop1 }, admin));
    expect(all.find((camera) => camera.cameraId === cameras[0])?.point?.id).toBe(point.id);
    expect((await data<ShopCamera[]>(invoke(t.app, ops.cameraWithoutPlan, { shopId: shop1 }, admin))).map((camera) => camera.cameraId)).toEqual([cameras[1]]);
    expect((await data<CameraPoint>(invoke(t.app, ops.cameraPointGet, { cameraId: cameras[0] as string }, admin))).id).toBe(point.id);
    const shadow = await data<{ cameraId: string }[]>(invoke(t.app, ops.shadow, { planId: plan.id }, admin));
    expect(shadow.map((entry) => entry.cameraId)).toEqual([cameras[0]]);
  });

  it('previews the footprint while parameters are typed, and refuses the floor above the horizon with the cam2Dmap message', async () => {
    const preview = await data<{ footprint: { x: number }[]; source: string }>(invoke(t.app, ops.cam2Dmap, { ...straightDown, planId: plan.id }, manager));
    expect(preview.source).toBe('pinhole');
    expect(preview.footprint.length).toBeGreaterThanOrEqual(4);
    // Tilted 30° upwards: the lowest ray still rises (see the geometry tests).
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.cam2Dmap, { ...straightDown, tiltDeg: -30, planId: plan.id }, { ...admin, lang }),
      'errors.cam2dmap',
    );
    // Outside the plan: straight down at (30, 30) on a 20 × 15 m plan.
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(
          t.app,
          ops.cameraPointSave,
          { ...straightDown, installXM: 30, installYM: 30, towardXM: 30, towardYM: 35, planId: plan.id, cameraId: cameras[1] as string },
          { ...admin, lang },
        ),
      'errors.cam2dmap',
    );
  });

  it('calibrates from four clicked point pairs with the error in metres', async () => {
    const pairs = [
      { pixel: { u: 0, v: 0 }, plan: { x: 10, y: 10 } },
      { pixel: { u: 640, v: 0 }, plan: { x: 14, y: 10 } },
      { pixel: { u: 640, v: 480 }, plan: { x: 14, y: 13 } },
      { pixel: { u: 0, v: 480 }, plan: { x: 10, y: 13 } },
    ];
    const point = await data<CameraPoint>(
      invoke(t.app, ops.cameraPointSave, { ...straightDown, calibrationPairs: pairs, planId: plan.id, cameraId: cameras[1] as string }, admin),
    );
    expect(point.source).toBe('homography');
    expect(point.calibrationErrorM).toBeLessThan(1e-6);
    // The image maps onto [10, 14] × [10, 13]: 12 m².
    const xs = point.footprint.map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(10, 6);
    expect(Math.max(...xs)).toBeCloseTo(14, 6);
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(
          t.app,
          ops.cam2Dmap,
          {
            ...straightDown,
            planId: plan.id,
            calibrationPairs: [pairs[0], { pixel: { u: 320, v: 240 }, plan: { x: 12, y: 11 } }, pairs[2], pairs[3]] as typeof pairs,
          },
          { ...admin, lang },
        ),
      'floorplan.calibrationPoints',
    );
  });

  it("refuses a camera of another store ('floorplan.cameraNotInShop')", async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.cameraPointSave, { ...straightDown, planId: plan.id, cameraId: otherShopCamera }, { ...admin, lang }),
      'floorplan.cameraNotInShop',
    );
  });

  it('exports the camera points to Excel and takes the same file back; unknown cameras refuse the whole file', async () => {
    const file = await download(t.app, 'GET', `${ops.cameraPointExport.path}?planId=${plan.id}`, undefined, { ...admin, lang: 'en' });
    const rows = await sheetRows(file.content);
    expect(rows[0]?.[0]).toBe('Camera number');
    expect(rows).toHaveLength(3);
    const back = await postFiles(t.app, ops.cameraPointUpload.path, [{ name: 'cameras.xlsx', content: file.content }], {
      ...admin,
      fields: { planId: plan.id },
    });
    expect(back.body.data).toEqual({ saved: 2 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (sheet) sheet.getRow(2).getCell(1).value = 'NO-SUCH-CAMERA';
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const lang of LOCALES) {
      const refused = await postFiles(t.app, ops.cameraPointUpload.path, [{ name: 'cameras.xlsx', content: edited }], {
        ...admin,
        fields: { planId: plan.id },
        lang,
      });
      if (lang === 'en') expect(refused.body.msg).toBe('Incorrect file content: 1 rows have errors. Nothing was imported');
      expect(JSON.stringify(refused.body.data), lang).toContain(translateMessage(lang, 'floorplan.cameraUnknown'));
    }
  });
});

describe('drawn elements', () => {
  let regions: PlanElement[];

  it('saves regions and answers them with versions; a region name must be unique on the plan', async () => {
    regions = await data<PlanElement[]>(
      saveRegions(
        admin,
        FIXTURE_ELEMENTS.region.map((region) => ({ ...region, points: [...region.points] })),
      ),
    );
    expect(regions.map((region) => [region.name, region.version])).toEqual([
      ['Cashier', 1],
      ['Fitting room', 1],
      ['Shelf A', 1],
    ]);
    await expectMessageInAllLanguages(
      (lang) => saveRegions(admin, [...regions.map((region) => ({ ...region })), { name: 'shelf a', points: rectangle(10, 1, 12, 2) }], lang),
      'errors.duplicateRegionName',
    );
    expect((await data<{ available: boolean }>(invoke(t.app, ops.regionNameCheck, { planId: plan.id, name: 'Cashier' }, admin))).available).toBe(false);
    expect((await data<{ available: boolean }>(invoke(t.app, ops.regionNameCheck, { planId: plan.id, name: 'Entrance shelf' }, admin))).available).toBe(true);
  });

  it('links a region to one other only', async () => {
    const [cashier, fitting, shelf] = regions as [PlanElement, PlanElement, PlanElement];
    const linked = await data<PlanElement[]>(saveRegions(admin, [{ ...cashier }, { ...fitting, linkedElementId: shelf.elementId }, { ...shelf }]));
    expect(linked.find((region) => region.elementId === fitting.elementId)).toMatchObject({ version: 2, linkedElementId: shelf.elementId });
    await expectMessageInAllLanguages(
      (lang) => saveRegions(admin, [{ ...cashier, linkedElementId: shelf.elementId }, { ...fitting, linkedElementId: shelf.elementId }, { ...shelf }], lang),
      'floorplan.regionAlreadyLinked',
    );
    regions = linked;
  });

  it('requires a mask area, a flow line with two ends, and points on the plan', async () => {
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(
          t.app,
          ops.elementSave,
          {
            planId: plan.id,
            kind: 'mask',
            elements: [
              {
                points: [
                  { x: 1, y: 1 },
                  { x: 2, y: 2 },
                ],
              },
            ],
          },
          { ...admin, lang },
        ),
      'floorplan.maskRequired',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.elementSave, { planId: plan.id, kind: 'flow', elements: [{ points: [{ x: 1, y: 1 }] }] }, { ...admin, lang }),
      'floorplan.lineRequired',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.elementSave, { planId: plan.id, kind: 'display', elements: [{ points: rectangle(18, 1, 25, 3) }] }, { ...admin, lang }),
      'floorplan.outsidePlan',
    );
    const flows = await data<PlanElement[]>(
      invoke(
        t.app,
        ops.elementSave,
        {
          planId: plan.id,
          kind: 'flow',
          elements: [
            {
              flowMode: 'double',
              points: [
                { x: 3, y: 5 },
                { x: 7, y: 5 },
              ],
            },
          ],
        },
        admin,
      ),
    );
    expect(flows[0]).toMatchObject({ flowMode: 'double', version: 1 });
  });

  it('requires an area of three points, and links only to a region of the plan', async () => {
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(
          t.app,
          ops.elementSave,
          {
            planId: plan.id,
            kind: 'enter',
            elements: [
              {
                name: 'Door',
                points: [
                  { x: 1, y: 1 },
                  { x: 2, y: 1 },
                ],
              },
            ],
          },
          { ...admin, lang },
        ),
      'floorplan.areaRequired',
    );
    await expectMessageInAllLanguages(
      (lang) =>
        saveRegions(
          admin,
          [...regions.map((region) => ({ ...region })), { name: 'Orphan link', linkedElementId: theirPlan.id, points: rectangle(10, 1, 12, 2) }],
          lang,
        ),
      'floorplan.regionLinkMissing',
    );
  });

  it('locks the scale once something is drawn', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planUpdate, { planId: plan.id, pixelsPerMetre: 50 }, { ...admin, lang }),
      'floorplan.scaleLocked',
    );
  });

  it('hides regions from the analysis pages without a new version', async () => {
    const shelf = regions.find((region) => region.name === 'Shelf A') as PlanElement;
    const cashier = regions.find((region) => region.name === 'Cashier') as PlanElement;
    expect(await data(invoke(t.app, ops.regionHideAdd, { planId: plan.id, elementIds: [shelf.elementId] }, admin))).toEqual({
      planId: plan.id,
      hiddenElementIds: [shelf.elementId],
    });
    await data(invoke(t.app, ops.regionHideAdd, { planId: plan.id, elementIds: [cashier.elementId] }, admin));
    expect((await data<{ hiddenElementIds: string[] }>(invoke(t.app, ops.regionHideGet, { planId: plan.id }, admin))).hiddenElementIds.sort()).toEqual(
      [shelf.elementId, cashier.elementId].sort(),
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: ops.regionHideUpdate.path,
      headers: { authorization: `Bearer ${admin.token}`, 'x-customer-code': admin.cid },
      payload: { planId: plan.id, elementIds: [cashier.elementId] },
    });
    expect(response.json().data).toEqual({ planId: plan.id, hiddenElementIds: [cashier.elementId] });
    const current = await data<PlanElement[]>(invoke(t.app, ops.regionList, { planId: plan.id }, admin));
    expect(current.find((region) => region.elementId === cashier.elementId)).toMatchObject({ hidden: true, version: 1 });
  });

  it('lists, renames and switches halt areas (new versions), for roles with the stay region key', async () => {
    await data(
      invoke(
        t.app,
        ops.elementSave,
        { planId: plan.id, kind: 'halt', elements: FIXTURE_ELEMENTS.halt.map((halt) => ({ ...halt, points: [...halt.points] })) },
        admin,
      ),
    );
    const [halt] = await data<{ elementId: string; name: string; planName: string; enabled: boolean }[]>(
      invoke(t.app, ops.haltAreaList, { shopId: shop1 }, storeManager),
    );
    expect(halt).toMatchObject({ name: 'Promotion table', planName: 'Ground floor', enabled: true, minDwellSeconds: 5 });
    const renamed = await data<PlanElement>(invoke(t.app, ops.haltAreaRename, { elementId: halt?.elementId as string, name: 'Window display' }, storeManager));
    expect(renamed).toMatchObject({ name: 'Window display', version: 2 });
    const disabled = await data<PlanElement>(invoke(t.app, ops.haltAreaStatus, { elementId: halt?.elementId as string, enabled: false }, manager));
    expect(disabled).toMatchObject({ enabled: false, version: 3, name: 'Window display' });
    expect((await invoke(t.app, ops.haltAreaStatus, { elementId: halt?.elementId as string, enabled: true }, observer)).body.status).toBe(
      ResponseStatus.noAuthority,
    );
  });
});

describe('who may', () => {
  it('only the super manager writes store-level geometry; a manager may read and preview', async () => {
    for (const session of [manager, observer, storeManager]) {
      expect((await saveRegions(session, [])).body.status).toBe(ResponseStatus.noAuthority);
      expect((await invoke(t.app, ops.cameraPointDelete, { cameraId: cameras[0] as string }, session)).body.status).toBe(ResponseStatus.noAuthority);
      expect((await addPlan(session, { shopId: shop1, name: 'Nope', pixelsPerMetre: '40' }, await fixturePlanPng())).body.status).toBe(
        ResponseStatus.noAuthority,
      );
    }
    expect((await data<PlanElement[]>(invoke(t.app, ops.elementList, { planId: plan.id }, manager))).length).toBeGreaterThan(0);
  });

  it("a caller limited to one store finds another store's plans not found", async () => {
    const shop2Plan = await data<FloorPlan>(addPlan(admin, { shopId: shop2, name: 'Shop 2', pixelsPerMetre: '40' }, await fixturePlanPng()));
    expect((await data<FloorPlan[]>(invoke(t.app, ops.planList, {}, storeManager))).every((p) => p.shopId === shop1)).toBe(true);
    expect((await invoke(t.app, ops.planList, { shopIds: [shop2] }, storeManager)).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.elementList, { planId: shop2Plan.id }, storeManager)).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.haltAreaList, { shopId: shop2 }, storeManager)).body.status).toBe(ResponseStatus.notFound);
    expect((await saveRegions(limitedAdmin, [], undefined, shop2Plan.id)).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.cameraPointGet, { cameraId: otherShopCamera }, storeManager)).body.status).toBe(ResponseStatus.notFound);
    expect((await saveRegions(limitedAdmin, [{ name: 'Limited', points: rectangle(1, 1, 2, 2) }])).body.status).toBe(200);
  });

  it("another customer's plans, cameras and elements are not found", async () => {
    const theirs = { planId: theirPlan.id };
    for (const [operation, input] of [
      [ops.planUpdate, { ...theirs, name: 'x' }],
      [ops.planDelete, theirs],
      [ops.planSwitch, theirs],
      [ops.cameraPointList, theirs],
      [ops.shadow, theirs],
      [ops.elementList, theirs],
      [ops.regionList, theirs],
      [ops.cam2Dmap, { ...straightDownOf(), ...theirs }],
      [ops.elementSave, { ...theirs, kind: 'region', elements: [] }],
      [ops.regionHideAdd, { ...theirs, elementIds: [] }],
    ] as const) {
      const response = await invoke(t.app, operation, input as never, admin);
      expect(response.body.status, operation.name).toBe(ResponseStatus.notFound);
    }
    expect((await download(t.app, 'GET', `${ops.planImage.path}?planId=${theirPlan.id}`, undefined, admin)).json().status).toBe(ResponseStatus.notFound);
    expect((await download(t.app, 'GET', `${ops.cameraPointExport.path}?planId=${theirPlan.id}`, undefined, admin)).json().status).toBe(
      ResponseStatus.notFound,
    );
    const sheet = await download(t.app, 'GET', `${ops.cameraPointExport.path}?planId=${plan.id}`, undefined, admin);
    const upload = await postFiles(t.app, ops.cameraPointUpload.path, [{ name: 'cameras.xlsx', content: sheet.content }], {
      ...admin,
      fields: { planId: theirPlan.id },
    });
    expect(upload.body.status).toBe(ResponseStatus.notFound);
  });
});

function straightDownOf() {
  return { ...FIXTURE_CAMERAS[0] };
}
