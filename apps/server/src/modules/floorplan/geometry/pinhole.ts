import { refused } from '../../../platform/http/errors.ts';
import { multiply3 } from './homography.ts';
import type { Matrix3 } from './types.ts';

/** The spec's camera point (section 3) as the projection needs it; lengths in metres, focal lengths in pixels. */
export interface PinholeParameters {
  focalX: number;
  focalY: number;
  /** The image size the focal lengths were measured at; the principal point is its centre. */
  calibWidth: number;
  calibHeight: number;
  /** Degrees below the horizontal: 90 looks straight down, 0 at the horizon, negative upwards. */
  tiltDeg: number;
  installHeightM: number;
  installXM: number;
  installYM: number;
  towardXM: number;
  towardYM: number;
}

/**
 * The pinhole camera's pixel -> floor mapping as a homography (a plane seen through a pinhole is
 * one). The camera stands at (installX, installY) at installHeight above the floor, faces the
 * toward point horizontally and is tilted down by tiltDeg; there is no roll.
 *
 * With f the unit horizontal direction to the toward point, t the tilt, a = (u - W/2)/focalX and
 * b = (v - H/2)/focalY, the ray through a pixel is D = a·right + b·down + forward, where (plan y
 * points down, so turning right maps (fx, fy) to (-fy, fx)):
 *   right   = (-fy, fx, 0)
 *   down    = (-sin t·fx, -sin t·fy, -cos t)
 *   forward = ( cos t·fx,  cos t·fy, -sin t)
 * The ray meets the floor after h / w with w = -Dz = b·cos t + sin t, so the floor point is
 * install + h·(Dx, Dy)/w: homogeneous (ix·w + h·Dx, iy·w + h·Dy, w), linear in (a, b, 1). Pixels
 * with w <= 0 look at or above the horizon.
 */
export function pinholeHomography(parameters: PinholeParameters): Matrix3 {
  const { focalX, focalY, calibWidth, calibHeight, installHeightM: h, installXM: ix, installYM: iy } = parameters;
  const dx = parameters.towardXM - ix;
  const dy = parameters.towardYM - iy;
  const length = Math.hypot(dx, dy);
  const valid = focalX > 0 && focalY > 0 && calibWidth > 0 && calibHeight > 0 && h > 0 && length > 1e-6 && Math.abs(parameters.tiltDeg) <= 90;
  if (!valid || ![focalX, focalY, h, ix, iy, dx, dy, parameters.tiltDeg].every(Number.isFinite)) throw refused('errors.cam2dmap');
  const fx = dx / length;
  const fy = dy / length;
  const t = (parameters.tiltDeg * Math.PI) / 180;
  const sin = Math.sin(t);
  const cos = Math.cos(t);
  // Rows give (x·w, y·w, w) from (a, b, 1).
  const fromNormalised: Matrix3 = [
    -h * fy,
    ix * cos - h * sin * fx,
    ix * sin + h * cos * fx,
    h * fx,
    iy * cos - h * sin * fy,
    iy * sin + h * cos * fy,
    0,
    cos,
    sin,
  ];
  // (a, b, 1) from (u, v, 1): the inverse of the intrinsic matrix.
  const cx = calibWidth / 2;
  const cy = calibHeight / 2;
  const inverseIntrinsics: Matrix3 = [1 / focalX, 0, -cx / focalX, 0, 1 / focalY, -cy / focalY, 0, 0, 1];
  return multiply3(fromNormalised, inverseIntrinsics);
}
