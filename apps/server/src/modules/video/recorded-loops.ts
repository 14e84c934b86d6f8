import { newId } from '../../platform/ids.ts';
import { fmp4Layout } from './fmp4.ts';
import type { SegmentIndex } from './segment-index.ts';
import type { SegmentInsert } from './video.repo.ts';

/**
 * A clip's segments recorded over and over: the pieces stored once (the first loop) and indexed
 * again for each later loop, every loop a run of its own (as the demo's history loops its clip).
 * What the download benchmark and tests record hours with, without hours of files.
 */
export async function indexClipLoops(deps: {
  index: SegmentIndex;
  customerId: string;
  cameraId: string;
  pieces: readonly { file: string; startS: number; endS: number }[];
  fromMs: number;
  loops: number;
  loopMs: number;
}): Promise<void> {
  const first = [];
  for (const piece of deps.pieces)
    first.push(
      await deps.index.add({
        customerId: deps.customerId,
        cameraId: deps.cameraId,
        runId: `loop-${deps.fromMs}-0`,
        file: piece.file,
        startMs: deps.fromMs + Math.round(piece.startS * 1000),
        endMs: deps.fromMs + Math.round(piece.endS * 1000),
        layout: await fmp4Layout(piece.file),
      }),
    );
  const rows: SegmentInsert[] = [];
  for (let loop = 1; loop < deps.loops; loop += 1)
    for (const row of first)
      rows.push({
        ...row,
        id: newId(),
        run_id: `loop-${deps.fromMs}-${loop}`,
        start_ms: row.start_ms + loop * deps.loopMs,
        end_ms: row.end_ms + loop * deps.loopMs,
      });
  await deps.index.insert(deps.customerId, rows);
}
