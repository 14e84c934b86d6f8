import {
  FLOOR_PLAN,
  type FloorPlan,
  type floorPlanFieldsSchema,
  type PlanElement,
  type PlanElementKind,
  type PlanImageUpload,
  type PlanPointDto,
  type PlanUpdate,
  planElementInputSchema,
  type planElementsSaveSchema,
} from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { createCameraPoints, extentOf } from './camera-points.ts';
import { createElementConfig } from './element-config.ts';
import { type FloorPlanRow, floorplanRepo, type PlanElementRow } from './floorplan.repo.ts';
import { calibrationOf, presentElement, presentPlan } from './floorplan-present.ts';
import { cameraGeometry } from './geometry/calibration.ts';
import type { Matrix3, PixelPoint, PlanExtent } from './geometry/types.ts';
import { planElementSave } from './plan-elements.ts';
import { checkPlanImage, planImageKey, sameShape, uploadedImageKey, uploadsPrefix } from './plan-image.ts';

type PlanFields = z.output<typeof floorPlanFieldsSchema>;
type ElementsSave = z.output<typeof planElementsSaveSchema>;

/** A camera's current projection onto its plan (part B's ingestion projects track points with it). */
export interface CameraProjection {
  cameraId: string;
  shopId: string;
  planId: string;
  /** The camera point version that produced the projection (name it in what is computed from it). */
  cameraPointId: string;
  cameraPointVersion: number;
  /** The plan's geometry version now. */
  planVersion: number;
  source: 'pinhole' | 'homography';
  /** Pixels are at this size; scale other image sizes to it before projecting. */
  calibWidth: number;
  calibHeight: number;
  extent: PlanExtent;
  matrix: Matrix3;
  footprint: PlanPointDto[];
  /** Camera pixel -> plan point in metres; null above the horizon. */
  project: (pixel: PixelPoint) => PlanPointDto | null;
}

/** A mask or camera point that shaped a plan's heat, named for a report (analysis: the heat's geometry). */
export interface HeatSource {
  /** The mask's element id, or the camera's id. */
  elementId: string;
  name: string;
  /** Its version now; 0 when it is no longer on the plan (a mask deleted, a camera point removed or moved to another plan). */
  version: number;
  /** When that version was saved; for one no longer on the plan, when it left. */
  createdAt: string;
}

/**
 * Floor plans of shops, their camera points and drawn elements (issue 13 part A). Every plan is
 * reached through its shop, asked of the access module: a plan of a shop the caller does not see
 * answers 'not found', like another customer's.
 */
