import { describe, expect, it } from 'vitest';
import { crossingsOf, type Polygon, type RegionVisit, staysIn, type TimedPoint, transitionsOf, visitsOf } from './movement.ts';

/**
 * The movement geometry against cases worked out by hand (the arithmetic is in each comment).
 * Plan coordinates in metres, y downwards as drawn; times in milliseconds.
 */
const track = (...points: [number, number, number][]): TimedPoint[] => points.map(([x, y, t]) => ({ x, y, t }));
const square: Polygon = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 10 },
  { x: 0, y: 10 },
];

describe('staysIn: when a track is inside a region (open interior)', () => {
  it('a straight walk through: enters at x = 0, leaves at x = 10', () => {
    // x = -5 + t/1000 metres: x = 0 at t = 5,000, x = 10 at t = 15,000.
    expect(staysIn(track([-5, 5, 0], [15, 5, 20_000]), square)).toEqual([{ enteredAt: 5_000, exitedAt: 15_000 }]);
  });

  it('a vertical walk (dx = 0): enters at y = 0, leaves at y = 10', () => {
    // y = -10 + t/1000: y = 0 at t = 10,000 and y = 10 at t = 20,000.
    expect(staysIn(track([5, -10, 0], [5, 20, 30_000]), square)).toEqual([{ enteredAt: 10_000, exitedAt: 20_000 }]);
  });

  it('a walk along an edge grazes it: never inside', () => {
    expect(staysIn(track([-5, 0, 0], [15, 0, 20_000]), square)).toEqual([]);
    // Along the right edge x = 10, on a vertical line: the same.
    expect(staysIn(track([10, -5, 0], [10, 15, 20_000]), square)).toEqual([]);
  });

  it('a diagonal region edge walked along is the boundary too', () => {
    const triangle: Polygon = [
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    // (0,0) -> (10,10) runs exactly along the hypotenuse.
    expect(staysIn(track([0, 0, 0], [10, 10, 10_000]), triangle)).toEqual([]);
    // (10,0) -> (0,10) is inside (y > x) from the hypotenuse at (5,5), t = 5,000, to the corner (0,10).
    expect(staysIn(track([10, 0, 0], [0, 10, 10_000]), triangle)).toEqual([{ enteredAt: 5_000, exitedAt: 10_000 }]);
  });

  it('touching a vertex is not a visit; entering through one is, from the vertex on', () => {
    expect(staysIn(track([-5, -5, 0], [0, 0, 5_000], [-5, 5, 10_000]), square)).toEqual([]);
    // (-5,-5) -> (5,5): at the vertex (0,0) at t = 5,000, inside to the end at t = 10,000.
    expect(staysIn(track([-5, -5, 0], [5, 5, 10_000]), square)).toEqual([{ enteredAt: 5_000, exitedAt: 10_000 }]);
  });

  it('along an edge, then inwards: inside from the instant it leaves the edge', () => {
    expect(staysIn(track([-5, 0, 0], [5, 0, 10_000], [5, 5, 15_000]), square)).toEqual([{ enteredAt: 10_000, exitedAt: 15_000 }]);
  });

  it('leaving and coming back gives two stays; points on the way inside join into one', () => {
    // x = 5 + t/1000 on the way out, so the edge x = 10 is reached at t = 5,000.
    const out = track([5, 5, 0], [15, 5, 10_000], [5, 5, 20_000]);
    // Leaves at x = 10, t = 5,000; comes back through x = 10 at t = 15,000 and stays to t = 20,000.
    expect(staysIn(out, square)).toEqual([
      { enteredAt: 0, exitedAt: 5_000 },
      { enteredAt: 15_000, exitedAt: 20_000 },
    ]);
    expect(staysIn(track([1, 1, 0], [2, 2, 1_000], [3, 3, 2_000], [4, 4, 3_000]), square)).toEqual([{ enteredAt: 0, exitedAt: 3_000 }]);
  });

  it('a concave region: a walk across its notch leaves and re-enters', () => {
    // A U: 0..30 wide, 0..20 high, with the notch x 10..20, y 0..10 cut from the top.
    const u: Polygon = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 10 },
      { x: 20, y: 0 },
      { x: 30, y: 0 },
      { x: 30, y: 20 },
      { x: 0, y: 20 },
    ];
    // y = 5, x = t/1000: inside 0..10 (the notch's left wall at x = 10), outside 10..20, inside 20..30.
    expect(staysIn(track([0, 5, 0], [30, 5, 30_000]), u)).toEqual([
      { enteredAt: 0, exitedAt: 10_000 },
      { enteredAt: 20_000, exitedAt: 30_000 },
    ]);
  });

  it('a single point or a degenerate region has no stay', () => {
    expect(staysIn(track([5, 5, 0]), square)).toEqual([]);
    expect(staysIn(track([5, 5, 0], [6, 6, 1_000]), square.slice(0, 2))).toEqual([]);
  });
});

