import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors.ts';
import { calibrateFromPairs, cameraGeometry } from './calibration.ts';
import { cameraFootprint } from './footprint.ts';
import { applyHomography, type PointPair, reprojectionError, solveHomography } from './homography.ts';
import { type PinholeParameters, pinholeHomography } from './pinhole.ts';
import { clipToPlan, containsPoint, polygonArea } from './polygon.ts';
import type { Matrix3, PlanPoint } from './types.ts';

/**
 * Projection math against cases worked out by hand (the arithmetic is in the comments). All plan
 * coordinates are metres, origin top-left, y downwards; pixels at the calibration size.
 */

const PLAN = { widthM: 20, heightM: 15 };

/** A 640 × 480 camera with 500 px focal lengths: principal point (320, 240). */
const base: PinholeParameters = {
  focalX: 500,
  focalY: 500,
  calibWidth: 640,
  calibHeight: 480,
  tiltDeg: 90,
  installHeightM: 3,
  installXM: 5,
  installYM: 5,
  towardXM: 5,
  towardYM: 10,
};

function project(parameters: PinholeParameters, u: number, v: number): PlanPoint | null {
  return applyHomography(pinholeHomography(parameters), { u, v });
}

function expectPoint(actual: PlanPoint | null, x: number, y: number): void {
  expect(actual).not.toBeNull();
  expect(actual?.x).toBeCloseTo(x, 9);
  expect(actual?.y).toBeCloseTo(y, 9);
}

function expectCam2dmap(run: () => unknown): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).messageKey).toBe('errors.cam2dmap');
}

describe('pinhole model', () => {
  it('looking straight down maps pixel offsets to floor offsets scaled by height / focal length', () => {
    // Camera at (5, 5), 3 m up, facing +y (toward (5, 10)), tilt 90°. f = (0, 1), so right = (-fy, fx) = (-1, 0):
    // facing down the plan, the image's right is the plan's -x. Image down at tilt 90° is -forward = (0, -1).
    // Centre pixel (320, 240): a = b = 0 -> straight below the camera, (5, 5).
    expectPoint(project(base, 320, 240), 5, 5);
    // (570, 240): a = 250 / 500 = 0.5; x = 5 + 3 · 0.5 · (-1) = 3.5.
    expectPoint(project(base, 570, 240), 3.5, 5);
    // (320, 340): b = 100 / 500 = 0.2; y = 5 + 3 · 0.2 · (-1) = 4.4 (the image's bottom is behind the facing direction).
    expectPoint(project(base, 320, 340), 5, 4.4);
    // (70, 90): a = -250 / 500 = -0.5, b = -150 / 500 = -0.3; x = 5 + 1.5 = 6.5, y = 5 + 0.9 = 5.9.
    expectPoint(project(base, 70, 90), 6.5, 5.9);
  });

  it('tilted 45° sees the centre pixel at a distance equal to the height, and the horizon 90° above the bottom ray', () => {
    const tilted: PinholeParameters = { ...base, tiltDeg: 45, installHeightM: 2, installXM: 2, installYM: 1, towardXM: 2, towardYM: 9 };
    // Centre pixel: the ray goes 45° down, so it meets the floor 2 m ahead (tan 45° = 1): (2, 1 + 2) = (2, 3).
    expectPoint(project(tilted, 320, 240), 2, 3);
    // b = 1 (v = 240 + 500 = 740, below the image but the model does not care): 45° + atan(1) = 90°, straight down: (2, 1).
    expectPoint(project(tilted, 320, 740), 2, 1);
    // b = 0.5 (v = 490): angle below horizontal 45° + atan(0.5) = 71.565°; ahead 2 / tan(71.565°) = 2 / 3 = 0.6667 m.
    expectPoint(project(tilted, 320, 490), 2, 1 + 2 / 3);
    // a = 0.5 on the centre row: forward ahead 2 m along the optical axis ray; w = sin 45° = 0.7071, the right component
    // of D is 0.5 along right = (-1, 0), so x = 2 - 2 · 0.5 / 0.7071 = 2 - 1.4142 = 0.5858, y still 3.
    expectPoint(project(tilted, 570, 240), 2 - Math.SQRT2, 3);
    // b = -1 (v = -260): 45° - 45° = 0°, exactly the horizon: no floor point.
    expect(project(tilted, 320, -260)).toBeNull();
    // Above the horizon (b = -2): null as well.
    expect(project(tilted, 320, -760)).toBeNull();
  });

  it('faces any direction: toward +x turns the image right to +y', () => {
    // f = (1, 0): right = (-0, 1) = (0, 1). Straight down from (5, 5), a = 0.5 -> y = 5 + 3 · 0.5 = 6.5.
    expectPoint(project({ ...base, towardXM: 12, towardYM: 5 }, 570, 240), 5, 6.5);
  });

  it('refuses parameters that put the whole image above the horizon', () => {
    // Tilt -30° (pointing up): the lowest row has b = 240 / 500 = 0.48, i.e. 25.64° below the optical axis,
    // which points 30° up: the bottom ray still rises 4.36°. w = 0.48 · cos(-30°) + sin(-30°) = 0.4157 - 0.5 < 0.
    expectCam2dmap(() => cameraGeometry({ ...base, tiltDeg: -30, homography: null }, PLAN));
    // Tilt -20°: w = 0.48 · 0.9397 - 0.3420 = 0.1091 > 0, the bottom rows see floor, ahead by
    // h · (cos t - b · sin t) / w = 1 · (0.9397 + 0.48 · 0.3420) / 0.1091 = 10.1 m: from (10, 0), 1 m up, within the plan.
    const upwards = { ...base, tiltDeg: -20, installHeightM: 1, installXM: 10, installYM: 0, towardXM: 10, towardYM: 5, homography: null };
    const ys = cameraGeometry(upwards, PLAN).footprint.map((p) => p.y);
    expect(Math.min(...ys)).toBeCloseTo((Math.cos(-Math.PI / 9) - 0.48 * Math.sin(-Math.PI / 9)) / (0.48 * Math.cos(Math.PI / 9) - Math.sin(Math.PI / 9)), 6);
    expect(Math.min(...ys)).toBeCloseTo(10.12, 1);
  });

  it('refuses impossible parameters: zero height, the toward point on the camera, no focal length', () => {
    expectCam2dmap(() => pinholeHomography({ ...base, installHeightM: 0 }));
    expectCam2dmap(() => pinholeHomography({ ...base, towardXM: 5, towardYM: 5 }));
    expectCam2dmap(() => pinholeHomography({ ...base, focalX: 0 }));
  });
});