export function createFloorplanService(deps: { db: DB; storage: ObjectStorage }) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => floorplanRepo(tenantScope(on, customerId));

  async function visiblePlan(actor: CustomerActor, planId: string): Promise<FloorPlanRow> {
    const plan = await repoOf(actor.customerId).plan(planId);
    if (!plan) throw notFound();
    await accessOf(db, actor).requireShop(plan.shop_id);
    return plan;
  }

  const cameraPoints = createCameraPoints({ db, visiblePlan });
  const config = createElementConfig({ db, visiblePlan });

  async function nameTaken(customerId: string, shopId: string, name: string, except?: string): Promise<boolean> {
    const found = await repoOf(customerId).planNamed(shopId, name);
    return found !== undefined && found.id !== except;
  }

  /** Adds a plan from an image's bytes: the upload's and the demo seed's one path. The first plan of a floor becomes active. */
  async function addPlan(actor: CustomerActor, fields: PlanFields, content: Buffer): Promise<FloorPlan> {
    await accessOf(db, actor).requireShop(fields.shopId);
    if (await nameTaken(actor.customerId, fields.shopId, fields.name)) throw refused('errors.floorPlanNameExists');
    const image = await checkPlanImage(content);
    const id = newId();
    const at = nowIso();
    const key = planImageKey(actor.customerId, id, newId(), image.type);
    const siblings = await repoOf(actor.customerId).plansOfShops([fields.shopId]);
    const row: FloorPlanRow = {
      id,
      shop_id: fields.shopId,
      name: fields.name,
      number: fields.number,
      floor: fields.floor,
      pixels_per_metre: fields.pixelsPerMetre,
      width_m: image.width / fields.pixelsPerMetre,
      height_m: image.height / fields.pixelsPerMetre,
      image_key: key,
      image_type: image.type,
      image_width: image.width,
      image_height: image.height,
      image_bytes: image.bytes,
      active: siblings.some((plan) => plan.floor === fields.floor && plan.active === 1) ? 0 : 1,
      geometry_version: 1,
      created_by: actor.userId,
      created_at: at,
      updated_at: at,
    };
    await storage.putBuffer(key, image.content);
    try {
      await repoOf(actor.customerId).insertPlan(row);
    } catch (error) {
      await storage.delete([key]);
      if (isUniqueViolation(error)) throw refused('errors.floorPlanNameExists');
      throw error;
    }
    return presentPlan(row);
  }

  /** Saves one tool's drawing (every element of one kind); a change of anything but an occupancy threshold raises the plan's geometry version. */
  async function saveElements(actor: CustomerActor, input: ElementsSave): Promise<PlanElement[]> {
    const plan = await visiblePlan(actor, input.planId);
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      const repo = repoOf(actor.customerId, trx);
      const current = await repo.currentElements([plan.id], input.kind);
      const planned = planElementSave(input.kind, input.elements, current, extentOf(plan));
      for (const entry of planned.retuned) await repo.setOccupancyThreshold(entry.row.id, entry.threshold);
      if (planned.written.length === 0 && planned.retired.length === 0) return;
      const planVersion = await repo.bumpGeometryVersion(plan.id, at);
      await repo.retireElements(
        planned.retired.map((row) => row.id),
        at,
      );
      const rows: PlanElementRow[] = planned.written.map((entry) => ({
        id: newId(),
        element_id: entry.elementId ?? newId(),
        plan_id: plan.id,
        version: (entry.previous?.version ?? 0) + 1,
        plan_version: planVersion,
        kind: input.kind,
        ...entry.content,
        created_by: actor.userId,
        created_at: at,
        retired_at: null,
      }));
      await repo.insertElements(rows);
    });
    return (await repoOf(actor.customerId).currentElements([plan.id], input.kind)).map(presentElement);
  }

  /** Reads an uploaded image back from storage (save by URL): only this customer's upload area is accepted. */
  async function storedUpload(customerId: string, key: string): Promise<Buffer> {
    if (!key.startsWith(uploadsPrefix(customerId)) || key.includes('..')) throw refused('floorplan.imageNotStored');
    const size = await storage.size(key);
    if (size === null) throw refused('floorplan.imageNotStored');
    if (size > FLOOR_PLAN.maxBytes) throw refused('errors.fileTooLarge');
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async function hasGeometry(customerId: string, planId: string): Promise<boolean> {
    const repo = repoOf(customerId);
    return (await repo.currentElements([planId])).length > 0 || (await repo.currentCameraPoints([planId])).length > 0;
  }

  const admin = {
    async update(actor: CustomerActor, input: PlanUpdate): Promise<FloorPlan> {
      const plan = await visiblePlan(actor, input.planId);
      const name = input.name?.trim();
      if (name !== undefined && (await nameTaken(actor.customerId, plan.shop_id, name, plan.id))) throw refused('errors.floorPlanNameExists');
      const rescale = input.pixelsPerMetre !== undefined && input.pixelsPerMetre !== Number(plan.pixels_per_metre);
      if (rescale && (await hasGeometry(actor.customerId, plan.id))) throw refused('floorplan.scaleLocked');
      const at = nowIso();
      const floorChanged = input.floor !== undefined && input.floor !== plan.floor;
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        await repo.updatePlan(plan.id, {
          ...(name !== undefined ? { name } : {}),
          ...(input.number !== undefined ? { number: input.number } : {}),
          ...(input.floor !== undefined ? { floor: input.floor } : {}),
          ...(rescale && input.pixelsPerMetre
            ? { pixels_per_metre: input.pixelsPerMetre, width_m: plan.image_width / input.pixelsPerMetre, height_m: plan.image_height / input.pixelsPerMetre }
            : {}),
          // A plan moved to another floor leaves that floor's active plan alone: it becomes active only where none is.
          ...(floorChanged ? { active: 0 } : {}),
          updated_at: at,
        });
        if (floorChanged) {
          const siblings = await repo.plansOfShops([plan.shop_id]);
          if (!siblings.some((other) => other.floor === input.floor && other.active === 1)) await repo.activate({ ...plan, floor: input.floor as number }, at);
        }
      });
      return presentPlan(await visiblePlan(actor, plan.id));
    },

    async remove(actor: CustomerActor, planId: string): Promise<{ planId: string }> {
      const plan = await visiblePlan(actor, planId);
      await db.transaction().execute(async (trx) => {
        await repoOf(actor.customerId, trx).deletePlan(plan.id);
      });
      const keys: string[] = [];
      for await (const object of storage.list(`floorplans/${actor.customerId}/${plan.id}/`)) keys.push(object.key);
      await storage.delete(keys);
      return { planId: plan.id };
    },

    async switchActive(actor: CustomerActor, planId: string): Promise<FloorPlan[]> {
      const plan = await visiblePlan(actor, planId);
      await db.transaction().execute(async (trx) => repoOf(actor.customerId, trx).activate(plan, nowIso()));
      return (await repoOf(actor.customerId).plansOfShops([plan.shop_id])).map(presentPlan);
    },

    async uploadImage(actor: CustomerActor, content: Buffer): Promise<PlanImageUpload> {
      const image = await checkPlanImage(content);
      const key = uploadedImageKey(actor.customerId, newId(), image.type);
      await storage.putBuffer(key, image.content);
      return { imageKey: key, type: image.type, width: image.width, height: image.height, bytes: image.bytes };
    },

    /** Replaces the plan's image by an uploaded one of the same shape; the extent in metres (and so every drawing) stays. */
    async saveByUrl(actor: CustomerActor, input: { planId: string; imageKey: string }): Promise<FloorPlan> {
      const plan = await visiblePlan(actor, input.planId);
      const image = await checkPlanImage(await storedUpload(actor.customerId, input.imageKey));
      if (!sameShape(image, plan)) throw refused('floorplan.imageShape');
      const key = planImageKey(actor.customerId, plan.id, newId(), image.type);
      await storage.putBuffer(key, image.content);
      await repoOf(actor.customerId).updatePlan(plan.id, {
        image_key: key,
        image_type: image.type,
        image_width: image.width,
        image_height: image.height,
        image_bytes: image.bytes,
        pixels_per_metre: image.width / Number(plan.width_m),
        updated_at: nowIso(),
      });
      await storage.delete([plan.image_key, input.imageKey]);
      return presentPlan(await visiblePlan(actor, plan.id));
    },

    async image(actor: CustomerActor, planId: string): Promise<DownloadStream> {
      const plan = await visiblePlan(actor, planId);
      const size = await storage.size(plan.image_key);
      if (size === null) throw notFound();
      const contentType = plan.image_type === 'png' ? 'image/png' : 'image/jpeg';
      const fileName = `${plan.id}.${plan.image_type === 'png' ? 'png' : 'jpg'}`;
      // The key changes with every new image, so the browser may keep one; the guard still runs on every request.
      return { fileName, contentType, size, inline: true, cacheControl: 'private, max-age=86400', open: (range) => storage.read(plan.image_key, range) };
    },
  };

  return {
    visiblePlan,
    addPlan,
    admin,
    saveElements,
    cameraPoints,
    config,

    /** The plans of the shops the caller asks for (every shop they see when none is named). */
    async plans(actor: CustomerActor, input: { shopIds?: string[] | undefined }): Promise<FloorPlan[]> {
      const shopIds = await accessOf(db, actor).shopIds(input.shopIds);
      return (await repoOf(actor.customerId).plansOfShops(shopIds)).map(presentPlan);
    },

    async plan(actor: CustomerActor, planId: string): Promise<FloorPlan> {
      return presentPlan(await visiblePlan(actor, planId));
    },

    async elements(actor: CustomerActor, planId: string, kind?: PlanElementKind): Promise<PlanElement[]> {
      const plan = await visiblePlan(actor, planId);
      return (await repoOf(actor.customerId).currentElements([plan.id], kind)).map(presentElement);
    },

    async isPlanNameTaken(actor: CustomerActor, input: { shopId: string; name: string; planId?: string | undefined }): Promise<boolean> {
      await accessOf(db, actor).requireShop(input.shopId);
      return nameTaken(actor.customerId, input.shopId, input.name.trim(), input.planId);
    },

    // ---- The read API of part B (issue 13 part B: tracks, heat grids, region analysis). No caller: the device or a job asks. ----

    /** A camera's current projection, or null when the camera has no point on a plan (or its parameters no longer project). */
    async cameraProjection(customerId: string, cameraId: string): Promise<CameraProjection | null> {
      const repo = repoOf(customerId);
      const point = await repo.currentCameraPoint(cameraId);
      if (!point) return null;
      const plan = await repo.plan(point.plan_id);
      if (!plan) return null;
      const extent = extentOf(plan);
      let geometry: ReturnType<typeof cameraGeometry>;
      try {
        geometry = cameraGeometry(calibrationOf(point), extent);
      } catch {
        return null;
      }
      return {
        cameraId,
        shopId: plan.shop_id,
        planId: plan.id,
        cameraPointId: point.id,
        cameraPointVersion: point.version,
        planVersion: plan.geometry_version,
        source: geometry.source,
        calibWidth: point.calib_width,
        calibHeight: point.calib_height,
        extent,
        matrix: geometry.matrix,
        footprint: geometry.footprint,
        project: geometry.project,
      };
    },

    /** The current version of every element of a plan (empty for a plan that does not exist). */
    async planElements(customerId: string, planId: string, kind?: PlanElementKind): Promise<PlanElement[]> {
      return (await repoOf(customerId).currentElements([planId], kind)).map(presentElement);
    },

    /** Element versions by version id, current or retired: what a report computed with names. */
    async elementVersions(customerId: string, versionIds: readonly string[]): Promise<PlanElement[]> {
      return (await repoOf(customerId).elementVersions(versionIds)).map(presentElement);
    },

    /**
     * What shapes a plan's heat: its masks and camera points as they are now, and of the ids given
     * (those its stored heat names), the ones no longer on the plan, with their last name.
     */
    async heatSources(customerId: string, planId: string, named: { maskIds: readonly string[]; cameraIds: readonly string[] }): Promise<HeatSource[]> {
      const repo = repoOf(customerId);
      const [masks, points] = await Promise.all([repo.currentElements([planId], 'mask'), repo.currentCameraPoints([planId])]);
      const currentMasks = new Set(masks.map((mask) => mask.element_id));
      const currentCameras = new Set(points.map((point) => point.camera_id));
      const [maskHistory, pointHistory] = await Promise.all([
        repo.elementHistory(named.maskIds.filter((id) => !currentMasks.has(id))),
        repo.planCameraHistory(
          planId,
          named.cameraIds.filter((id) => !currentCameras.has(id)),
        ),
      ]);
      // Histories come oldest first: the last row of each id is its last version.
      const lastOf = <T extends { retired_at: string | null }>(rows: readonly T[], idOf: (row: T) => string) => [
        ...new Map(rows.map((row) => [idOf(row), row])).values(),
      ];
      const goneMasks = lastOf(maskHistory, (row) => row.element_id).filter((row) => row.plan_id === planId);
      const gonePoints = lastOf(pointHistory, (row) => row.camera_id);
      const cameras = new Map(
        (await repo.cameras([...points, ...gonePoints].map((point) => point.camera_id))).map((camera) => [camera.id, camera.name || camera.number]),
      );
      // On the plan: its version now; gone: version 0, since it left.
      const source = (elementId: string, name: string, row: { version: number; created_at: string; retired_at: string | null }, gone: boolean): HeatSource => ({
        elementId,
        name,
        version: gone ? 0 : row.version,
        createdAt: gone ? (row.retired_at ?? row.created_at) : row.created_at,
      });
      const cameraName = (point: { camera_id: string; camera_number: string }) => cameras.get(point.camera_id) ?? point.camera_number;
      return [
        ...masks.map((mask) => source(mask.element_id, mask.name, mask, false)),
        ...goneMasks.map((mask) => source(mask.element_id, mask.name, mask, true)),
        ...points.map((point) => source(point.camera_id, cameraName(point), point, false)),
        ...gonePoints.map((point) => source(point.camera_id, cameraName(point), point, true)),
      ];
    },

    /** A shop's plans (active ones first), without an actor: for jobs and the simulator. */
    async shopPlans(customerId: string, shopId: string): Promise<FloorPlan[]> {
      const plans = (await repoOf(customerId).plansOfShops([shopId])).map(presentPlan);
      return plans.sort((a, b) => Number(b.active) - Number(a.active));
    },
  };
}
export type FloorplanService = ReturnType<typeof createFloorplanService>;

/** Parses one element input the way the operation's schema would (defaults filled): for the demo seed and test factories. */
export function elementInput(input: z.input<typeof planElementInputSchema>): z.output<typeof planElementInputSchema> {
  return planElementInputSchema.parse(input);
}
