import { refused } from '../../../platform/http/errors.ts';
import { applyHomography } from './homography.ts';
import { clipHalfPlane, clipToPlan, polygonArea } from './polygon.ts';
import type { Matrix3, PlanExtent, PlanPoint } from './types.ts';

/**
 * Pixels whose w is below this share of the image's largest w are left out of the footprint: they
 * look at floor thousands of times farther than the nearest floor the camera sees (towards the
 * horizon the footprint runs to infinity), far beyond any plan.
 */
const FAR_SHARE = 1e-4;
/** A footprint covering less than this share of the plan sees none of it for practical purposes. */
const MIN_PLAN_SHARE = 1e-4;

/**
 * The part of the plan a camera sees: the image rectangle cut at the horizon (and at a far range),
 * mapped onto the floor (a homography maps straight edges to straight edges, so the corners are
 * enough) and clipped to the plan's rectangle. Refused with the spec's cam2Dmap message when the
 * whole image lies above the horizon, or when the camera sees none of the plan.
 */
export function cameraFootprint(matrix: Matrix3, image: { width: number; height: number }, extent: PlanExtent): PlanPoint[] {
  const w = (p: { x: number; y: number }) => matrix[6] * p.x + matrix[7] * p.y + matrix[8];
  const corners = [
    { x: 0, y: 0 },
    { x: image.width, y: 0 },
    { x: image.width, y: image.height },
    { x: 0, y: image.height },
  ];
  const nearest = Math.max(...corners.map(w));
  if (!(nearest > 0)) throw refused('errors.cam2dmap');
  const seen = clipHalfPlane(corners, (p) => w(p) - FAR_SHARE * nearest);
  const onFloor = seen.flatMap((pixel) => {
    const point = applyHomography(matrix, { u: pixel.x, v: pixel.y });
    return point ? [point] : [];
  });
  const onPlan = clipToPlan(onFloor, extent);
  if (onPlan.length < 3 || polygonArea(onPlan) < MIN_PLAN_SHARE * extent.widthM * extent.heightM) throw refused('errors.cam2dmap');
  return onPlan;
}
