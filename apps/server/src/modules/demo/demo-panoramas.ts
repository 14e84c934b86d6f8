import fsp from 'node:fs/promises';
import path from 'node:path';
import type { HotspotInput } from '@storelens/contracts';
import sharp from 'sharp';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { createVirtualStoreService } from '../virtual-store/virtual-store.service.ts';
import { seedActor } from './seed-actor.ts';

/**
 * The demo's panoramas, made with code: a small ray caster renders an equirectangular view from
 * the middle of a box-shaped shop (floor tiles, walls, ceiling lights, shelves of coloured goods, a
 * counter), signs are drawn on with SVG, and sharp writes the JPEG. Three rooms per store, linked as
 * a tour, with a hotspot on each of the store's cameras, all through the virtual-store service.
 */
export const DEMO_PANO_WIDTH = 2048;
const HEIGHT = DEMO_PANO_WIDTH / 2;

type Rgb = [number, number, number];
interface Box {
  min: [number, number, number];
  max: [number, number, number];
  kind: 'shelf' | 'counter';
}
export type DemoRoomKind = 'entrance' | 'aisles' | 'checkout';
interface Room {
  halfWidth: number;
  halfDepth: number;
  floorY: number;
  ceilingY: number;
  boxes: Box[];
  /** The +z wall has the shop's glass door. */
  door: boolean;
}

const ROOMS: Record<DemoRoomKind, Room> = {
  entrance: {
    halfWidth: 5,
    halfDepth: 6,
    floorY: -1.6,
    ceilingY: 1.5,
    door: true,
    boxes: [
      { min: [-4.8, -1.6, -5], max: [-4.2, 0.4, 3], kind: 'shelf' },
      { min: [4.2, -1.6, -5], max: [4.8, 0.4, 3], kind: 'shelf' },
    ],
  },
  aisles: {
    halfWidth: 6,
    halfDepth: 8,
    floorY: -1.6,
    ceilingY: 1.6,
    door: false,
    boxes: [
      { min: [-3.4, -1.6, -6], max: [-2.6, 0.3, 6], kind: 'shelf' },
      { min: [-1.4, -1.6, 1.5], max: [-0.8, 0.3, 7], kind: 'shelf' },
      { min: [0.8, -1.6, 1.5], max: [1.4, 0.3, 7], kind: 'shelf' },
      { min: [2.6, -1.6, -6], max: [3.4, 0.3, 6], kind: 'shelf' },
      { min: [-5.8, -1.6, -7.5], max: [-5.2, 0.6, 7.5], kind: 'shelf' },
      { min: [5.2, -1.6, -7.5], max: [5.8, 0.6, 7.5], kind: 'shelf' },
    ],
  },
  checkout: {
    halfWidth: 5,
    halfDepth: 5,
    floorY: -1.6,
    ceilingY: 1.4,
    door: false,
    boxes: [
      { min: [-2.5, -1.6, 2], max: [2.5, -0.6, 2.9], kind: 'counter' },
      { min: [-4.8, -1.6, -4.5], max: [-4.2, 0.5, 1], kind: 'shelf' },
      { min: [4.2, -1.6, -4.5], max: [4.8, 0.5, 1], kind: 'shelf' },
    ],
  },
};

const GOODS: Rgb[] = [
  [214, 69, 65],
  [241, 169, 59],
  [76, 175, 80],
  [33, 150, 243],
  [156, 39, 176],
  [255, 235, 59],
  [0, 150, 136],
  [233, 30, 99],
];

const WALLS: Rgb[] = [
  [222, 214, 198],
  [206, 220, 226],
  [228, 222, 210],
  [212, 206, 222],
];

const hash = (a: number, b: number) => {
  const x = Math.sin(a * 127.1 + b * 311.7) * 43758.5453;
  return x - Math.floor(x);
};

