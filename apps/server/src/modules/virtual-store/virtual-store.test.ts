import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PANORAMA, type Panorama, ResponseStatus, RoleId, virtualStoreOperations } from '@storelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCamera,
  buildCustomer,
  buildRoleWithout,
  buildShop,
  buildUser,
  countRows,
  download,
  postFiles,
  type Session,
  signIn,
} from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';

/**
 * The virtual store's operations over real JPEG files made here with sharp, real multipart
 * uploads, real storage (the local directory) and a fresh database: validation (nothing stored on
 * refusal), tiles, hotspots and links within one store, data scope, roles and other customers.
 */
let t: TestApp;
let admin: Session;
let limited: Session;
let observer: Session;
let noTour: Session;
let theirAdmin: Session;
let shop1: string;
let shop2: string;
let camera1: string;
let camera2: string;
let otherShopCamera: string;
let theirShop: string;
let theirCamera: string;

/** A real equirectangular-shaped JPEG: a horizontal gradient, so tiles differ from each other. */
async function jpeg(width: number, height: number, quality = 80): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#203040"/><stop offset="1" stop-color="#e0c080"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

const upload = (session: Session, fields: Record<string, string>, content: Buffer, name = 'room.jpg', lang?: string) =>
  postFiles(t.app, virtualStoreOperations.panoUpload.path, [{ name, content }], { ...session, fields, ...(lang ? { lang } : {}) });

async function storedObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of objectStorageOf(t.config).list('panoramas/')) keys.push(object.key);
  return keys.sort();
}

const incoming = () => {
  const directory = path.join(t.config.dataDir, 'pano-incoming');
  return fs.existsSync(directory) ? fs.readdirSync(directory) : [];
};

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  shop1 = await buildShop(t.db, customer.customerId, customer.rootOrgId);
  shop2 = await buildShop(t.db, customer.customerId, customer.rootOrgId);
  camera1 = await buildCamera(t.db, customer.customerId, shop1);
  camera2 = await buildCamera(t.db, customer.customerId, shop1);
  otherShopCamera = await buildCamera(t.db, customer.customerId, shop2);
  const theirs = await buildCustomer(t.db);
  theirShop = await buildShop(t.db, theirs.customerId, theirs.rootOrgId);
  theirCamera = await buildCamera(t.db, theirs.customerId, theirShop);

  const sign = async (customerId: string, roleId: number, shopIds?: string[]) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId, roleId, ...(shopIds ? { shopIds } : {}) }])).loginName, customerId);
  admin = await sign(customer.customerId, RoleId.superManager);
  limited = await sign(customer.customerId, RoleId.storeManage, [shop1]);
  observer = await sign(customer.customerId, RoleId.observer);
  noTour = await sign(customer.customerId, await buildRoleWithout(t.db, customer.customerId, ['panotour_show']));
  theirAdmin = await sign(theirs.customerId, RoleId.superManager);
});

afterAll(async () => {
  await t.close();
});

