import {
  type CameraPoint,
  type cameraParametersSchema,
  type cameraPointInputSchema,
  FLOOR_PLAN,
  type Locale,
  type PlanPointDto,
  type ShopCamera,
} from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { refuseImport, type UploadedFile } from '../../platform/files/import-reports.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { cameraPointWorkbook, readCameraSheet } from './camera-sheet.ts';
import { type CameraPointRow, type FloorPlanRow, floorplanRepo } from './floorplan.repo.ts';
import { calibrationOf, presentCameraPoint, type StoredHomography } from './floorplan-present.ts';
import { calibrateFromPairs, cameraGeometry } from './geometry/calibration.ts';
import type { Matrix3, PlanExtent } from './geometry/types.ts';

type Parameters = z.output<typeof cameraParametersSchema>;
type PointInput = z.output<typeof cameraPointInputSchema>;

/** What the plan shows for parameters being typed (cam2Dmap), and what a saved camera point keeps. */
export interface CalibrationPreview {
  source: 'pinhole' | 'homography';
  footprint: PlanPointDto[];
  matrix: Matrix3;
  homography: StoredHomography | null;
  errorM: number | null;
  maxErrorM: number | null;
}

export function extentOf(plan: Pick<FloorPlanRow, 'width_m' | 'height_m'>): PlanExtent {
  return { widthM: Number(plan.width_m), heightM: Number(plan.height_m) };
}

/**
 * The projection of camera parameters onto a plan: by the clicked point pairs when there are any
 * (a homography, with its reprojection error), else by the pinhole model. Refused with the spec's
 * cam2Dmap message when the floor is above the horizon or the camera sees none of the plan.
 */
export function previewCalibration(parameters: Parameters, extent: PlanExtent): CalibrationPreview {
  const pairs = parameters.calibrationPairs ?? null;
  if (pairs && pairs.length >= FLOOR_PLAN.minCalibrationPairs) {
    const solved = calibrateFromPairs(pairs, { width: parameters.calibWidth, height: parameters.calibHeight }, extent);
    return {
      source: 'homography',
      footprint: solved.footprint,
      matrix: solved.matrix,
      homography: { matrix: solved.matrix, pairs },
      errorM: solved.error.rmsM,
      maxErrorM: solved.error.maxM,
    };
  }
  const geometry = cameraGeometry({ ...parameters, homography: null }, extent);
  return { source: 'pinhole', footprint: geometry.footprint, matrix: geometry.matrix, homography: null, errorM: null, maxErrorM: null };
}