function surfaceColour(room: Room, hit: [number, number, number], normalAxis: number, box: Box | null): Rgb {
  const [x, y, z] = hit;
  if (box) {
    if (box.kind === 'counter') return y > box.max[1] - 0.02 ? [60, 60, 66] : [120, 82, 52];
    if (normalAxis === 1) return [150, 150, 150];
    const level = Math.floor((y - box.min[1]) / 0.42);
    const within = (y - box.min[1]) / 0.42 - level;
    if (within < 0.08) return [90, 90, 96];
    const along = normalAxis === 0 ? z : x;
    return GOODS[Math.floor(hash(Math.floor(along / 0.22), level + box.min[0]) * GOODS.length)] ?? [128, 128, 128];
  }
  if (normalAxis === 1) {
    if (y < 0) {
      const checker = (Math.floor(x / 0.6) + Math.floor(z / 0.6)) & 1;
      return checker ? [196, 190, 178] : [170, 164, 152];
    }
    const panel = ((x % 2) + 2) % 2 < 0.7 && ((z % 3) + 3) % 3 < 1.2;
    return panel ? [255, 255, 250] : [236, 236, 232];
  }
  if (y < room.floorY + 0.15) return [110, 104, 96];
  if (room.door && normalAxis === 2 && z > 0 && Math.abs(x) < 1.3 && y < 0.7) return Math.abs(x) < 0.03 ? [80, 80, 80] : [150, 196, 214];
  const wall = WALLS[normalAxis === 0 ? (x > 0 ? 0 : 2) : z > 0 ? 1 : 3] ?? [220, 220, 220];
  const shade = 0.9 + 0.1 * ((y - room.floorY) / (room.ceilingY - room.floorY));
  return [wall[0] * shade, wall[1] * shade, wall[2] * shade];
}

/** Renders a room as raw RGB, equirectangular: column -> yaw (0 in the middle, positive right), row -> pitch. */
export function renderRoom(kind: DemoRoomKind, width = DEMO_PANO_WIDTH): Buffer {
  const room = ROOMS[kind];
  const height = width / 2;
  const pixels = Buffer.alloc(width * height * 3);
  const bounds = [room.halfWidth, 0, room.halfDepth];
  for (let row = 0; row < height; row += 1) {
    const pitch = (0.5 - (row + 0.5) / height) * Math.PI;
    const cosPitch = Math.cos(pitch);
    const dy = Math.sin(pitch);
    for (let col = 0; col < width; col += 1) {
      const yaw = ((col + 0.5) / width - 0.5) * 2 * Math.PI;
      const d = [Math.sin(yaw) * cosPitch, dy, Math.cos(yaw) * cosPitch] as const;
      // The room's walls, floor and ceiling: the nearest plane in the ray's direction.
      let t = Number.POSITIVE_INFINITY;
      let axis = 0;
      for (let a = 0; a < 3; a += 1) {
        const da = d[a] as number;
        if (Math.abs(da) < 1e-9) continue;
        const plane = a === 1 ? (da > 0 ? room.ceilingY : room.floorY) : da > 0 ? (bounds[a] as number) : -(bounds[a] as number);
        const ta = plane / da;
        if (ta > 0 && ta < t) {
          t = ta;
          axis = a;
        }
      }
      let hitBox: Box | null = null;
      for (const box of room.boxes) {
        let near = Number.NEGATIVE_INFINITY;
        let far = Number.POSITIVE_INFINITY;
        let nearAxis = 0;
        for (let a = 0; a < 3; a += 1) {
          const da = d[a] as number;
          const lo = box.min[a] as number;
          const hi = box.max[a] as number;
          if (Math.abs(da) < 1e-9) {
            if (lo > 0 || hi < 0) near = Number.POSITIVE_INFINITY;
            continue;
          }
          const t1 = Math.min(lo / da, hi / da);
          const t2 = Math.max(lo / da, hi / da);
          if (t1 > near) {
            near = t1;
            nearAxis = a;
          }
          far = Math.min(far, t2);
        }
        if (near <= far && near > 0 && near < t) {
          t = near;
          axis = nearAxis;
          hitBox = box;
        }
      }
      const hit: [number, number, number] = [d[0] * t, d[1] * t, d[2] * t];
      const colour = surfaceColour(room, hit, axis, hitBox);
      // Light falls off with distance, so depth reads even without textures.
      const light = Math.max(0.62, 1 - t / 28);
      const at = (row * width + col) * 3;
      pixels[at] = Math.min(255, colour[0] * light);
      pixels[at + 1] = Math.min(255, colour[1] * light);
      pixels[at + 2] = Math.min(255, colour[2] * light);
    }
  }
  return pixels;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sign as an SVG image, composited onto the panorama near the horizon (where equirectangular distortion is least). */
function sign(text: string, colour: string): Buffer {
  const width = Math.max(220, 24 * text.length + 60);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64"><rect width="${width}" height="64" rx="8" fill="${colour}"/><text x="${width / 2}" y="43" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text></svg>`,
  );
}

const columnOf = (yaw: number) => Math.round(((yaw / (2 * Math.PI) + 0.5) % 1) * DEMO_PANO_WIDTH);
const rowOf = (pitch: number) => Math.round((0.5 - pitch / Math.PI) * HEIGHT);

