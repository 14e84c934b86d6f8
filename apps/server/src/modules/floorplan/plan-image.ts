import { FLOOR_PLAN } from '@storelens/contracts';
import sharp from 'sharp';
import { refused } from '../../platform/http/errors.ts';

/** A floor plan image that passed the checks: kept byte for byte as uploaded. */
export interface CheckedPlanImage {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
  bytes: number;
  content: Buffer;
}

/**
 * Spec section 5: JPG or PNG, at most 1 MB. The content decides, not the name: sharp reads the
 * header and then decodes the whole image, so a renamed file or a truncated one is refused.
 */
export async function checkPlanImage(content: Buffer): Promise<CheckedPlanImage> {
  if (content.length > FLOOR_PLAN.maxBytes) throw refused('errors.fileTooLarge');
  if (content.length === 0) throw refused('floorplan.noFile');
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    const metadata = await sharp(content).metadata();
    format = metadata.format;
    width = metadata.width;
    height = metadata.height;
    if ((format === 'png' || format === 'jpeg') && width && height && width <= FLOOR_PLAN.maxImageSide && height <= FLOOR_PLAN.maxImageSide) {
      // Decoding every pixel catches a file whose header is fine but whose data is cut short.
      await sharp(content, { failOn: 'truncated' }).raw().toBuffer();
    }
  } catch {
    throw refused('floorplan.imageType');
  }
  if ((format !== 'png' && format !== 'jpeg') || !width || !height || width > FLOOR_PLAN.maxImageSide || height > FLOOR_PLAN.maxImageSide)
    throw refused('floorplan.imageType');
  return { type: format, width, height, bytes: content.length, content };
}

export function planImageKey(customerId: string, planId: string, uploadId: string, type: 'png' | 'jpeg'): string {
  return `floorplans/${customerId}/${planId}/${uploadId}.${type === 'png' ? 'png' : 'jpg'}`;
}

/** Images uploaded for a later 'save by URL' wait here. */
export function uploadsPrefix(customerId: string): string {
  return `floorplans/${customerId}/uploads/`;
}

export function uploadedImageKey(customerId: string, uploadId: string, type: 'png' | 'jpeg'): string {
  return `${uploadsPrefix(customerId)}${uploadId}.${type === 'png' ? 'png' : 'jpg'}`;
}

/** A replacement image keeps the plan's shape (within 2%), so the plan's metres still fit it. */
export function sameShape(image: { width: number; height: number }, plan: { width_m: number; height_m: number }): boolean {
  const ratio = image.width / image.height / (Number(plan.width_m) / Number(plan.height_m));
  return Math.abs(ratio - 1) <= 0.02;
}