describe('footprint', () => {
  it('straight down, the footprint is the image rectangle scaled by height / focal length', () => {
    // Corners: a = ±320 / 500 = ±0.64, b = ±240 / 500 = ±0.48; x = 5 ∓ 3 · 0.64 = 5 ∓ 1.92, y = 5 ∓ 3 · 0.48 = 5 ∓ 1.44.
    // A 3.84 m × 2.88 m rectangle: 11.0592 m².
    const footprint = cameraGeometry({ ...base, homography: null }, PLAN).footprint;
    expect(polygonArea(footprint)).toBeCloseTo(3.84 * 2.88, 9);
    const xs = footprint.map((p) => p.x);
    const ys = footprint.map((p) => p.y);
    expect(Math.min(...xs)).toBeCloseTo(3.08, 9);
    expect(Math.max(...xs)).toBeCloseTo(6.92, 9);
    expect(Math.min(...ys)).toBeCloseTo(3.56, 9);
    expect(Math.max(...ys)).toBeCloseTo(6.44, 9);
  });

  it('is clipped to the plan', () => {
    // The same camera at (1, 1): x from 1 - 1.92 < 0 to 2.92, y from 1 - 1.44 < 0 to 2.44; the plan keeps [0, 2.92] × [0, 2.44].
    const footprint = cameraGeometry({ ...base, installXM: 1, installYM: 1, towardXM: 1, towardYM: 6, homography: null }, PLAN).footprint;
    expect(polygonArea(footprint)).toBeCloseTo(2.92 * 2.44, 9);
  });

  it('near the horizon runs to the far edge of the plan', () => {
    // Tilt 0 at (10, 0) facing +y, 3 m up: the lower half of the image sees floor from 3 / 0.48 = 6.25 m ahead to the horizon.
    // Within the 15 m deep plan the footprint reaches y = 15, and its near edge is y = 6.25.
    const footprint = cameraGeometry({ ...base, tiltDeg: 0, installXM: 10, installYM: 0, towardXM: 10, towardYM: 5, homography: null }, PLAN).footprint;
    const ys = footprint.map((p) => p.y);
    expect(Math.min(...ys)).toBeCloseTo(6.25, 6);
    expect(Math.max(...ys)).toBeCloseTo(15, 6);
  });

  it('refuses a camera that sees none of the plan', () => {
    // Straight down at (30, 30): its 3.84 × 2.88 footprint lies wholly outside the 20 × 15 plan.
    expectCam2dmap(() => cameraGeometry({ ...base, installXM: 30, installYM: 30, towardXM: 30, towardYM: 35, homography: null }, PLAN));
  });
});