describe('upload', () => {
  let first: Panorama;

  it('keeps a 2:1 JPEG at a fixed width, cut into tiles, with the upload’s size, bytes and hash', async () => {
    const content = await jpeg(4096, 2048);
    const response = await upload(admin, { shopId: shop1, name: 'Entrance' }, content);
    expect(response.body.status, response.body.msg).toBe(200);
    first = response.body.data as Panorama;
    expect(first).toMatchObject({
      shopId: shop1,
      name: 'Entrance',
      width: 4096,
      height: 2048,
      uploadedWidth: 4096,
      uploadedHeight: 2048,
      bytes: content.length,
      sha256: crypto.createHash('sha256').update(content).digest('hex'),
      sortOrder: 0,
      tiles: { width: 4096, cols: 8, rows: 4, baseWidth: PANORAMA.baseWidth },
      hotspots: [],
    });
    expect((await storedObjects()).length).toBe(2 + 8 * 4);

    const tile = await download(t.app, 'GET', `${virtualStoreOperations.panoTile.path}?panoramaId=${first.id}&col=7&row=3`, undefined, admin);
    expect(tile.http).toBe(200);
    expect(tile.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(tile.content).metadata()).toMatchObject({ format: 'jpeg', width: PANORAMA.tileSize, height: PANORAMA.tileSize });
    // The gradient runs left to right: the last column's tile is brighter than the first's.
    const firstTile = await download(t.app, 'GET', `${virtualStoreOperations.panoTile.path}?panoramaId=${first.id}&col=0&row=3`, undefined, admin);
    const brightness = async (content: Buffer) => (await sharp(content).stats()).channels[0]?.mean ?? 0;
    expect(await brightness(tile.content)).toBeGreaterThan((await brightness(firstTile.content)) + 50);

    const base = await download(t.app, 'GET', `${virtualStoreOperations.panoImage.path}?panoramaId=${first.id}&size=base`, undefined, admin);
    expect(await sharp(base.content).metadata()).toMatchObject({ width: PANORAMA.baseWidth, height: PANORAMA.baseWidth / 2 });
    const outside = await download(t.app, 'GET', `${virtualStoreOperations.panoTile.path}?panoramaId=${first.id}&col=8&row=0`, undefined, admin);
    expect(outside.json().status).toBe(ResponseStatus.notFound);
  });

  it('takes a panorama within the 2:1 tolerance at the largest fixed width below its own', async () => {
    const response = await upload(admin, { shopId: shop1, name: 'Shelves' }, await jpeg(2100, 1040));
    expect(response.body.status, response.body.msg).toBe(200);
    expect(response.body.data).toMatchObject({
      width: 2048,
      height: 1024,
      uploadedWidth: 2100,
      uploadedHeight: 1040,
      sortOrder: 1,
      tiles: { cols: 4, rows: 2 },
    });
    const info = await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, admin);
    expect((info.body.data as { panoramas: Panorama[] }).panoramas.map((pano) => pano.name)).toEqual(['Entrance', 'Shelves']);
  });

  describe('refusals store nothing', () => {
    let before: { rows: number; objects: string[] };
    const expectNothingStored = async () => {
      expect(await countRows(t.db, 'panoramas')).toBe(before.rows);
      expect(await storedObjects()).toEqual(before.objects);
      expect(incoming()).toEqual([]);
    };
    beforeAll(async () => {
      before = { rows: await countRows(t.db, 'panoramas'), objects: await storedObjects() };
    });

    it('refuses a PNG renamed .jpg, in every language', async () => {
      const png = await sharp(await jpeg(2048, 1024))
        .png()
        .toBuffer();
      await expectMessageInAllLanguages(
        (lang) => upload(admin, { shopId: shop1, name: 'Fake' }, png, 'fake.jpg', lang),
        'pano.notJpeg',
        {},
        ResponseStatus.errorModal,
      );
      await expectNothingStored();
    });

    it('refuses a truncated JPEG and a file that is no image at all', async () => {
      const whole = await jpeg(2048, 1024);
      for (const content of [whole.subarray(0, Math.floor(whole.length / 2)), Buffer.from('not an image at all')]) {
        const response = await upload(admin, { shopId: shop1, name: 'Broken' }, content);
        expect(response.body.status).toBe(ResponseStatus.errorModal);
        expect(response.body.msg).toBe('The panorama must be a JPEG image (.jpg) that can be opened; this file is not');
      }
      await expectNothingStored();
    });

    it('refuses a 3:1 image, naming its size', async () => {
      const wide = await jpeg(3072, 1024);
      await expectMessageInAllLanguages(
        (lang) => upload(admin, { shopId: shop1, name: 'Wide' }, wide, 'wide.jpg', lang),
        'pano.aspect',
        { width: 3072, height: 1024 },
        ResponseStatus.errorModal,
      );
      await expectNothingStored();
    });

    it('refuses an image below the minimum size', async () => {
      const response = await upload(admin, { shopId: shop1, name: 'Small' }, await jpeg(1024, 512));
      expect(response.body).toMatchObject({ status: ResponseStatus.errorModal, msg: 'A panorama must be at least 2048 × 1024 pixels; this one is 1024 × 512' });
      await expectNothingStored();
    });

    it('refuses a file over the byte cap while it streams', async () => {
      const header = await jpeg(2048, 1024);
      const oversize = Buffer.concat([header, Buffer.alloc(PANORAMA.maxBytes + 1 - header.length + 16)]);
      await expectMessageInAllLanguages(
        (lang) => upload(admin, { shopId: shop1, name: 'Huge' }, oversize, 'huge.jpg', lang),
        'pano.fileTooLarge',
        { mb: 25 },
        ResponseStatus.errorModal,
      );
      await expectNothingStored();
    });

    it('refuses an upload without a file or without a name', async () => {
      const noFile = await postFiles(t.app, virtualStoreOperations.panoUpload.path, [], { ...admin, fields: { shopId: shop1, name: 'x' } });
      expect(noFile.body).toMatchObject({ status: ResponseStatus.badRequest, msg: 'Please choose a JPEG panorama file' });
      const noName = await upload(admin, { shopId: shop1, name: '  ' }, await jpeg(2048, 1024));
      expect(noName.body).toMatchObject({ status: ResponseStatus.badRequest, msg: 'Required Field' });
      await expectNothingStored();
    });
  });
});

