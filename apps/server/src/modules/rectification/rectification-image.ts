import { RECTIFICATION_LIMITS } from '@storelens/contracts';
import sharp from 'sharp';
import { type PreparedPicture, preparePicture } from '../../platform/files/picture.ts';

/** Why an upload is not a picture we keep. */
export class RectificationImageRefused extends Error {
  override name = 'RectificationImageRefused';
}

export type PreparedImage = PreparedPicture;

/** A rectification photo checked and kept as a JPEG (platform/files/picture.ts). */
export const prepareRectificationImage = (content: Buffer): Promise<PreparedImage> =>
  preparePicture(content, RECTIFICATION_LIMITS.imageMaxSide, (reason) => new RectificationImageRefused(reason));

/** Width and height of a JPEG the server made (a frame of a recording). */
export async function jpegSize(jpeg: Buffer): Promise<{ width: number; height: number }> {
  const metadata = await sharp(jpeg).metadata();
  return { width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

/** Keys are made here only, from ids the server generated (platform/storage assertKey). */
export const uploadKey = (customerId: string, mediaId: string) => `rectification/${customerId}/uploads/${mediaId}.jpg`;
export const frameKey = (customerId: string, rectificationId: string, role: 'evidence' | 'frame', sha256: string) =>
  `rectification/${customerId}/${rectificationId}/${role}-${sha256.slice(0, 32)}.jpg`;
