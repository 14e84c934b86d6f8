import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

export interface PreparedPicture {
  jpeg: Buffer;
  sha256: string;
  width: number;
  height: number;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A header claiming more pixels than this is refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks an upload as a picture by its content (JPEG, PNG or WebP, whatever its name says: a text
 * file called photo.jpg is refused) and keeps it as a JPEG of at most maxSide pixels on its longer
 * side, turned upright by its EXIF orientation (phone photos) and without its metadata (no
 * location kept). A refusal is the caller's own error, made by `refuse` with the reason.
 */
export async function preparePicture(content: Buffer, maxSide: number, refuse: (reason: string) => Error): Promise<PreparedPicture> {
  let format: string | undefined;
  try {
    format = (await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw refuse('not an image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refuse(`format ${format ?? 'unknown'}`);
  try {
    const { data, info } = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, sha256: crypto.createHash('sha256').update(data).digest('hex'), width: info.width, height: info.height };
  } catch {
    // A header that parses over pixels that do not (truncated, corrupt) is no picture either.
    throw refuse('does not decode');
  }
}

/**
 * Whether an upload is already what preparePicture would keep: a JPEG whose header parses, of at
 * most maxSide pixels on its longer side, upright (no EXIF orientation to apply), without metadata
 * (EXIF, XMP, IPTC, ICC), and not cut short (it ends with the end-of-image marker). Such a picture
 * is kept as sent: decoding and re-encoding it (3-5 ms of a core each) only changed its bytes, and
 * it was most of the time an alarm batch spent. Anything else is for preparePicture (null).
 */
export async function keepableJpeg(content: Buffer, maxSide: number): Promise<{ sha256: string; width: number; height: number } | null> {
  const endsWell = content.length > 4 && content[content.length - 2] === 0xff && content[content.length - 1] === 0xd9;
  if (!endsWell || content[0] !== 0xff || content[1] !== 0xd8) return null;
  let metadata: Metadata;
  try {
    metadata = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return null;
  }
  const { format, width, height, orientation, exif, xmp, iptc, icc } = metadata;
  if (format !== 'jpeg' || !width || !height || Math.max(width, height) > maxSide) return null;
  if ((orientation !== undefined && orientation !== 1) || exif || xmp || iptc || icc) return null;
  return { sha256: crypto.createHash('sha256').update(content).digest('hex'), width, height };
}
