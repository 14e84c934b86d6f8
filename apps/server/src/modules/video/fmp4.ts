import fsp from 'node:fs/promises';

/** Where the parts of a recorded fragmented MP4 segment lie: what the playlist's byte ranges name. */
export interface Fmp4Layout {
  bytes: number;
  /** ftyp + moov: the EXT-X-MAP byte range [0, initBytes). */
  initBytes: number;
  /** moof + mdat pairs after the init part (a trailing mfra, if any, is left out). */
  mediaBytes: number;
  /** Whether every box is whole and at least one fragment follows the init part. */
  complete: boolean;
}

/**
 * Reads the top-level boxes of a segment (headers only, never the media). A segment the recorder
 * was killed in the middle of has a box running past the end of the file: not complete.
 */
export async function fmp4Layout(file: string): Promise<Fmp4Layout> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    let initBytes = 0;
    let mediaEnd = 0;
    let fragments = 0;
    let whole = true;
    while (offset + 8 <= size) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - offset;
      if (boxSize < 8 || offset + boxSize > size) {
        whole = false;
        break;
      }
      offset += boxSize;
      if (type === 'moov') initBytes = offset;
      if (type === 'mdat' && initBytes > 0) {
        fragments += 1;
        mediaEnd = offset;
      }
    }
    if (offset < size) whole = false;
    return { bytes: size, initBytes, mediaBytes: Math.max(0, mediaEnd - initBytes), complete: whole && initBytes > 0 && fragments > 0 };
  } finally {
    await handle.close();
  }
}

/** The children of a box held in memory: [type, start, end) of each. */
export function childBoxes(buffer: Buffer, start: number, end: number): { type: string; start: number; end: number }[] {
  const boxes = [];
  let offset = start;
  while (offset + 8 <= end) {
    const size = buffer.readUInt32BE(offset);
    if (size < 8 || offset + size > end) break;
    boxes.push({ type: buffer.toString('latin1', offset + 4, offset + 8), start: offset, end: offset + size });
    offset += size;
  }
  return boxes;
}

/**
 * Moves a segment's fragments to their place on the run's timeline: ffmpeg's segment muxer starts
 * a new MP4 muxer per segment, whose fragments' decode times (`tfdt`) begin at 0 again, while a
 * player places fMP4 fragments of one run by those times. Each `tfdt` of the file gets the
 * segment's start in stream time (in the track's timescale) added, in place: a few bytes per
 * fragment, the media untouched.
 */
export async function shiftDecodeTime(file: string, startSeconds: number): Promise<void> {
  if (startSeconds <= 0) return;
  const handle = await fsp.open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(8);
    let timescale = 0;
    let offset = 0;
    while (offset + 8 <= size) {
      await handle.read(header, 0, 8, offset);
      const boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (boxSize < 8 || offset + boxSize > size) break;
      if (type === 'moov' || type === 'moof') {
        const box = Buffer.alloc(boxSize);
        await handle.read(box, 0, boxSize, offset);
        if (type === 'moov') {
          const trak = childBoxes(box, 8, boxSize).find((child) => child.type === 'trak');
          const mdia = trak && childBoxes(box, trak.start + 8, trak.end).find((child) => child.type === 'mdia');
          const mdhd = mdia && childBoxes(box, mdia.start + 8, mdia.end).find((child) => child.type === 'mdhd');
          if (mdhd) timescale = box.readUInt32BE(mdhd.start + (box[mdhd.start + 8] === 1 ? 28 : 20));
        } else if (timescale > 0) {
          const shift = BigInt(Math.round(startSeconds * timescale));
          for (const traf of childBoxes(box, 8, boxSize).filter((child) => child.type === 'traf'))
            for (const tfdt of childBoxes(box, traf.start + 8, traf.end).filter((child) => child.type === 'tfdt')) {
              const at = tfdt.start + 12;
              if (box[tfdt.start + 8] === 1) box.writeBigUInt64BE(box.readBigUInt64BE(at) + shift, at);
              else box.writeUInt32BE(Number((BigInt(box.readUInt32BE(at)) + shift) & 0xffffffffn), at);
            }
          await handle.write(box, 0, boxSize, offset);
        }
      }
      offset += boxSize;
    }
  } finally {
    await handle.close();
  }
}
