import { describe, expect, it } from 'vitest';
import { packTracks, traceTracks, trackPixels } from './trajectoryPaths.ts';

describe('a track as canvas pixels', () => {
  it('projects each point at the scale, in order', () => {
    // 50 px per metre: (1, 2) -> (50, 100), (3, 2) -> (150, 100).
    expect(
      trackPixels(
        [
          [1, 2],
          [3, 2],
          [3, 4],
        ],
        50,
      ),
    ).toEqual([50, 100, 150, 100, 150, 200]);
  });

  it('leaves out points within a pixel of the last one kept, keeping both ends', () => {
    // 10 px per metre: 0.05 m is half a pixel, 0.12 m from the start 1.2 px.
    const track: [number, number][] = [
      [0, 0],
      [0.05, 0],
      [0.12, 0],
      [0.15, 0],
      [0.16, 0],
    ];
    expect(trackPixels(track, 10)).toEqual([0, 0, 1.2, 0, 1.6, 0]);
  });

  it('keeps a track that never leaves its first pixel as its two ends, and draws none of one standing still', () => {
    expect(
      trackPixels(
        [
          [1, 1],
          [1.01, 1],
          [1.02, 1],
        ],
        10,
      ),
    ).toEqual([10, 10, 10.2, 10]);
    expect(
      trackPixels(
        [
          [1, 1],
          [1, 1],
        ],
        10,
      ),
    ).toEqual([]);
    expect(trackPixels([], 10)).toEqual([]);
  });

  it('keeps every point a pixel or more apart at a larger scale that it thinned at a smaller one', () => {
    const track: [number, number][] = [
      [0, 0],
      [0.3, 0],
      [0.6, 0],
      [0.9, 0],
    ];
    // 2 px per metre: steps of 0.6 px, so 0.6 px goes, 1.2 px stays, 1.8 px is the end.
    expect(trackPixels(track, 2)).toEqual([0, 0, 1.2, 0, 1.8, 0]);
    // 10 px per metre: steps of 3 px, all four points.
    expect(trackPixels(track, 10)).toEqual([0, 0, 3, 0, 6, 0, 9, 0]);
  });
});

describe('a day of tracks packed and traced', () => {
  it('packs each track as its count of points and its coordinates, in order', () => {
    const packed = packTracks([
      {
        points: [
          [1, 2],
          [3, 4],
        ],
      },
      { points: [] },
      { points: [[5, 6]] },
    ]);
    expect([...packed]).toEqual([2, 1, 2, 3, 4, 0, 1, 5, 6]);
  });

  it('asks a sink for every track, drawn or not, and starts each drawn one with a move', () => {
    const calls: string[] = [];
    const packed = packTracks([
      {
        points: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
      { points: [[2, 2]] },
      {
        points: [
          [3, 3],
          [3, 4],
        ],
      },
    ]);
    const sink = { moveTo: (x: number, y: number) => calls.push(`M${x},${y}`), lineTo: (x: number, y: number) => calls.push(`L${x},${y}`) };
    traceTracks(packed, 10, (track) => {
      calls.push(`track ${track}`);
      return sink;
    });
    expect(calls).toEqual(['track 0', 'M0,0', 'L10,0', 'L10,10', 'track 1', 'track 2', 'M30,30', 'L30,40']);
  });
});
