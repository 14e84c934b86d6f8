import type { CalibrationPair, CameraPoint, FloorPlan, PlanElement, PlanPointDto } from '@storelens/contracts';
import type { CameraPointRow, FloorPlanRow, PlanElementRow } from './floorplan.repo.ts';
import type { CameraCalibration } from './geometry/calibration.ts';
import type { Matrix3 } from './geometry/types.ts';

/** What floor_plan_cameras.homography holds. */
export interface StoredHomography {
  matrix: Matrix3;
  pairs: CalibrationPair[];
}

export function presentPlan(row: FloorPlanRow): FloorPlan {
  return {
    id: row.id,
    shopId: row.shop_id,
    name: row.name,
    number: row.number,
    floor: row.floor,
    pixelsPerMetre: Number(row.pixels_per_metre),
    widthM: Number(row.width_m),
    heightM: Number(row.height_m),
    image: { type: row.image_type, width: row.image_width, height: row.image_height, bytes: row.image_bytes },
    active: row.active === 1,
    geometryVersion: row.geometry_version,
    updatedAt: row.updated_at,
  };
}

export function storedHomography(row: Pick<CameraPointRow, 'homography'>): StoredHomography | null {
  return row.homography ? (JSON.parse(row.homography) as StoredHomography) : null;
}

export function calibrationOf(row: CameraPointRow): CameraCalibration {
  return {
    focalX: Number(row.focal_x),
    focalY: Number(row.focal_y),
    calibWidth: row.calib_width,
    calibHeight: row.calib_height,
    tiltDeg: Number(row.tilt_deg),
    installHeightM: Number(row.install_height_m),
    installXM: Number(row.install_x_m),
    installYM: Number(row.install_y_m),
    towardXM: Number(row.toward_x_m),
    towardYM: Number(row.toward_y_m),
    homography: storedHomography(row)?.matrix ?? null,
  };
}

export function presentCameraPoint(row: CameraPointRow, camera: { name: string; number: string }, footprint: PlanPointDto[]): CameraPoint {
  const calibration = calibrationOf(row);
  return {
    id: row.id,
    planId: row.plan_id,
    cameraId: row.camera_id,
    cameraName: camera.name,
    cameraNumber: camera.number,
    version: row.version,
    installPosition: row.install_position,
    focalX: calibration.focalX,
    focalY: calibration.focalY,
    calibWidth: calibration.calibWidth,
    calibHeight: calibration.calibHeight,
    tiltDeg: calibration.tiltDeg,
    installHeightM: calibration.installHeightM,
    installXM: calibration.installXM,
    installYM: calibration.installYM,
    towardXM: calibration.towardXM,
    towardYM: calibration.towardYM,
    planNumber: row.plan_number,
    calibrationPairs: storedHomography(row)?.pairs ?? null,
    calibrationErrorM: row.homography_error_m === null ? null : Number(row.homography_error_m),
    source: calibration.homography ? 'homography' : 'pinhole',
    footprint,
    createdAt: row.created_at,
  };
}

export function presentElement(row: PlanElementRow): PlanElement {
  return {
    id: row.id,
    elementId: row.element_id,
    planId: row.plan_id,
    version: row.version,
    planVersion: row.plan_version,
    kind: row.kind,
    name: row.name,
    colour: row.colour,
    regionType: row.region_type,
    linkedElementId: row.linked_element_id,
    occupancyThreshold: row.occupancy_threshold,
    enabled: row.enabled === 1,
    minDwellSeconds: row.min_dwell_seconds,
    flowMode: row.flow_mode,
    hidden: row.hidden === 1,
    points: JSON.parse(row.points) as PlanPointDto[],
    createdAt: row.created_at,
  };
}
