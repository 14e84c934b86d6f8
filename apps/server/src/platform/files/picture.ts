import crypto from 'node:crypto';
import sharp from 'sharp';

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
