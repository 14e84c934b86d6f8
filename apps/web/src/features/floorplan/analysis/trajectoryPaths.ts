/**
 * How a day's trajectories become canvas strokes: packed into one flat array (which goes to the
 * drawing worker without copying), projected to pixels as they are stroked, what no pixel shows left out.
 */

/** Tracks per path: a path is stroked at once, and thousands of strokes cost more than a few hundred. */
export const TRACKS_PER_PATH = 25;

/** The tracks' colour: translucent, so that where many people walked is darker. */
export const TRACK_COLOUR = 'rgba(22, 119, 255, 0.25)';

type Point = readonly [number, number];
export type Track = { points: readonly Point[] };

/**
 * Tracks as one array: for each track its number of points, then its points' x and y in plan
 * metres. One array is copied in a few milliseconds and handed to a worker without a copy (its
 * buffer is transferred); the tracks as objects would be cloned point by point.
 */
export function packTracks(tracks: readonly Track[]): Float64Array {
  let length = 0;
  for (const track of tracks) length += 1 + 2 * track.points.length;
  const packed = new Float64Array(length);
  let at = 0;
  // Indexed loops: this runs once, cold, on the page's main thread, where an iterator per point
  // (for...of) made enough garbage for a 17 ms collection within the drawing.
  for (let track = 0; track < tracks.length; track += 1) {
    const points = tracks[track]?.points ?? [];
    packed[at++] = points.length;
    for (let index = 0; index < points.length; index += 1) {
      const point = points[index];
      packed[at++] = point?.[0] ?? 0;
      packed[at++] = point?.[1] ?? 0;
    }
  }
  return packed;
}

/** Where a track's pixels go: a Path2D, or a list in the tests. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * Draws each packed track, as canvas pixels at `scale` pixels per metre, on the sink `sinkOf` gives
 * for it (tracks are numbered from 0). A point closer than `minStepPx` to the last one kept is left
 * out (a segment within a pixel draws nothing one can see); the first and the last point are always
 * kept, so a track keeps its ends; a track left with one point draws nothing. No array is made per
 * track or point, and the sink is the Path2D itself: this loop runs for each of the day's points
 * (160,000 for 5,000 tracks), in a worker that starts cold.
 */
export function traceTracks(packed: Float64Array, scale: number, sinkOf: (track: number) => PathSink, minStepPx = 1): void {
  const minStepSquared = minStepPx * minStepPx;
  let at = 0;
  for (let track = 0; at < packed.length; track += 1) {
    const sink = sinkOf(track);
    const count = packed[at++] ?? 0;
    const end = at + 2 * count;
    const firstX = (packed[at] ?? 0) * scale;
    const firstY = (packed[at + 1] ?? 0) * scale;
    let lastX = firstX;
    let lastY = firstY;
    let started = false;
    for (let point = at + 2; point < end; point += 2) {
      const x = (packed[point] ?? 0) * scale;
      const y = (packed[point + 1] ?? 0) * scale;
      const dx = x - lastX;
      const dy = y - lastY;
      const isLast = point === end - 2;
      if (isLast ? dx === 0 && dy === 0 : dx * dx + dy * dy < minStepSquared) continue;
      if (!started) sink.moveTo(firstX, firstY);
      started = true;
      sink.lineTo(x, y);
      lastX = x;
      lastY = y;
    }
    at = end;
  }
}

/** A track's points as canvas pixels [x0, y0, x1, y1, ...], as `traceTracks` strokes them (or [] when it draws nothing). */
export function trackPixels(points: readonly Point[], scale: number, minStepPx = 1): number[] {
  const pixels: number[] = [];
  const collect = (x: number, y: number) => pixels.push(x, y);
  const sink = { moveTo: collect, lineTo: collect };
  traceTracks(packTracks([{ points }]), scale, () => sink, minStepPx);
  return pixels;
}

/** A 2D context of a canvas in the page or of an OffscreenCanvas in a worker. */
type Context2D = Pick<CanvasRenderingContext2D, 'stroke' | 'lineWidth' | 'strokeStyle'>;

/**
 * Strokes packed tracks in `TRACK_COLOUR`, `TRACKS_PER_PATH` to a Path2D. The line is one pixel
 * wide: Chromium's Skia draws a stroke of at most one device pixel as an antialiased hairline, about
 * ten times faster than the 1.2 px stroke drawn before (5,000 tracks: 1.4 s against 0.15 s on the
 * bench's machine). A hairline's overlapping segments each add their colour, within one path too,
 * so where many people walked stays darker whatever the batching.
 */
export function strokeTracks(context: Context2D, packed: Float64Array, scale: number): void {
  context.lineWidth = 1;
  context.strokeStyle = TRACK_COLOUR;
  let path = new Path2D();
  traceTracks(packed, scale, (track) => {
    if (track > 0 && track % TRACKS_PER_PATH === 0) {
      context.stroke(path);
      path = new Path2D();
    }
    return path;
  });
  context.stroke(path);
}

/** What the page sends the drawing worker (trajectoryWorker.ts): the layer's canvas once, then each drawing. */
export type TrajectoryRequest =
  | { kind: 'canvas'; canvas: OffscreenCanvas }
  | { kind: 'draw'; drawing: number; packed: Float64Array; scale: number; width: number; height: number };

/** The worker's answer to a drawing: when (epoch milliseconds) the frame that shows it was made, null when it cannot draw on its canvas. */
export interface TrajectoryReply {
  drawing: number;
  shownAt: number | null;
}
