import '@fastify/multipart';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type OperationInput, PANORAMA, type PanoInfo, type Panorama, panoUploadFieldsSchema, type virtualStoreOperations } from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { AppError, badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { PanoramaRefused, type PreparedPanorama, preparePanorama } from './panorama-image.ts';
import { panoramaKeys } from './panorama-keys.ts';
import { type HotspotRow, type PanoramaRow, virtualStoreRepo } from './virtual-store.repo.ts';

type UpdateInput = OperationInput<typeof virtualStoreOperations.panoUpdate>;
type ImageQuery = OperationInput<typeof virtualStoreOperations.panoImage>;
type TileQuery = OperationInput<typeof virtualStoreOperations.panoTile>;

const MAX_MB = PANORAMA.maxBytes / 1024 / 1024;
/** Stored images never change (a new upload is a new panorama), so the browser may keep them; the guard still runs on every request. */
const IMAGE_CACHE = 'private, max-age=86400';

function present(row: PanoramaRow, hotspots: readonly HotspotRow[]): Panorama {
  return {
    id: row.id,
    shopId: row.shop_id,
    name: row.name,
    width: row.width,
    height: row.height,
    uploadedWidth: row.uploaded_width,
    uploadedHeight: row.uploaded_height,
    bytes: Number(row.bytes),
    sha256: row.sha256,
    sortOrder: row.sort_order,
    initialYaw: Number(row.initial_yaw),
    initialPitch: Number(row.initial_pitch),
    tiles: { width: row.width, cols: row.tile_cols, rows: row.tile_rows, baseWidth: PANORAMA.baseWidth },
    hotspots: hotspots.map((spot) => ({
      id: spot.id,
      kind: spot.kind,
      yaw: Number(spot.yaw),
      pitch: Number(spot.pitch),
      label: spot.label,
      cameraId: spot.camera_id,
      targetPanoramaId: spot.target_panorama_id,
    })),
    updatedAt: row.updated_at,
  };
}

/**
 * The virtual store (issue 12 section 5b): a store's panoramas, their hotspots and links, uploads
 * (validated and tiled before anything is stored), the image and tiles for the viewer. Every shop
 * and camera is checked through the access module; what lies outside answers 'not found'.
 */
export function createVirtualStoreService(deps: { db: DB; storage: ObjectStorage; dataDir: string }) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => virtualStoreRepo(tenantScope(on, customerId));

  /** The panorama, if the caller sees its store. */
  async function visiblePanorama(actor: CustomerActor, panoramaId: string): Promise<PanoramaRow> {
    const row = await repoOf(actor.customerId).panorama(panoramaId);
    if (!row) throw notFound();
    await accessOf(db, actor).requireShop(row.shop_id);
    return row;
  }

  /**
   * The hotspots a viewer is shown: camera hotspots whose camera still belongs to the store (a
   * camera deleted or moved to another store since drops out; the row stays until the next save).
   */
  async function liveHotspots(actor: CustomerActor, shopId: string, rows: readonly HotspotRow[]): Promise<HotspotRow[]> {
    const access = accessOf(db, actor);
    const cameraIds = [...new Set(rows.flatMap((row) => (row.camera_id ? [row.camera_id] : [])))];
    const shopOf = new Map<string, string>();
    for (const cameraId of cameraIds) {
      try {
        for (const [id, shop] of await access.cameras([cameraId])) shopOf.set(id, shop);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return rows.filter((row) => row.kind === 'link' || (row.camera_id !== null && shopOf.get(row.camera_id) === shopId));
  }

  async function panoramaWithHotspots(actor: CustomerActor, row: PanoramaRow): Promise<Panorama> {
    const hotspots = await repoOf(actor.customerId).hotspotsOf([row.id]);
    return present(row, await liveHotspots(actor, row.shop_id, hotspots));
  }

  /** Checks hotspots against the panorama's store: cameras of that store, links to its other panoramas. */
  async function checkedHotspots(actor: CustomerActor, panorama: PanoramaRow, input: NonNullable<UpdateInput['hotspots']>): Promise<HotspotRow[]> {
    const cameraIds = input.flatMap((spot) => (spot.kind === 'camera' && spot.cameraId ? [spot.cameraId] : []));
    const cameraShops = cameraIds.length > 0 ? await accessOf(db, actor).cameras(cameraIds) : new Map<string, string>();
    const siblings = new Set((await repoOf(actor.customerId).panoramasOfShop(panorama.shop_id)).map((row) => row.id));
    return input.map((spot, position) => {
      const cameraId = spot.kind === 'camera' ? (spot.cameraId ?? null) : null;
      const targetPanoramaId = spot.kind === 'link' ? (spot.targetPanoramaId ?? null) : null;
      if (spot.kind === 'camera' && (!cameraId || cameraShops.get(cameraId) !== panorama.shop_id)) throw refused('pano.cameraNotInShop');
      if (spot.kind === 'link' && (!targetPanoramaId || targetPanoramaId === panorama.id || !siblings.has(targetPanoramaId)))
        throw refused('pano.linkNotInShop');
      return {
        id: newId(),
        panorama_id: panorama.id,
        position,
        kind: spot.kind,
        yaw: spot.yaw,
        pitch: spot.pitch,
        label: spot.label ?? '',
        camera_id: cameraId,
        target_panorama_id: targetPanoramaId,
      };
    });
  }

  async function store(customerId: string, id: string, prepared: PreparedPanorama): Promise<void> {
    const keys = panoramaKeys(customerId, id);
    await storage.putBuffer(keys.full, prepared.full);
    await storage.putBuffer(keys.base, prepared.base);
    for (const tile of prepared.tiles) await storage.putBuffer(keys.tile(tile.col, tile.row), tile.jpeg);
  }

  async function removeStored(customerId: string, id: string): Promise<void> {
    const keys: string[] = [];
    for await (const object of storage.list(`${panoramaKeys(customerId, id).prefix}/`)) keys.push(object.key);
    await storage.delete(keys);
  }

  /** Adds a panorama from a JPEG file on disk: the upload's and the demo seed's one path. */
  async function addPanorama(actor: CustomerActor, input: { shopId: string; name: string; file: string }): Promise<Panorama> {
    await accessOf(db, actor).requireShop(input.shopId);
    const repo = repoOf(actor.customerId);
    const count = await repo.countOfShop(input.shopId);
    if (count >= PANORAMA.perShop) throw refused('pano.tooMany', { max: PANORAMA.perShop });
    let prepared: PreparedPanorama;
    try {
      prepared = await preparePanorama(input.file);
    } catch (error) {
      if (error instanceof PanoramaRefused) throw refused(error.key, error.params);
      throw error;
    }
    const id = newId();
    const at = nowIso();
    const row: PanoramaRow = {
      id,
      shop_id: input.shopId,
      name: input.name,
      sort_order: count,
      initial_yaw: 0,
      initial_pitch: 0,
      width: prepared.width,
      height: prepared.height,
      uploaded_width: prepared.uploadedWidth,
      uploaded_height: prepared.uploadedHeight,
      bytes: prepared.bytes,
      sha256: prepared.sha256,
      storage_prefix: panoramaKeys(actor.customerId, id).prefix,
      tile_cols: prepared.cols,
      tile_rows: prepared.rows,
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
    };
    try {
      await store(actor.customerId, id, prepared);
      await repo.insertPanorama(row);
    } catch (error) {
      // Nothing half-written (DESIGN R1): images without their row are removed.
      await removeStored(actor.customerId, id);
      throw error;
    }
    return present(row, []);
  }

  /** Receives the one file part of a multipart upload into DATA_DIR (never whole in memory), and the fields. */
  async function receive(request: FastifyRequest, file: string): Promise<Record<string, string>> {
    if (!request.isMultipart()) throw badRequest('pano.noFile');
    const fields: Record<string, string> = {};
    let received = false;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || received) throw badRequest('pano.noFile');
        received = true;
        try {
          await pipeline(part.file, fs.createWriteStream(file));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused('pano.fileTooLarge', { mb: MAX_MB });
          throw error;
        }
        if (part.file.truncated) throw refused('pano.fileTooLarge', { mb: MAX_MB });
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('pano.noFile');
      throw error;
    }
    if (!received) throw badRequest('pano.noFile');
    return fields;
  }

  return {
    async info(actor: CustomerActor, input: { shopId: string }): Promise<PanoInfo> {
      await accessOf(db, actor).requireShop(input.shopId);
      const repo = repoOf(actor.customerId);
      const rows = await repo.panoramasOfShop(input.shopId);
      const hotspots = await liveHotspots(actor, input.shopId, await repo.hotspotsOf(rows.map((row) => row.id)));
      return {
        shopId: input.shopId,
        panoramas: rows.map((row) =>
          present(
            row,
            hotspots.filter((spot) => spot.panorama_id === row.id),
          ),
        ),
      };
    },

    async upload(actor: CustomerActor, request: FastifyRequest): Promise<Panorama> {
      const directory = path.join(deps.dataDir, 'pano-incoming');
      await fs.promises.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${newId()}.part`);
      try {
        const fields = await receive(request, file);
        const parsed = panoUploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw new AppError('badRequest', parsed.error.issues[0]?.message ?? 'validation.required');
        return await addPanorama(actor, { ...parsed.data, file });
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },

    addPanorama,

    async update(actor: CustomerActor, input: UpdateInput): Promise<Panorama> {
      const panorama = await visiblePanorama(actor, input.panoramaId);
      const hotspots = input.hotspots ? await checkedHotspots(actor, panorama, input.hotspots) : null;
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        await repo.updatePanorama(panorama.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.initialYaw !== undefined ? { initial_yaw: input.initialYaw } : {}),
          ...(input.initialPitch !== undefined ? { initial_pitch: input.initialPitch } : {}),
          ...(input.sortOrder !== undefined ? { sort_order: input.sortOrder } : {}),
          updated_at: nowIso(),
        });
        if (hotspots) {
          await repo.deleteHotspotsOf(panorama.id);
          await repo.insertHotspots(hotspots);
        }
      });
      return panoramaWithHotspots(actor, await visiblePanorama(actor, panorama.id));
    },

    async remove(actor: CustomerActor, input: { panoramaId: string }): Promise<{ panoramaId: string }> {
      const panorama = await visiblePanorama(actor, input.panoramaId);
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        await repo.deleteLinksTo(panorama.id);
        await repo.deleteHotspotsOf(panorama.id);
        await repo.deletePanorama(panorama.id);
      });
      await removeStored(actor.customerId, panorama.id);
      return { panoramaId: panorama.id };
    },

    async image(actor: CustomerActor, query: ImageQuery): Promise<DownloadStream> {
      const panorama = await visiblePanorama(actor, query.panoramaId);
      const keys = panoramaKeys(actor.customerId, panorama.id);
      return streamOf(query.size === 'full' ? keys.full : keys.base, `${panorama.id}-${query.size ?? 'base'}.jpg`);
    },

    async tile(actor: CustomerActor, query: TileQuery): Promise<DownloadStream> {
      const panorama = await visiblePanorama(actor, query.panoramaId);
      const col = Number(query.col);
      const row = Number(query.row);
      if (col >= panorama.tile_cols || row >= panorama.tile_rows) throw notFound();
      return streamOf(panoramaKeys(actor.customerId, panorama.id).tile(col, row), `${panorama.id}-${col}-${row}.jpg`);
    },
  };

  async function streamOf(key: string, fileName: string): Promise<DownloadStream> {
    const size = await storage.size(key);
    if (size === null) throw notFound();
    return { fileName, contentType: 'image/jpeg', size, inline: true, cacheControl: IMAGE_CACHE, open: (range) => storage.read(key, range) };
  }
}
export type VirtualStoreService = ReturnType<typeof createVirtualStoreService>;