export const DEMO_ROOMS: readonly {
  kind: DemoRoomKind;
  name: string;
  signs: (shopName: string) => { text: string; yaw: number; pitch: number; colour: string }[];
}[] = [
  { kind: 'entrance', name: 'Entrance', signs: (shopName) => [{ text: shopName, yaw: 0, pitch: 0.42, colour: '#1d4e89' }] },
  {
    kind: 'aisles',
    name: 'Aisles',
    signs: () => [
      { text: 'AISLE 1', yaw: -0.5, pitch: 0.3, colour: '#2e7d32' },
      { text: 'AISLE 2', yaw: 0.5, pitch: 0.3, colour: '#6a1b9a' },
    ],
  },
  { kind: 'checkout', name: 'Checkout', signs: () => [{ text: 'CHECKOUT', yaw: 0, pitch: 0.35, colour: '#b23c17' }] },
];

/** A demo panorama as a JPEG: the rendered room with its signs. */
export async function demoPanoramaJpeg(pixels: Buffer, signs: readonly { text: string; yaw: number; pitch: number; colour: string }[]): Promise<Buffer> {
  const overlays = await Promise.all(
    signs.map(async (one) => {
      const image = sign(one.text, one.colour);
      const { width = 0, height = 0 } = await sharp(image).metadata();
      return {
        input: image,
        left: Math.max(0, Math.min(DEMO_PANO_WIDTH - width, columnOf(one.yaw) - Math.round(width / 2))),
        top: Math.max(0, rowOf(one.pitch) - Math.round(height / 2)),
      };
    }),
  );
  return sharp(pixels, { raw: { width: DEMO_PANO_WIDTH, height: HEIGHT, channels: 3 } })
    .composite(overlays)
    .jpeg({ quality: 82 })
    .toBuffer();
}

export interface DemoPanoramaShop {
  customerId: string;
  shopId: string;
  shopName: string;
  cameras: { cameraId: string; name: string }[];
}

/**
 * Every demo store gets the three rooms, linked entrance <-> aisles <-> checkout, and one hotspot
 * per camera (spread across the opening view, above the forward link), through the service.
 */
export async function seedDemoPanoramas(deps: { db: DB; storage: ObjectStorage; dataDir: string }, shops: readonly DemoPanoramaShop[]): Promise<number> {
  const service = createVirtualStoreService(deps);
  const rendered = new Map(DEMO_ROOMS.map((room) => [room.kind, renderRoom(room.kind)]));
  const directory = path.join(deps.dataDir, 'demo-panoramas');
  await fsp.mkdir(directory, { recursive: true });
  let count = 0;
  try {
    for (const shop of shops) {
      const actor = seedActor(shop.customerId);
      const ids: string[] = [];
      for (const room of DEMO_ROOMS) {
        const file = path.join(directory, `${shop.shopId}-${room.kind}.jpg`);
        await fsp.writeFile(file, await demoPanoramaJpeg(rendered.get(room.kind) as Buffer, room.signs(shop.shopName)));
        ids.push((await service.addPanorama(actor, { shopId: shop.shopId, name: room.name, file })).id);
        await fsp.rm(file, { force: true });
        count += 1;
      }
      for (const [index, panoramaId] of ids.entries()) {
        const hotspots: HotspotInput[] = [];
        const previous = ids[index - 1];
        const next = ids[index + 1];
        // Forward is ahead (yaw 0, a little below the horizon), back is behind.
        if (next) hotspots.push({ kind: 'link', yaw: 0, pitch: -0.18, label: DEMO_ROOMS[index + 1]?.name ?? '', targetPanoramaId: next });
        if (previous) hotspots.push({ kind: 'link', yaw: Math.PI * 0.97, pitch: -0.18, label: DEMO_ROOMS[index - 1]?.name ?? '', targetPanoramaId: previous });
        shop.cameras.forEach((camera, at) => {
          // Within the opening view (about ±0.9 rad ahead), above the forward link.
          const yaw = -0.9 + ((at + 0.5) * 1.8) / shop.cameras.length;
          hotspots.push({ kind: 'camera', yaw: index % 2 === 0 ? yaw : -yaw, pitch: 0.32, label: camera.name, cameraId: camera.cameraId });
        });
        await service.update(actor, { panoramaId, hotspots, initialYaw: 0, initialPitch: -0.05 });
      }
    }
  } finally {
    await fsp.rm(directory, { recursive: true, force: true });
  }
  return count;
}
