/** A point on a floor plan, in metres: origin at the plan image's top-left corner, x to the right, y downwards. */
export interface PlanPoint {
  x: number;
  y: number;
}

/** A pixel of a camera image at the calibration size: origin top-left, u to the right, v downwards. */
export interface PixelPoint {
  u: number;
  v: number;
}

/** A 3×3 matrix in row-major order: camera pixel (u, v, 1) -> homogeneous plan point (x·w, y·w, w). */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** The plan's extent in metres: points lie in [0, widthM] × [0, heightM]. */
export interface PlanExtent {
  widthM: number;
  heightM: number;
}
