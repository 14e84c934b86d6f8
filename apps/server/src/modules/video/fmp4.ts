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
