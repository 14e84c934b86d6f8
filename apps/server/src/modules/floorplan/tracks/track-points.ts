import type { TimedPoint } from './movement.ts';

/**
 * A kept track's points in one BLOB (fp_tracks.points, migration 0044; bytea on PostgreSQL): the
 * camera's points as the box sent them and, when the camera is calibrated on a plan, their
 * projection onto it. JSON text cost 1.4 kB a track of the demo's 34 points (docs/PERFORMANCE.md,
 * "Floor-plan data"); this is about a fifth of it.
 *
 * Layout: a format byte (1), the number of camera points, then per point as zigzag varints: the
 * change of the step between offsets (milliseconds; a steady sampling rate makes it 0), and the
 * differences of x and y to the previous point (the first to 0) in whole camera pixels. Then the
 * plan part: a mode byte (0 none: the camera has no plan; 1 the same offsets as the camera points,
 * one plan point each, as ingestion projects them; 2 its own offsets: a count, then offset, x, y
 * per point as for the camera), with plan x and y in centimetres.
 *
 * Precision, decided by measurement (docs/decisions/floorplan-data.md): offsets stay whole
 * milliseconds, exact (the device API takes only integers; dwell and the hour of a line crossing
 * come from them). Plan coordinates in centimetres: a projected foot point is off by 10 to 30 cm
 * (detection, calibration) and the page draws 2 cm a pixel at most; millimetres cost 17 % more.
 * Camera pixels whole: a detector's foot point is not finer, and no function reads them yet (they
 * are kept so that a corrected calibration can project the 30 days again).
 */
export type TrackTriple = [offsetMs: number, x: number, y: number];

export interface TrackPoints<Triples = TrackTriple[]> {
  /** [offset ms, x, y] in camera pixels. */
  camera: Triples;
  /** [offset ms, x, y] in plan metres; null while the camera is not calibrated on a plan. */
  plan: Triples | null;
}

const FORMAT = 1;
export const CAMERA_UNITS_PER_PIXEL = 1;
export const PLAN_UNITS_PER_METRE = 100;
const PLAN_NONE = 0;
const PLAN_SAME_OFFSETS = 1;
const PLAN_OWN_OFFSETS = 2;

/** A coordinate at the stored precision, as it reads back. */
const atPrecision = (value: number, units: number) => Math.round(value * units) / units;
export const planCoordinate = (metres: number) => atPrecision(metres, PLAN_UNITS_PER_METRE);

class Writer {
  private readonly bytes: number[] = [];
  /** Unsigned varint, 7 bits a byte; plain arithmetic, as values can pass 2^31 (offsets of long tracks). */
  unsigned(value: number): void {
    let rest = value;
    while (rest >= 128) {
      this.bytes.push((rest % 128) + 128);
      rest = Math.floor(rest / 128);
    }
    this.bytes.push(rest);
  }
  /** Zigzag: small negative and positive differences both take few bytes. */
  signed(value: number): void {
    this.unsigned(value >= 0 ? value * 2 : -value * 2 - 1);
  }
  buffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}

class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  unsigned(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at];
      if (byte === undefined) throw new Error('track points end within a number');
      this.at += 1;
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }
  signed(): number {
    const zigzag = this.unsigned();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  }
  get done(): boolean {
    return this.at >= this.bytes.length;
  }
}

function writeTriples(out: Writer, triples: readonly (readonly [number, number, number])[], units: number, withOffsets: boolean): void {
  let offset = 0;
  let step = 0;
  let x = 0;
  let y = 0;
  for (const [t, px, py] of triples) {
    const scaledX = Math.round(px * units);
    const scaledY = Math.round(py * units);
    if (withOffsets) {
      // A box samples at a steady rate: the change of the step is mostly 0, one byte.
      out.signed(Math.round(t) - offset - step);
      step = Math.round(t) - offset;
      offset = Math.round(t);
    }
    out.signed(scaledX - x);
    out.signed(scaledY - y);
    x = scaledX;
    y = scaledY;
  }
}

function readTriples(input: Reader, count: number, units: number, offsets: readonly number[] | null): TrackTriple[] {
  const triples: TrackTriple[] = [];
  let offset = 0;
  let step = 0;
  let x = 0;
  let y = 0;
  for (let index = 0; index < count; index += 1) {
    if (offsets) offset = offsets[index] ?? 0;
    else {
      step += input.signed();
      offset += step;
    }
    x += input.signed();
    y += input.signed();
    triples.push([offset, x / units, y / units]);
  }
  return triples;
}

export function encodeTrackPoints(points: TrackPoints<readonly (readonly [number, number, number])[]>): Buffer {
  const out = new Writer();
  out.unsigned(FORMAT);
  out.unsigned(points.camera.length);
  writeTriples(out, points.camera, CAMERA_UNITS_PER_PIXEL, true);
  const { plan } = points;
  if (plan === null) out.unsigned(PLAN_NONE);
  else if (plan.length === points.camera.length && plan.every(([t], index) => Math.round(t) === Math.round(points.camera[index]?.[0] ?? Number.NaN))) {
    out.unsigned(PLAN_SAME_OFFSETS);
    writeTriples(out, plan, PLAN_UNITS_PER_METRE, false);
  } else {
    out.unsigned(PLAN_OWN_OFFSETS);
    out.unsigned(plan.length);
    writeTriples(out, plan, PLAN_UNITS_PER_METRE, true);
  }
  return out.buffer();
}

export function decodeTrackPoints(blob: Uint8Array): TrackPoints {
  const input = new Reader(blob);
  const format = input.unsigned();
  if (format !== FORMAT) throw new Error(`unknown track points format ${format}`);
  const camera = readTriples(input, input.unsigned(), CAMERA_UNITS_PER_PIXEL, null);
  const mode = input.unsigned();
  let plan: TrackTriple[] | null = null;
  if (mode === PLAN_SAME_OFFSETS)
    plan = readTriples(
      input,
      camera.length,
      PLAN_UNITS_PER_METRE,
      camera.map(([t]) => t),
    );
  else if (mode === PLAN_OWN_OFFSETS) plan = readTriples(input, input.unsigned(), PLAN_UNITS_PER_METRE, null);
  else if (mode !== PLAN_NONE) throw new Error(`unknown plan points mode ${mode}`);
  if (!input.done) throw new Error('track points carry bytes past their end');
  return { camera, plan };
}

/** A stored track's plan points as the analysis takes them (epoch milliseconds); none without a plan. */
export function planPointsOf(blob: Uint8Array, startedMs: number): TimedPoint[] {
  return (decodeTrackPoints(blob).plan ?? []).map(([offset, x, y]) => ({ x, y, t: startedMs + offset }));
}

/** Plan points as they will be stored and read back: [offset ms, x, y] at centimetre precision. */
export function planTriplesOf(points: readonly TimedPoint[], startedMs: number): TrackTriple[] {
  return points.map((point): TrackTriple => [Math.round(point.t - startedMs), planCoordinate(point.x), planCoordinate(point.y)]);
}
