import { cameraFootprint } from './footprint.ts';
import { applyHomography, type PointPair, reprojectionError, solveHomography } from './homography.ts';
import { type PinholeParameters, pinholeHomography } from './pinhole.ts';
import type { Matrix3, PixelPoint, PlanExtent, PlanPoint } from './types.ts';

/** A camera point as stored: the pinhole parameters and, when calibrated by clicked points, their homography. */
export interface CameraCalibration extends PinholeParameters {
  homography: Matrix3 | null;
}

export interface CameraProjectionGeometry {
  /** 'homography' when four (or more) clicked point pairs calibrate the camera, else the pinhole model. */
  source: 'pinhole' | 'homography';
  matrix: Matrix3;
  /** What the camera sees of the plan (metres), clipped to the plan. */
  footprint: PlanPoint[];
  /** Camera pixel (at the calibration size) -> plan point in metres; null above the horizon. */
  project: (pixel: PixelPoint) => PlanPoint | null;
}

/**
 * The projection of one camera onto its plan, refused (the spec's cam2Dmap message) when the
 * parameters put the floor above the horizon or the camera sees none of the plan.
 */
export function cameraGeometry(calibration: CameraCalibration, extent: PlanExtent): CameraProjectionGeometry {
  const matrix = calibration.homography ?? pinholeHomography(calibration);
  const footprint = cameraFootprint(matrix, { width: calibration.calibWidth, height: calibration.calibHeight }, extent);
  return { source: calibration.homography ? 'homography' : 'pinhole', matrix, footprint, project: (pixel) => applyHomography(matrix, pixel) };
}

/** Calibration from clicked point pairs: the homography, how far it puts the clicked points (metres), and the footprint. */
export function calibrateFromPairs(pairs: readonly PointPair[], image: { width: number; height: number }, extent: PlanExtent) {
  const matrix = solveHomography(pairs);
  return { matrix, error: reprojectionError(matrix, pairs), footprint: cameraFootprint(matrix, image, extent) };
}
