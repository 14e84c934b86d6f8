import { childBoxes } from '../fmp4.ts';

/** What a live viewer receives: the init part once, then media fragments (moof + mdat). */
export type FeedEvent = { kind: 'init'; data: Buffer } | { kind: 'fragment'; data: Buffer; keyframe: boolean } | { kind: 'end' };
export type FeedListener = (event: FeedEvent) => void;

/** trun / tfhd flags (ISO/IEC 14496-12): where the first sample's flags are written. */
const TFHD_DEFAULT_FLAGS = 0x20;
const TRUN_DATA_OFFSET = 0x1;
const TRUN_FIRST_SAMPLE_FLAGS = 0x4;
const TRUN_SAMPLE_DURATION = 0x100;
const TRUN_SAMPLE_SIZE = 0x200;
const TRUN_SAMPLE_FLAGS = 0x400;
/** sample_is_non_sync_sample: set on every frame but keyframes. */
const NON_SYNC = 0x10000;

/**
 * Whether a fragment (its moof) starts with a keyframe: the first sample's flags, from the trun
 * (first-sample flags or per-sample flags) or the tfhd default. Unknown counts as a keyframe, so a
 * stream without flags still plays (from whatever the viewer joins at).
 */
export function startsWithKeyframe(moof: Buffer): boolean {
  const traf = childBoxes(moof, 8, moof.length).find((box) => box.type === 'traf');
  if (!traf) return true;
  let flags: number | null = null;
  for (const box of childBoxes(moof, traf.start + 8, traf.end)) {
    const boxFlags = moof.readUInt32BE(box.start + 8) & 0xffffff;
    if (box.type === 'tfhd' && boxFlags & TFHD_DEFAULT_FLAGS) {
      // tfhd: version/flags, track id, then optional fields before default_sample_flags.
      let offset = box.start + 16;
      if (boxFlags & 0x1) offset += 8;
      if (boxFlags & 0x2) offset += 4;
      if (boxFlags & 0x8) offset += 4;
      if (boxFlags & 0x10) offset += 4;
      if (offset + 4 <= box.end) flags = moof.readUInt32BE(offset);
    }
    if (box.type === 'trun') {
      let offset = box.start + 16;
      if (boxFlags & TRUN_DATA_OFFSET) offset += 4;
      if (boxFlags & TRUN_FIRST_SAMPLE_FLAGS) return !(moof.readUInt32BE(offset) & NON_SYNC);
      if (boxFlags & TRUN_SAMPLE_FLAGS) {
        if (boxFlags & TRUN_SAMPLE_DURATION) offset += 4;
        if (boxFlags & TRUN_SAMPLE_SIZE) offset += 4;
        return !(moof.readUInt32BE(offset) & NON_SYNC);
      }
    }
  }
  return flags === null ? true : !(flags & NON_SYNC);
}

/**
 * One camera's live fMP4 stream, cut into its boxes as bytes arrive: the init part (ftyp + moov)
 * is kept, and the fragments since the last keyframe, so a viewer who joins gets a picture at once
 * (the group of pictures it starts in) instead of waiting for the next keyframe.
 */
export function createFmp4Feed() {
  let pending: Buffer = Buffer.alloc(0);
  const initParts: Buffer[] = [];
  let init: Buffer | null = null;
  let moof: Buffer | null = null;
  let gop: Buffer[] = [];
  let ended = false;
  const listeners = new Set<FeedListener>();
  const emit = (event: FeedEvent) => {
    for (const listener of listeners) listener(event);
  };

  const onBox = (type: string, box: Buffer) => {
    if (init === null) {
      if (type === 'moof') {
        init = Buffer.concat(initParts);
        emit({ kind: 'init', data: init });
      } else {
        initParts.push(box);
        return;
      }
    }
    if (type === 'moof') moof = box;
    else if (type === 'mdat' && moof) {
      const keyframe = startsWithKeyframe(moof);
      const data = Buffer.concat([moof, box]);
      moof = null;
      if (keyframe) gop = [];
      gop.push(data);
      emit({ kind: 'fragment', data, keyframe });
    }
  };

  return {
    /** Bytes from the muxer, in order; boxes may span chunks. */
    push(chunk: Buffer) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let offset = 0;
      while (pending.length - offset >= 8) {
        const size = pending.readUInt32BE(offset);
        if (size < 8) {
          // Not MP4 (or a 64-bit size, which a live fragment never needs): nothing more can be read.
          pending = Buffer.alloc(0);
          return;
        }
        if (pending.length - offset < size) break;
        onBox(pending.toString('latin1', offset + 4, offset + 8), pending.subarray(offset, offset + size));
        offset += size;
      }
      pending = offset === 0 ? pending : Buffer.from(pending.subarray(offset));
    },
    end() {
      if (ended) return;
      ended = true;
      emit({ kind: 'end' });
      listeners.clear();
    },
    get ended() {
      return ended;
    },
    get initialized() {
      return init !== null;
    },
    /** Adds a viewer: it gets the init part and the current group of pictures at once, then what follows. */
    listen(listener: FeedListener): () => void {
      if (ended) {
        listener({ kind: 'end' });
        return () => undefined;
      }
      if (init) {
        listener({ kind: 'init', data: init });
        for (const data of gop) listener({ kind: 'fragment', data, keyframe: data === gop[0] });
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners: () => listeners.size,
  };
}
export type Fmp4Feed = ReturnType<typeof createFmp4Feed>;

/** ffmpeg's muxer options for a live fMP4 stream: fragments at every keyframe and at least every 200 ms, so latency stays low with long GOPs. */
export const LIVE_MP4_OUTPUT = ['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '200000'] as const;
