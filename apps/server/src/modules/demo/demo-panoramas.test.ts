import fs from 'node:fs';
import path from 'node:path';
import { type PanoInfo, virtualStoreOperations } from '@storelens/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, type Session } from '../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../test/harness.ts';
import { signInAsDemoAdmin } from '../../../test/support/demo.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * The demo's panoramas: every demo store gets three, made with code at seed time and added through
 * the virtual-store service (so they passed its validation and were tiled), linked as a tour, with
 * a hotspot on each of the store's cameras.
 */
let t: TestApp;
let admin: Session;
let seeded: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemo(t.db, t.config.dataDir, { historyDays: 0, seed: 5 });
  admin = await signInAsDemoAdmin(t);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('demo panoramas', () => {
  it('every store of the customer has an entrance, aisles and checkout, linked both ways, with a hotspot per camera', async () => {
    const shops = await t.db.selectFrom('shops').select(['id']).where('customer_id', '=', admin.cid).execute();
    const totalShops = await t.db.selectFrom('shops').select(['id']).execute();
    expect(seeded.panoramas).toBe(totalShops.length * 3);
    for (const shop of shops) {
      const cameras = await t.db.selectFrom('cameras').select(['id']).where('customer_id', '=', admin.cid).where('shop_id', '=', shop.id).execute();
      const info = (await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop.id }, admin)).body.data as PanoInfo;
      expect(info.panoramas.map((pano) => pano.name)).toEqual(['Entrance', 'Aisles', 'Checkout']);
      const [entrance, aisles, checkout] = info.panoramas.map((pano) => pano.id);
      const linksOf = (index: number) => info.panoramas[index]?.hotspots.filter((spot) => spot.kind === 'link').map((spot) => spot.targetPanoramaId);
      expect(linksOf(0)).toEqual([aisles]);
      expect(linksOf(1)).toEqual([checkout, entrance]);
      expect(linksOf(2)).toEqual([aisles]);
      for (const pano of info.panoramas) {
        expect(
          pano.hotspots
            .filter((spot) => spot.kind === 'camera')
            .map((spot) => spot.cameraId)
            .sort(),
        ).toEqual(cameras.map((camera) => camera.id).sort());
        expect(pano.tiles).toMatchObject({ width: 2048, cols: 4, rows: 2 });
      }
    }
  });

  it('a demo panorama looks like a room: its tiles are not one flat colour, and the floor is below the ceiling', async () => {
    const shop = await t.db.selectFrom('shops').select(['id']).where('customer_id', '=', admin.cid).executeTakeFirstOrThrow();
    const pano = ((await invoke(t.app, virtualStoreOperations.panoInfo, { shopId: shop.id }, admin)).body.data as PanoInfo).panoramas[1];
    const tile = async (row: number) =>
      sharp(
        (await download(t.app, 'GET', `${virtualStoreOperations.panoTile.path}?panoramaId=${pano?.id}&col=1&row=${row}`, undefined, admin)).content,
      ).stats();
    const top = await tile(0);
    const bottom = await tile(1);
    // The lower half (shelves of goods, floor tiles) varies; the ceiling is lighter than the floor.
    expect(Math.max(...bottom.channels.map((channel) => channel.stdev))).toBeGreaterThan(20);
    expect(top.channels[0]?.mean ?? 0).toBeGreaterThan(bottom.channels[0]?.mean ?? 255);
    // The seed's scratch files are gone.
    expect(fs.existsSync(path.join(t.config.dataDir, 'demo-panoramas'))).toBe(false);
  });
});