describe('visitsOf: minimum dwell and boundary jitter', () => {
  it('keeps stays of at least the minimum dwell (default region rule: 5 s)', () => {
    const stays = [
      { enteredAt: 0, exitedAt: 4_999 },
      { enteredAt: 10_000, exitedAt: 15_000 },
    ];
    expect(visitsOf(stays, 5_000)).toEqual([{ enteredAt: 10_000, exitedAt: 15_000 }]);
  });

  it('joins stays at most 1 s apart before applying the minimum', () => {
    // 3 s + 0.8 s out + 3 s = one visit of 6.8 s; a 1.5 s gap keeps two 3 s stays, both too short.
    expect(
      visitsOf(
        [
          { enteredAt: 0, exitedAt: 3_000 },
          { enteredAt: 3_800, exitedAt: 6_800 },
        ],
        5_000,
      ),
    ).toEqual([{ enteredAt: 0, exitedAt: 6_800 }]);
    expect(
      visitsOf(
        [
          { enteredAt: 0, exitedAt: 3_000 },
          { enteredAt: 4_500, exitedAt: 7_500 },
        ],
        5_000,
      ),
    ).toEqual([]);
  });
});

describe('crossingsOf: flow-line crossings with direction', () => {
  // A vertical line from (0,0) to (0,10): cross(end - start, p - start) = 0 * p.y - 10 * p.x = -10 p.x,
  // so the positive (forward) side is x < 0.
  const vertical = { start: { x: 0, y: 0 }, end: { x: 0, y: 10 } };

  it('a walk across a vertical line: forward from x > 0 to x < 0, backward the other way', () => {
    // x = 5 - t/1000: x = 0 at t = 5,000.
    expect(crossingsOf(track([5, 5, 0], [-5, 5, 10_000]), vertical)).toEqual([{ at: 5_000, direction: 'forward' }]);
    expect(crossingsOf(track([-5, 5, 0], [5, 5, 10_000]), vertical)).toEqual([{ at: 5_000, direction: 'backward' }]);
  });

  it('a horizontal line crossed by a vertical walk', () => {
    // start (0,0), end (10,0): cross = 10 * p.y, forward side y > 0; y = -5 + t/1000 meets 0 at t = 5,000.
    expect(crossingsOf(track([4, -5, 0], [4, 5, 10_000]), { start: { x: 0, y: 0 }, end: { x: 10, y: 0 } })).toEqual([{ at: 5_000, direction: 'forward' }]);
  });

  it('a crossing beyond the line’s end is no crossing; through an end point is one', () => {
    expect(crossingsOf(track([5, 15, 0], [-5, 15, 10_000]), vertical)).toEqual([]);
    // (5,15) -> (-5,5) meets x = 0 at (0,10), the end point, at t = 5,000.
    expect(crossingsOf(track([5, 15, 0], [-5, 5, 10_000]), vertical)).toEqual([{ at: 5_000, direction: 'forward' }]);
  });

  it('touching the line and turning back is no crossing', () => {
    expect(crossingsOf(track([5, 5, 0], [0, 5, 5_000], [5, 6, 10_000]), vertical)).toEqual([]);
  });

  it('walking along the line then leaving on the other side is one crossing, at the first contact', () => {
    expect(crossingsOf(track([5, 2, 0], [0, 2, 5_000], [0, 8, 11_000], [-5, 8, 16_000]), vertical)).toEqual([{ at: 5_000, direction: 'forward' }]);
    // The same walk on the line's extension (y 12..20) meets no part of the line.
    expect(crossingsOf(track([5, 12, 0], [0, 12, 5_000], [0, 20, 13_000], [-5, 20, 18_000]), vertical)).toEqual([]);
  });

  it('a walk parallel to a vertical line never crosses; back and forth crosses twice', () => {
    expect(crossingsOf(track([5, 0, 0], [5, 10, 10_000]), vertical)).toEqual([]);
    expect(crossingsOf(track([5, 5, 0], [-5, 5, 10_000], [5, 6, 20_000]), vertical)).toEqual([
      { at: 5_000, direction: 'forward' },
      { at: 15_000, direction: 'backward' },
    ]);
  });

  it('a degenerate line (start = end) is never crossed', () => {
    expect(crossingsOf(track([5, 5, 0], [-5, 5, 10_000]), { start: { x: 0, y: 5 }, end: { x: 0, y: 5 } })).toEqual([]);
  });
});

describe('transitionsOf: from-and-go', () => {
  const visit = (regionId: string, enteredAt: number): RegionVisit => ({ regionId, enteredAt, exitedAt: enteredAt + 6_000 });

  it('pairs consecutive distinct regions in the order they were entered', () => {
    expect(transitionsOf([visit('B', 20_000), visit('A', 0), visit('A', 40_000)])).toEqual([
      { fromRegionId: 'A', toRegionId: 'B', at: 20_000 },
      { fromRegionId: 'B', toRegionId: 'A', at: 40_000 },
    ]);
  });

  it('coming back to the region just left is no transition', () => {
    expect(transitionsOf([visit('A', 0), visit('A', 20_000)])).toEqual([]);
    expect(transitionsOf([])).toEqual([]);
  });
});