describe('hotspots and links', () => {
  let entrance: Panorama;
  let shelves: Panorama;
  let elsewhere: Panorama;
  const update = (session: Session, input: Parameters<typeof invoke<typeof virtualStoreOperations.panoUpdate>>[2], lang?: string) =>
    invoke(t.app, virtualStoreOperations.panoUpdate, input, { ...session, ...(lang ? { lang } : {}) });

  beforeAll(async () => {
    const info = await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, admin);
    [entrance, shelves] = (info.body.data as { panoramas: Panorama[] }).panoramas as [Panorama, Panorama];
    elsewhere = (await upload(admin, { shopId: shop2, name: 'Other store' }, await jpeg(2048, 1024))).body.data as Panorama;
  });

  it('saves the initial view, a camera of the store and a link to another panorama of the store', async () => {
    const response = await update(admin, {
      panoramaId: entrance.id,
      name: 'Front door',
      initialYaw: 1.25,
      initialPitch: -0.125,
      hotspots: [
        { kind: 'camera', yaw: 0.5, pitch: 0.1, label: 'Door camera', cameraId: camera1 },
        { kind: 'link', yaw: -2, pitch: -0.2, label: 'To the shelves', targetPanoramaId: shelves.id },
      ],
    });
    expect(response.body.status, response.body.msg).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Front door',
      initialYaw: 1.25,
      initialPitch: -0.125,
      hotspots: [
        { kind: 'camera', yaw: 0.5, pitch: 0.1, label: 'Door camera', cameraId: camera1, targetPanoramaId: null },
        { kind: 'link', yaw: -2, pitch: -0.2, label: 'To the shelves', cameraId: null, targetPanoramaId: shelves.id },
      ],
    });
    await update(admin, {
      panoramaId: shelves.id,
      hotspots: [
        { kind: 'link', yaw: 1, pitch: 0, targetPanoramaId: entrance.id },
        { kind: 'camera', yaw: 0, pitch: 0, cameraId: camera2 },
      ],
    });
    const info = (await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, limited)).body.data as { panoramas: Panorama[] };
    expect(info.panoramas.map((pano) => pano.hotspots.map((spot) => spot.kind))).toEqual([
      ['camera', 'link'],
      ['link', 'camera'],
    ]);
  });

  it('refuses a camera of another store, a link to another store’s panorama or to itself', async () => {
    await expectMessageInAllLanguages(
      (lang) => update(admin, { panoramaId: entrance.id, hotspots: [{ kind: 'camera', yaw: 0, pitch: 0, cameraId: otherShopCamera }] }, lang),
      'pano.cameraNotInShop',
      {},
      ResponseStatus.errorModal,
    );
    await expectMessageInAllLanguages(
      (lang) => update(admin, { panoramaId: entrance.id, hotspots: [{ kind: 'link', yaw: 0, pitch: 0, targetPanoramaId: elsewhere.id }] }, lang),
      'pano.linkNotInShop',
      {},
      ResponseStatus.errorModal,
    );
    const self = await update(admin, { panoramaId: entrance.id, hotspots: [{ kind: 'link', yaw: 0, pitch: 0, targetPanoramaId: entrance.id }] });
    expect(self.body.status).toBe(ResponseStatus.errorModal);
    const missing = await update(admin, { panoramaId: entrance.id, hotspots: [{ kind: 'camera', yaw: 0, pitch: 0 }] });
    expect(missing.body.status).toBe(ResponseStatus.errorModal);
    const pitch = await update(admin, { panoramaId: entrance.id, initialPitch: 2 });
    expect(pitch.body.status).toBe(ResponseStatus.badRequest);
    // Nothing of the refused saves was kept.
    const info = (await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, admin)).body.data as { panoramas: Panorama[] };
    expect(info.panoramas[0]?.hotspots.map((spot) => spot.label)).toEqual(['Door camera', 'To the shelves']);
  });

  it('deleting a panorama removes its images and the links that led to it', async () => {
    const objectsBefore = await storedObjects();
    const response = await invoke(t.app, virtualStoreOperations.panoDelete, { panoramaId: shelves.id }, admin);
    expect(response.body).toMatchObject({ status: 200, data: { panoramaId: shelves.id } });
    const objects = await storedObjects();
    expect(objects.some((key) => key.includes(shelves.id))).toBe(false);
    expect(objects.length).toBe(objectsBefore.length - (2 + 4 * 2));
    const info = (await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, admin)).body.data as { panoramas: Panorama[] };
    expect(info.panoramas.map((pano) => pano.id)).toEqual([entrance.id]);
    expect(info.panoramas[0]?.hotspots.map((spot) => spot.kind)).toEqual(['camera']);
    expect(await countRows(t.db, 'panorama_hotspots')).toBe(1);
  });
});

