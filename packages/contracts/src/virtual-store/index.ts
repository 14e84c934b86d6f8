import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { messageRef } from '../platform/messages.ts';
import { requiredText } from '../platform/validation.ts';

/**
 * Virtual store / panoramic tour (issue 12 section 5b): 360° equirectangular panoramas per store,
 * hotspots that open a camera's live view, and links between panoramas (the tour). The server keeps
 * each panorama at one of a few fixed widths and cuts it into tiles, so the viewer never needs a
 * texture larger than one tile (WebGL texture limits; docs/decisions/virtual-store.md).
 */
export const PANORAMA = {
  /** An upload's byte cap (the multipart limit refuses anything larger before it is stored). */
  maxBytes: 25 * 1024 * 1024,
  minWidth: 2048,
  minHeight: 1024,
  maxWidth: 16384,
  maxHeight: 8192,
  /** Width / height must be 2 within this relative tolerance (2048 × 1030 passes, 3:1 does not). */
  aspectTolerance: 0.02,
  /** The widths a panorama is kept at: the largest not above the upload's width. */
  storedWidths: [2048, 4096, 8192],
  /** Tiles are square; a stored width of W gives W / tileSize columns and half as many rows (powers of two). */
  tileSize: 512,
  /** The low-resolution whole image the viewer shows while tiles load (and the editor's thumbnails). */
  baseWidth: 1024,
  perShop: 20,
  hotspotsPerPanorama: 60,
  nameMaxChars: 40,
  labelMaxChars: 40,
} as const;

const required = messageRef('validation.required');
const yawSchema = z
  .number({ error: required })
  .min(-Math.PI * 2)
  .max(Math.PI * 2);
const pitchSchema = z
  .number({ error: required })
  .min(-Math.PI / 2)
  .max(Math.PI / 2);

export const HOTSPOT_KINDS = ['camera', 'link'] as const;
export type HotspotKind = (typeof HOTSPOT_KINDS)[number];

export const panoInfoRequestSchema = z.object({ shopId: idSchema });

export const hotspotSchema = z.object({
  id: z.string(),
  kind: z.enum(HOTSPOT_KINDS),
  /** Radians; yaw 0 is the panorama's centre column, positive to the right; pitch positive up. */
  yaw: z.number(),
  pitch: z.number(),
  label: z.string(),
  /** kind 'camera': the camera (of the same store) whose live view the hotspot opens (its name is in the camera tree). */
  cameraId: z.string().nullable(),
  /** kind 'link': the panorama (of the same store) the link leads to. */
  targetPanoramaId: z.string().nullable(),
});
export type Hotspot = z.infer<typeof hotspotSchema>;

export const panoramaSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  name: z.string(),
  /** The stored (tiled) size; the upload's own size and bytes are kept for reference. */
  width: z.number().int(),
  height: z.number().int(),
  uploadedWidth: z.number().int(),
  uploadedHeight: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  sortOrder: z.number().int(),
  initialYaw: z.number(),
  initialPitch: z.number(),
  tiles: z.object({ width: z.number().int(), cols: z.number().int(), rows: z.number().int(), baseWidth: z.number().int() }),
  hotspots: z.array(hotspotSchema),
  updatedAt: z.string(),
});
export type Panorama = z.infer<typeof panoramaSchema>;

export const panoInfoResponseSchema = z.object({ shopId: z.string(), panoramas: z.array(panoramaSchema) });
export type PanoInfo = z.infer<typeof panoInfoResponseSchema>;

export const hotspotInputSchema = z.object({
  kind: z.enum(HOTSPOT_KINDS),
  yaw: yawSchema,
  pitch: pitchSchema,
  label: z
    .string()
    .trim()
    .max(PANORAMA.labelMaxChars, { error: messageRef('validation.maxChars', { n: PANORAMA.labelMaxChars }) })
    .default(''),
  cameraId: idSchema.nullish(),
  targetPanoramaId: idSchema.nullish(),
});
export type HotspotInput = z.input<typeof hotspotInputSchema>;

export const panoUpdateSchema = z.object({
  panoramaId: idSchema,
  name: requiredText(PANORAMA.nameMaxChars).optional(),
  initialYaw: yawSchema.optional(),
  initialPitch: pitchSchema.optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
  /** When given, replaces every hotspot of the panorama (the editor saves the whole set). */
  hotspots: z
    .array(hotspotInputSchema)
    .max(PANORAMA.hotspotsPerPanorama, { error: messageRef('validation.maxItems', { n: PANORAMA.hotspotsPerPanorama }) })
    .optional(),
});
export type PanoUpdate = z.input<typeof panoUpdateSchema>;

export const panoDeleteSchema = z.object({ panoramaId: idSchema });

/** The upload's form fields (the file travels as the part named 'file'). */
export const panoUploadFieldsSchema = z.object({ shopId: idSchema, name: requiredText(PANORAMA.nameMaxChars) });

export const PANO_IMAGE_SIZES = ['base', 'full'] as const;
export const panoImageQuerySchema = z.object({ panoramaId: idSchema, size: z.enum(PANO_IMAGE_SIZES).default('base') });
export const panoTileQuerySchema = z.object({
  panoramaId: idSchema,
  col: z.coerce.number().int().min(0).max(63),
  row: z.coerce.number().int().min(0).max(31),
});