/** Camera points: where each camera of a plan's store stands, how it looks at the floor. */
export function createCameraPoints(deps: { db: DB; visiblePlan: (actor: CustomerActor, planId: string) => Promise<FloorPlanRow> }) {
  const { db, visiblePlan } = deps;
  const repoOf = (customerId: string, on: DB = db) => floorplanRepo(tenantScope(on, customerId));

  /** The current points of the plans, with the camera's name and number and the footprint each projects to. */
  async function present(customerId: string, plans: readonly FloorPlanRow[], rows: readonly CameraPointRow[]): Promise<CameraPoint[]> {
    const cameras = new Map((await repoOf(customerId).cameras(rows.map((row) => row.camera_id))).map((camera) => [camera.id, camera]));
    const planById = new Map(plans.map((plan) => [plan.id, plan]));
    return rows.flatMap((row) => {
      const camera = cameras.get(row.camera_id);
      const plan = planById.get(row.plan_id);
      if (!camera || !plan) return [];
      let footprint: PlanPointDto[] = [];
      try {
        footprint = cameraGeometry(calibrationOf(row), extentOf(plan)).footprint;
      } catch {
        // A plan whose extent changed since may no longer hold the footprint: the point is still listed, without one.
      }
      return [presentCameraPoint(row, { name: camera.name, number: camera.number }, footprint)];
    });
  }

  /** Every camera of a shop the caller sees, with its current point (on whichever plan of the shop) or null. */
  async function shopCameras(actor: CustomerActor, shopId: string): Promise<ShopCamera[]> {
    await accessOf(db, actor).requireShop(shopId);
    const repo = repoOf(actor.customerId);
    const cameras = await repo.camerasOfShops([shopId]);
    const plans = await repo.plansOfShops([shopId]);
    const points = await present(actor.customerId, plans, await repo.currentCameraPoints(plans.map((plan) => plan.id)));
    const pointOf = new Map(points.map((point) => [point.cameraId, point]));
    return cameras.map((camera) => ({ cameraId: camera.id, name: camera.name, number: camera.number, point: pointOf.get(camera.id) ?? null }));
  }

  async function ofPlan(actor: CustomerActor, planId: string): Promise<CameraPoint[]> {
    const plan = await visiblePlan(actor, planId);
    return present(actor.customerId, [plan], await repoOf(actor.customerId).currentCameraPoints([plan.id]));
  }

  const points = {
    present,
    shopCameras,
    ofPlan,

    async exportSheet(actor: CustomerActor, planId: string, locale: Locale): Promise<{ fileName: string; content: Buffer }> {
      const plan = await visiblePlan(actor, planId);
      return { fileName: `${plan.name}-cameras.xlsx`, content: await cameraPointWorkbook(await ofPlan(actor, plan.id), locale) };
    },

    /** Camera points from a sheet, all or nothing: every row is checked (camera of the store, parameters that project) before any is saved. */
    async upload(actor: CustomerActor, planId: string, file: UploadedFile, locale: Locale): Promise<{ saved: number }> {
      const plan = await visiblePlan(actor, planId);
      const cameras = new Map((await repoOf(actor.customerId).camerasOfShops([plan.shop_id])).map((camera) => [camera.number, camera]));
      const extent = extentOf(plan);
      const { rows, errors } = await readCameraSheet(file, (row) => {
        if (!cameras.has(row.cameraNumber)) throw refused('floorplan.cameraUnknown');
        previewCalibration(row.parameters, extent);
      });
      if (errors.length > 0)
        return refuseImport(tenantScope(db, actor.customerId), { kind: 'floorplan_cameras', userId: actor.userId, fileName: file.fileName, errors, locale });
      for (const row of rows) {
        const camera = cameras.get(row.cameraNumber);
        if (camera)
          await points.save(actor, { ...row.parameters, planId: plan.id, cameraId: camera.id, installPosition: row.installPosition, planNumber: null });
      }
      return { saved: rows.length };
    },

    async withoutPlan(actor: CustomerActor, shopId: string): Promise<ShopCamera[]> {
      return (await shopCameras(actor, shopId)).filter((camera) => camera.point === null);
    },

    async ofCamera(actor: CustomerActor, cameraId: string): Promise<CameraPoint | null> {
      await accessOf(db, actor).cameras([cameraId]);
      const repo = repoOf(actor.customerId);
      const row = await repo.currentCameraPoint(cameraId);
      if (!row) return null;
      const plan = await repo.plan(row.plan_id);
      return plan ? ((await present(actor.customerId, [plan], [row]))[0] ?? null) : null;
    },

    /** Each calibrated camera's footprint on the plan ('shadow'). */
    async shadow(actor: CustomerActor, planId: string): Promise<{ cameraId: string; cameraName: string; footprint: PlanPointDto[] }[]> {
      const plan = await visiblePlan(actor, planId);
      const points = await present(actor.customerId, [plan], await repoOf(actor.customerId).currentCameraPoints([plan.id]));
      return points
        .filter((point) => point.footprint.length >= 3)
        .map((point) => ({ cameraId: point.cameraId, cameraName: point.cameraName, footprint: point.footprint }));
    },

    async preview(actor: CustomerActor, input: Parameters & { planId: string }): Promise<CalibrationPreview> {
      const plan = await visiblePlan(actor, input.planId);
      return previewCalibration(input, extentOf(plan));
    },

    /** Saves a camera's point as a new version (the previous one, on whichever plan, is retired). */
    async save(actor: CustomerActor, input: PointInput): Promise<CameraPoint> {
      const plan = await visiblePlan(actor, input.planId);
      const cameraShops = await accessOf(db, actor).cameras([input.cameraId]);
      if (cameraShops.get(input.cameraId) !== plan.shop_id) throw refused('floorplan.cameraNotInShop');
      const preview = previewCalibration(input, extentOf(plan));
      const [camera] = await repoOf(actor.customerId).cameras([input.cameraId]);
      const at = nowIso();
      const row = await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const previous = await repo.currentCameraPoint(input.cameraId);
        const version = (await repo.latestCameraVersion(input.cameraId)) + 1;
        const planVersion = await repo.bumpGeometryVersion(plan.id, at);
        if (previous && previous.plan_id !== plan.id) await repo.bumpGeometryVersion(previous.plan_id, at);
        await repo.retireCameraPoint(input.cameraId, at);
        const inserted: CameraPointRow = {
          id: newId(),
          plan_id: plan.id,
          camera_id: input.cameraId,
          version,
          plan_version: planVersion,
          install_position: input.installPosition,
          camera_number: camera?.number ?? '',
          focal_x: input.focalX,
          focal_y: input.focalY,
          calib_width: input.calibWidth,
          calib_height: input.calibHeight,
          tilt_deg: input.tiltDeg,
          install_height_m: input.installHeightM,
          install_x_m: input.installXM,
          install_y_m: input.installYM,
          toward_x_m: input.towardXM,
          toward_y_m: input.towardYM,
          plan_number: input.planNumber ?? plan.number,
          homography: preview.homography ? JSON.stringify(preview.homography) : null,
          homography_error_m: preview.errorM,
          created_by: actor.userId,
          created_at: at,
          retired_at: null,
        };
        await repo.insertCameraPoint(inserted);
        return inserted;
      });
      return (await present(actor.customerId, [plan], [row]))[0] as CameraPoint;
    },

    async remove(actor: CustomerActor, input: { cameraId: string }): Promise<{ cameraId: string }> {
      await accessOf(db, actor).cameras([input.cameraId]);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const current = await repo.currentCameraPoint(input.cameraId);
        if (!current) return;
        await repo.retireCameraPoint(input.cameraId, at);
        await repo.bumpGeometryVersion(current.plan_id, at);
      });
      return { cameraId: input.cameraId };
    },
  };
  return points;
}
