import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { type MessageKey, type MessageParams, PANORAMA } from '@storelens/contracts';
import sharp, { type Metadata } from 'sharp';

/** Why an uploaded file is not a panorama we keep: a message key and its values. */
export class PanoramaRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'PanoramaRefused';
  }
}

/** A panorama ready for storage: every image made, nothing stored yet. */
export interface PreparedPanorama {
  uploadedWidth: number;
  uploadedHeight: number;
  bytes: number;
  sha256: string;
  width: number;
  height: number;
  cols: number;
  rows: number;
  full: Buffer;
  base: Buffer;
  tiles: { col: number; row: number; jpeg: Buffer }[];
}

/** The stored width of an upload: the largest fixed width not above its own (the minimum width is the smallest). */
export function storedWidthOf(width: number): number {
  return [...PANORAMA.storedWidths].reverse().find((candidate) => candidate <= width) ?? PANORAMA.storedWidths[0];
}

/**
 * What the header says, checked before anything is decoded (a 60,000-pixel-wide "JPEG" is refused
 * from its header, not after allocating its pixels): a JPEG, 2:1 within the tolerance, within the
 * minimum and maximum sizes.
 */
export function checkDimensions(format: string | undefined, width: number | undefined, height: number | undefined): { width: number; height: number } {
  if (format !== 'jpeg' || !width || !height) throw new PanoramaRefused('pano.notJpeg');
  if (Math.abs(width / height - 2) / 2 > PANORAMA.aspectTolerance) throw new PanoramaRefused('pano.aspect', { width, height });
  if (width < PANORAMA.minWidth || height < PANORAMA.minHeight)
    throw new PanoramaRefused('pano.tooSmall', { minWidth: PANORAMA.minWidth, minHeight: PANORAMA.minHeight, width, height });
  if (width > PANORAMA.maxWidth || height > PANORAMA.maxHeight)
    throw new PanoramaRefused('pano.tooLarge', { maxWidth: PANORAMA.maxWidth, maxHeight: PANORAMA.maxHeight, width, height });
  return { width, height };
}

const JPEG = { quality: 85, mozjpeg: false } as const;

/**
 * Validates an uploaded file as an equirectangular JPEG and makes what the viewer loads: the image
 * at its stored width (one of PANORAMA.storedWidths, so the tiles are whole), the low-resolution
 * base and the tiles. The pixels are decoded once; a file that does not decode completely (a PNG
 * renamed .jpg, a truncated or corrupt JPEG) is refused as not a JPEG.
 */
export async function preparePanorama(file: string): Promise<PreparedPanorama> {
  const content = await fsp.readFile(file);
  if (content.length === 0) throw new PanoramaRefused('pano.notJpeg');
  let metadata: Metadata;
  try {
    metadata = await sharp(content).metadata();
  } catch {
    throw new PanoramaRefused('pano.notJpeg');
  }
  const uploaded = checkDimensions(metadata.format, metadata.width, metadata.height);
  const width = storedWidthOf(uploaded.width);
  const height = width / 2;
  let pixels: Buffer;
  try {
    // failOn 'truncated': a JPEG cut short is refused rather than stored half grey.
    pixels = await sharp(content, { failOn: 'truncated' }).removeAlpha().resize(width, height, { fit: 'fill' }).toColourspace('srgb').raw().toBuffer();
  } catch {
    throw new PanoramaRefused('pano.notJpeg');
  }
  const raw = { raw: { width, height, channels: 3 as const } };
  const full = await sharp(pixels, raw).jpeg(JPEG).toBuffer();
  const base = await sharp(pixels, raw)
    .resize(PANORAMA.baseWidth, PANORAMA.baseWidth / 2)
    .jpeg(JPEG)
    .toBuffer();
  const cols = width / PANORAMA.tileSize;
  const rows = cols / 2;
  const tiles: PreparedPanorama['tiles'] = [];
  for (let row = 0; row < rows; row += 1)
    for (let col = 0; col < cols; col += 1) {
      const jpeg = await sharp(pixels, raw)
        .extract({ left: col * PANORAMA.tileSize, top: row * PANORAMA.tileSize, width: PANORAMA.tileSize, height: PANORAMA.tileSize })
        .jpeg(JPEG)
        .toBuffer();
      tiles.push({ col, row, jpeg });
    }
  return {
    uploadedWidth: uploaded.width,
    uploadedHeight: uploaded.height,
    bytes: content.length,
    sha256: crypto.createHash('sha256').update(content).digest('hex'),
    width,
    height,
    cols,
    rows,
    full,
    base,
    tiles,
  };
}
