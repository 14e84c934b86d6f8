import { DEVICE_API_LIMITS } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { encodeTrackPointsV1 } from '../../../platform/db/migrations/0044_floorplan_track_points.ts';
import { decodeTrackPoints, encodeTrackPoints, planPointsOf, planTriplesOf, type TrackPoints, type TrackTriple } from './track-points.ts';

const roundTrip = (points: TrackPoints) => decodeTrackPoints(encodeTrackPoints(points));

/** A walk sampled every 2 s with a few irregular samples, as a box sends it, and its projection. */
function walk(count: number): TrackPoints {
  const camera: TrackTriple[] = [];
  const plan: TrackTriple[] = [];
  for (let index = 0; index < count; index += 1) {
    const offset = index * 2000 + (index % 7 === 3 ? 513 : 0);
    camera.push([offset, 600 - index * 7, 80 + index * 11]);
    plan.push([offset, 2.08 + index * 0.37, 8.51 - index * 0.29]);
  }
  return { camera, plan };
}

describe('track points', () => {
  it('come back as they went in, at their precision', () => {
    const points = walk(34);
    const back = roundTrip(points);
    expect(back.camera).toEqual(points.camera);
    expect(back.plan?.map(([t]) => t)).toEqual(points.plan?.map(([t]) => t));
    const plan = points.plan ?? [];
    back.plan?.forEach(([, x, y], index) => {
      const [, px, py] = plan[index] as TrackTriple;
      expect(x).toBeCloseTo(px, 9);
      expect(y).toBeCloseTo(py, 9);
    });
  });

  it('keep offsets to the millisecond, plan coordinates to the centimetre and camera pixels whole', () => {
    const back = roundTrip({
      camera: [
        [0, 513.6, 139.4],
        [1, 513.5, 0.49],
        [2999, 0, 1920],
      ],
      plan: [
        [0, 3.647, -0.004],
        [1, 3.644, 12.3449],
        [2999, -1.005, 0],
      ],
    });
    expect(back.camera).toEqual([
      [0, 514, 139],
      [1, 514, 0],
      [2999, 0, 1920],
    ]);
    expect(back.plan).toEqual([
      [0, 3.65, 0],
      [1, 3.64, 12.34],
      [2999, -1, 0],
    ]);
    // What ingestion measures is what a recompute reads back.
    const measured = planTriplesOf(
      [
        { x: 3.647, y: 12.3449, t: 1_000 },
        { x: -1.005, y: 0, t: 3_999 },
      ],
      1_000,
    );
    expect(
      roundTrip({
        camera: [
          [0, 1, 1],
          [2999, 2, 2],
        ],
        plan: measured,
      }).plan,
    ).toEqual(measured);
  });

  it('hold empty and one-point tracks, and tracks without a plan', () => {
    expect(roundTrip({ camera: [], plan: null })).toEqual({ camera: [], plan: null });
    expect(roundTrip({ camera: [], plan: [] })).toEqual({ camera: [], plan: [] });
    expect(roundTrip({ camera: [[0, 320, 240]], plan: [[0, 5, 6.2]] })).toEqual({ camera: [[0, 320, 240]], plan: [[0, 5, 6.2]] });
    expect(roundTrip({ camera: [[7, 320, 240]], plan: null })).toEqual({ camera: [[7, 320, 240]], plan: null });
    expect(planPointsOf(encodeTrackPoints({ camera: [[7, 320, 240]], plan: null }), 1000)).toEqual([]);
    expect(planPointsOf(encodeTrackPoints({ camera: [[7, 320, 240]], plan: [[7, 1.5, 2]] }), 1000)).toEqual([{ x: 1.5, y: 2, t: 1007 }]);
  });

  it('hold large values and jumps: offsets past 2^32 ms, the largest pixel, far plan points, time going back', () => {
    const far = 2 ** 40 + 17;
    const points: TrackPoints = {
      camera: [
        [0, 0, DEVICE_API_LIMITS.maxPixel],
        [far, DEVICE_API_LIMITS.maxPixel, 0],
        [far - 5, 1, 1],
        [far + 3_600_000, DEVICE_API_LIMITS.maxPixel, DEVICE_API_LIMITS.maxPixel],
      ],
      plan: [
        [0, -99_999.99, 99_999.99],
        [far, 99_999.99, -99_999.99],
        [far - 5, 0, 0],
        [far + 3_600_000, 12_345.67, -0.01],
      ],
    };
    expect(roundTrip(points)).toEqual(points);
  });

  it('keep plan points that are fewer than the camera points (some above the horizon) with their own offsets', () => {
    const points: TrackPoints = {
      camera: [
        [0, 10, 10],
        [2000, 20, 20],
        [4000, 30, 30],
      ],
      plan: [
        [0, 1, 1],
        [4000, 1.5, 1.25],
      ],
    };
    expect(roundTrip(points)).toEqual(points);
  });

  it('are a fifth of the JSON text or less for a demo-like walk', () => {
    const points = walk(34);
    const json = JSON.stringify(points.camera).length + JSON.stringify(points.plan).length;
    expect(encodeTrackPoints(points).length).toBeLessThan(json / 5);
  });

  it('refuse bytes that are not track points', () => {
    expect(() => decodeTrackPoints(Buffer.from([2, 0, 0]))).toThrow(/format/);
    expect(() => decodeTrackPoints(Buffer.from([1, 1, 0]))).toThrow(/within a number/);
    expect(() => decodeTrackPoints(Buffer.from([1, 0, 0, 5]))).toThrow(/past their end/);
    expect(() => decodeTrackPoints(Buffer.from([1, 0, 9]))).toThrow(/mode/);
  });

  it('are what migration 0044 writes, byte for byte', () => {
    for (const points of [
      walk(34),
      walk(1),
      { camera: walk(5).camera, plan: null },
      { camera: walk(5).camera, plan: walk(3).plan },
      { camera: [], plan: null },
    ]) {
      expect(encodeTrackPointsV1(points.camera, points.plan)).toEqual(encodeTrackPoints(points));
    }
  });
});
