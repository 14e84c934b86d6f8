import { INSPECTION_LIMITS } from '@storelens/contracts';
import { type PreparedPicture, preparePicture } from '../../platform/files/picture.ts';

/** Why an upload is not a reference image we keep. */
export class ItemImageRefused extends Error {
  override name = 'ItemImageRefused';
}

export type PreparedItemImage = PreparedPicture;

/** An item reference image checked and kept as a JPEG (platform/files/picture.ts). */
export const prepareItemImage = (content: Buffer): Promise<PreparedItemImage> =>
  preparePicture(content, INSPECTION_LIMITS.imageMaxSide, (reason) => new ItemImageRefused(reason));

/** Keys are made here only, from ids the server generated. */
export const itemImageKey = (customerId: string, itemId: string, sha256: string) => `inspection/items/${customerId}/${itemId}/${sha256.slice(0, 32)}.jpg`;