describe('access', () => {
  let mine: Panorama;
  let otherStore: Panorama;
  let theirs: Panorama;
  beforeAll(async () => {
    const info = (await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, admin)).body.data as { panoramas: Panorama[] };
    mine = info.panoramas[0] as Panorama;
    otherStore = ((await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop2 }, admin)).body.data as { panoramas: Panorama[] })
      .panoramas[0] as Panorama;
    theirs = (await upload(theirAdmin, { shopId: theirShop, name: 'Theirs' }, await jpeg(2048, 1024))).body.data as Panorama;
  });

  const everyOperation = (session: Session, pano: Panorama, shopId: string) => [
    invoke(t.app, virtualStoreOperations.panoInfo, { shopId }, session),
    invoke(t.app, virtualStoreOperations.panoUpdate, { panoramaId: pano.id, name: 'Taken' }, session),
    invoke(t.app, virtualStoreOperations.panoDelete, { panoramaId: pano.id }, session),
    download(t.app, 'GET', `${virtualStoreOperations.panoImage.path}?panoramaId=${pano.id}`, undefined, session).then((answer) => ({ body: answer.json() })),
    download(t.app, 'GET', `${virtualStoreOperations.panoTile.path}?panoramaId=${pano.id}&col=0&row=0`, undefined, session).then((answer) => ({
      body: answer.json(),
    })),
  ];

  it("another customer's panoramas and stores are not found by any operation", async () => {
    for (const answer of await Promise.all(everyOperation(admin, theirs, theirShop))) expect(answer.body.status).toBe(ResponseStatus.notFound);
    const into = await upload(admin, { shopId: theirShop, name: 'Intruder' }, await jpeg(2048, 1024));
    expect(into.body.status).toBe(ResponseStatus.notFound);
    const foreignCamera = await invoke(
      t.app,
      virtualStoreOperations.panoUpdate,
      { panoramaId: mine.id, hotspots: [{ kind: 'camera', yaw: 0, pitch: 0, cameraId: theirCamera }] },
      admin,
    );
    expect(foreignCamera.body.status).toBe(ResponseStatus.notFound);
    const foreignLink = await invoke(
      t.app,
      virtualStoreOperations.panoUpdate,
      { panoramaId: mine.id, hotspots: [{ kind: 'link', yaw: 0, pitch: 0, targetPanoramaId: theirs.id }] },
      admin,
    );
    expect(foreignLink.body.status).toBe(ResponseStatus.errorModal);
    expect(
      ((await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: theirShop }, theirAdmin)).body.data as { panoramas: Panorama[] }).panoramas,
    ).toHaveLength(1);
  });

  it('a store manager reaches only their own store', async () => {
    for (const answer of await Promise.all(everyOperation(limited, otherStore, shop2))) expect(answer.body.status).toBe(ResponseStatus.notFound);
    const into = await upload(limited, { shopId: shop2, name: 'Not mine' }, await jpeg(2048, 1024));
    expect(into.body.status).toBe(ResponseStatus.notFound);
    const own = await invoke(t.app, virtualStoreOperations.panoUpdate, { panoramaId: mine.id, initialYaw: 0.5 }, limited);
    expect(own.body.status, own.body.msg).toBe(200);
  });

  it('an observer watches the tour but cannot change it; a role without the tour key sees nothing', async () => {
    expect((await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, observer)).body.status).toBe(200);
    const image = await download(t.app, 'GET', `${virtualStoreOperations.panoImage.path}?panoramaId=${mine.id}&size=full`, undefined, observer);
    expect(image.http).toBe(200);
    expect((await invoke(t.app, virtualStoreOperations.panoUpdate, { panoramaId: mine.id, name: 'No' }, observer)).body.status).toBe(
      ResponseStatus.noAuthority,
    );
    expect((await invoke(t.app, virtualStoreOperations.panoDelete, { panoramaId: mine.id }, observer)).body.status).toBe(ResponseStatus.noAuthority);
    expect((await upload(observer, { shopId: shop1, name: 'No' }, await jpeg(2048, 1024))).body.status).toBe(ResponseStatus.noAuthority);
    for (const answer of await Promise.all(everyOperation(noTour, mine, shop1))) expect(answer.body.status).toBe(ResponseStatus.noAuthority);
    // Nothing of the refused calls changed the panorama.
    const info = (await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop1 }, admin)).body.data as { panoramas: Panorama[] };
    expect(info.panoramas[0]?.name).toBe('Front door');
  });
});