describe('homography from four point pairs', () => {
  const scaleAndShift: PointPair[] = [
    { pixel: { u: 0, v: 0 }, plan: { x: 1, y: 2 } },
    { pixel: { u: 100, v: 0 }, plan: { x: 3, y: 2 } },
    { pixel: { u: 100, v: 100 }, plan: { x: 3, y: 4 } },
    { pixel: { u: 0, v: 100 }, plan: { x: 1, y: 4 } },
  ];

  it('recovers a scale-and-shift mapping exactly', () => {
    // 100 px -> 2 m: x = 1 + 0.02 u, y = 2 + 0.02 v. Pixel (50, 25) -> (2, 2.5); (10, 90) -> (1.2, 3.8).
    const matrix = solveHomography(scaleAndShift);
    expectPoint(applyHomography(matrix, { u: 50, v: 25 }), 2, 2.5);
    expectPoint(applyHomography(matrix, { u: 10, v: 90 }), 1.2, 3.8);
    expect(reprojectionError(matrix, scaleAndShift).maxM).toBeLessThan(1e-9);
  });

  it('recovers a perspective camera from four of its own projections', () => {
    // The 45° camera of the pinhole tests; four pixels spread over the lower image and where the model puts them.
    const camera: PinholeParameters = { ...base, tiltDeg: 45, installHeightM: 2, installXM: 2, installYM: 1, towardXM: 2, towardYM: 9 };
    const truth = pinholeHomography(camera);
    const pixels = [
      { u: 40, v: 200 },
      { u: 600, v: 220 },
      { u: 560, v: 470 },
      { u: 90, v: 450 },
    ];
    const pairs = pixels.map((pixel) => ({ pixel, plan: applyHomography(truth, pixel) as PlanPoint }));
    const matrix = solveHomography(pairs);
    // A fifth pixel, not used in the fit, lands where the model puts it: (320, 240) -> (2, 3) as computed above.
    expectPoint(applyHomography(matrix, { u: 320, v: 240 }), 2, 3);
    // Above the model's horizon the fitted homography sees no floor either (w keeps the model's sign).
    expect(applyHomography(matrix, { u: 320, v: -760 })).toBeNull();
  });

  it('reports the reprojection error in metres', () => {
    // The exact mapping x = 1 + 0.02 u, y = 2 + 0.02 v; a second pair clicked 0.3 m right and 0.4 m down of the truth
    // is 0.5 m off (3-4-5). RMS over the two pairs: √((0² + 0.5²) / 2) = √0.125 = 0.35355 m; worst 0.5 m.
    const exact: Matrix3 = [0.02, 0, 1, 0, 0.02, 2, 0, 0, 1];
    const error = reprojectionError(exact, [
      { pixel: { u: 50, v: 50 }, plan: { x: 2, y: 3 } },
      { pixel: { u: 100, v: 0 }, plan: { x: 3.3, y: 2.4 } },
    ]);
    expect(error.rmsM).toBeCloseTo(Math.sqrt(0.125), 9);
    expect(error.maxM).toBeCloseTo(0.5, 9);
  });

  it('fits more than four pairs by least squares, with a non-zero error when one pair is off', () => {
    const pairs = [...scaleAndShift, { pixel: { u: 50, v: 50 }, plan: { x: 2.5, y: 3 } }];
    const result = calibrateFromPairs(pairs, { width: 100, height: 100 }, PLAN);
    // The odd pair is 0.5 m from the others' mapping; least squares spreads it, so the worst error is positive and below 0.5.
    expect(result.error.maxM).toBeGreaterThan(0.05);
    expect(result.error.maxM).toBeLessThan(0.5);
    // The footprint of the 100 × 100 px image is about the 2 × 2 m square [1, 3] × [2, 4].
    expect(polygonArea(result.footprint)).toBeGreaterThan(3);
    expect(polygonArea(result.footprint)).toBeLessThan(5);
  });

  it('fits eight noisy pairs to the error computed by hand', () => {
    // The truth is 0.01 m per pixel about pixel (320, 240) -> plan (5, 5). Eight pairs around it, 200 px out: the four
    // corners clicked exactly ((±2, ±2) m from (5, 5)), the four edge midpoints each clicked 0.2 m too far out (2.2 m).
    const pixels = [
      [120, 40, 3, 3],
      [520, 40, 7, 3],
      [520, 440, 7, 7],
      [120, 440, 3, 7],
      [120, 240, 2.8, 5],
      [520, 240, 7.2, 5],
      [320, 40, 5, 2.8],
      [320, 440, 5, 7.2],
    ] as const;
    const pairs: PointPair[] = pixels.map(([u, v, x, y]) => ({ pixel: { u, v }, plan: { x, y } }));
    // The pairs are symmetric under the square's rotations and mirrors, so the fit is a plain scale K about the centres.
    // Hartley normalisation scales pixels by s = √2 / (200 (√2 + 1) / 2) = 0.0058579 and plan points by
    // t = √2 / ((4 · 2√2 + 4 · 2.2) / 8) = 0.56249. A scale h = (c, 0, 0, 0, c, 0, 0, 0, d), |h|² = 2c² + d² = 1, leaves the
    // algebraic residual Σ |d·q' − c·p'|² = d²Q − 2cdX + c²P with P = Σ|p'|² = 16.4710, Q = Σ|q'|² = 16.2499,
    // X = Σ p'·q' = 16.3431. Its minimum (with c = γ/√2, the eigenvector of [[P/2, −X/√2], [−X/√2, Q]] for the smaller
    // eigenvalue, 0.011356) is at c/d = 0.993604 in normalised units, that is K = (c/d) · s / t = 0.0103476 m per pixel.
    // Corners: √2 · |200 K − 2| = 0.098317 m off; midpoints: |200 K − 2.2| = 0.130480 m off.
    // RMS = √((4 · 0.098317² + 4 · 0.130480²) / 8) = 0.115523 m; worst 0.130480 m.
    const result = calibrateFromPairs(pairs, { width: 640, height: 480 }, PLAN);
    const east = applyHomography(result.matrix, { u: 520, v: 240 });
    expect(east?.x).toBeCloseTo(5 + 200 * 0.0103476, 5);
    expect(east?.y).toBeCloseTo(5, 9);
    expect(result.error.rmsM).toBeCloseTo(0.115523, 5);
    expect(result.error.maxM).toBeCloseTo(0.13048, 5);
  });

  it('refuses three collinear points, and pairs clicked in an order that straddles the horizon', () => {
    const collinear: PointPair[] = [
      { pixel: { u: 0, v: 0 }, plan: { x: 1, y: 2 } },
      { pixel: { u: 50, v: 50 }, plan: { x: 3, y: 2 } },
      { pixel: { u: 100, v: 100 }, plan: { x: 3, y: 4 } },
      { pixel: { u: 0, v: 100 }, plan: { x: 1, y: 4 } },
    ];
    expect(() => solveHomography(collinear)).toThrow(AppError);
    // The plan points of two pairs swapped: the mapping folds over itself, some pixels get w < 0.
    const crossed: PointPair[] = [
      { pixel: { u: 0, v: 0 }, plan: { x: 1, y: 2 } },
      { pixel: { u: 100, v: 0 }, plan: { x: 3, y: 2 } },
      { pixel: { u: 100, v: 100 }, plan: { x: 1, y: 4 } },
      { pixel: { u: 0, v: 100 }, plan: { x: 3, y: 4 } },
    ];
    expect(() => solveHomography(crossed)).toThrow(AppError);
  });
});

describe('polygons', () => {
  it('clips to the plan and tests containment', () => {
    // A 4 × 4 square centred on the plan's corner (0, 0): a quarter, 2 × 2 = 4 m², stays.
    const square = [
      { x: -2, y: -2 },
      { x: 2, y: -2 },
      { x: 2, y: 2 },
      { x: -2, y: 2 },
    ];
    expect(polygonArea(clipToPlan(square, PLAN))).toBeCloseTo(4, 12);
    expect(containsPoint(square, { x: 1, y: 1 })).toBe(true);
    expect(containsPoint(square, { x: 3, y: 1 })).toBe(false);
  });

  it('a footprint is refused with the cam2Dmap message, not a plain error', () => {
    expectCam2dmap(() => cameraFootprint([0, 0, 0, 0, 0, 0, 0, 0, -1], { width: 10, height: 10 }, PLAN));
  });
});
