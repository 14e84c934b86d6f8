import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText, requiredText } from '../platform/validation.ts';

/**
 * Floor plans, camera points and the store-plan drawing tools (issue 13 part A).
 *
 * Coordinates: every point of a plan is in METRES, origin at the plan image's top-left corner, x to
 * the right, y downwards, within [0, widthM] × [0, heightM]. The image's pixels never enter geometry
 * (an image replaced by a sharper one leaves every region where it was); the web scales metres to
 * the drawn image by widthM / image width. Camera pixels are at the camera point's calibration size.
 */
export const FLOOR_PLAN = {
  /** Spec section 5: a floor plan image is JPG or PNG, at most 1 MB. */
  maxBytes: 1024 * 1024,
  maxImageSide: 10_000,
  nameMaxChars: 40,
  numberMaxChars: 20,
  regionNameMaxChars: 30,
  installPositionMaxChars: 60,
  minFloor: -10,
  maxFloor: 200,
  /** Dwell shorter than this does not count as a stay (issue 13: default 5 s, editable per region). */
  defaultMinDwellSeconds: 5,
  maxMinDwellSeconds: 3600,
  elementsPerSave: 200,
  pointsPerElement: 64,
  minCalibrationPairs: 4,
  maxCalibrationPairs: 8,
  /** Live occupancy: a store's or a zone's threshold (people) is 1 to this. */
  maxOccupancyThreshold: 100_000,
} as const;

export const PLAN_ELEMENT_KINDS = ['mask', 'display', 'halt', 'enter', 'flow', 'region'] as const;
export type PlanElementKind = (typeof PLAN_ELEMENT_KINDS)[number];
export const REGION_TYPES = ['shelf', 'fitting_room', 'cashier'] as const;
export type RegionType = (typeof REGION_TYPES)[number];
/** single: one-way (crossings counted start side -> end side); double: two-way. */
export const FLOW_MODES = ['single', 'double'] as const;
export type FlowMode = (typeof FLOW_MODES)[number];

const required = messageRef('validation.required');
const finite = (max: number) => z.number({ error: required }).min(-max).max(max);

const thresholdRange = messageRef('occupancy.thresholdRange', { max: FLOOR_PLAN.maxOccupancyThreshold });
/** A store's or a zone's occupancy threshold: more people than this raise a message; null: none. */
export const occupancyThresholdValueSchema = z
  .number({ error: thresholdRange })
  .int({ error: thresholdRange })
  .min(1, { error: thresholdRange })
  .max(FLOOR_PLAN.maxOccupancyThreshold, { error: thresholdRange })
  .nullable();

export const planPointSchema = z.object({ x: finite(100_000), y: finite(100_000) });
export type PlanPointDto = z.infer<typeof planPointSchema>;
export const pixelPointSchema = z.object({ u: finite(100_000), v: finite(100_000) });

export const floorPlanSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  name: z.string(),
  number: z.string(),
  floor: z.number().int(),
  pixelsPerMetre: z.number(),
  widthM: z.number(),
  heightM: z.number(),
  image: z.object({ type: z.enum(['png', 'jpeg']), width: z.number().int(), height: z.number().int(), bytes: z.number().int() }),
  /** The active configuration of its shop and floor. */
  active: z.boolean(),
  /** Raised by every geometry change of the plan; reports name the version that produced them. */
  geometryVersion: z.number().int(),
  updatedAt: z.string(),
});
export type FloorPlan = z.infer<typeof floorPlanSchema>;

export const calibrationPairSchema = z.object({ pixel: pixelPointSchema, plan: planPointSchema });
export type CalibrationPair = z.infer<typeof calibrationPairSchema>;

/** The spec's camera point (section 3); lengths in metres on the plan, focal lengths in pixels at the calibration size. */
export const cameraParametersSchema = z.object({
  focalX: z.number({ error: required }).positive().max(100_000),
  focalY: z.number({ error: required }).positive().max(100_000),
  calibWidth: z.number({ error: required }).int().positive().max(10_000),
  calibHeight: z.number({ error: required }).int().positive().max(10_000),
  /** Degrees below the horizontal: 90 straight down, 0 level, negative upwards. */
  tiltDeg: z.number({ error: required }).min(-90).max(90),
  installHeightM: z.number({ error: required }).positive().max(100),
  installXM: finite(100_000),
  installYM: finite(100_000),
  towardXM: finite(100_000),
  towardYM: finite(100_000),
  /** Four to eight points clicked on a camera snapshot and on the plan: calibration by homography instead of the pinhole model. */
  calibrationPairs: z
    .array(calibrationPairSchema)
    .min(FLOOR_PLAN.minCalibrationPairs, { error: messageRef('floorplan.calibrationPoints') })
    .max(FLOOR_PLAN.maxCalibrationPairs, { error: messageRef('validation.maxItems', { n: FLOOR_PLAN.maxCalibrationPairs }) })
    .nullish(),
});
export type CameraParameters = z.input<typeof cameraParametersSchema>;

export const cameraPointInputSchema = cameraParametersSchema.extend({
  planId: idSchema,
  cameraId: idSchema,
  installPosition: optionalText(FLOOR_PLAN.installPositionMaxChars).default(''),
  /** Defaults to the plan's number. */
  planNumber: optionalText(FLOOR_PLAN.numberMaxChars).nullish(),
});
export type CameraPointInput = z.input<typeof cameraPointInputSchema>;

export const cameraPointSchema = z.object({
  id: z.string(),
  planId: z.string(),
  cameraId: z.string(),
  cameraName: z.string(),
  cameraNumber: z.string(),
  version: z.number().int(),
  installPosition: z.string(),
  focalX: z.number(),
  focalY: z.number(),
  calibWidth: z.number().int(),
  calibHeight: z.number().int(),
  tiltDeg: z.number(),
  installHeightM: z.number(),
  installXM: z.number(),
  installYM: z.number(),
  towardXM: z.number(),
  towardYM: z.number(),
  planNumber: z.string(),
  calibrationPairs: z.array(calibrationPairSchema).nullable(),
  /** Root mean square distance of the clicked points from where the homography puts them. */
  calibrationErrorM: z.number().nullable(),
  source: z.enum(['pinhole', 'homography']),
  footprint: z.array(planPointSchema),
  createdAt: z.string(),
});
export type CameraPoint = z.infer<typeof cameraPointSchema>;

const colourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: messageRef('validation.invalidValue', { field: 'colour' }) })
  .transform((value) => value.toLowerCase());

export const planElementInputSchema = z.object({
  /** An element of the plan to change (a new version); absent: a new element. */
  elementId: idSchema.nullish(),
  name: optionalText(FLOOR_PLAN.regionNameMaxChars).default(''),
  colour: colourSchema.default('#1677ff'),
  regionType: z.enum(REGION_TYPES).nullish(),
  linkedElementId: idSchema.nullish(),
  occupancyThreshold: occupancyThresholdValueSchema.optional(),
  enabled: z.boolean().default(true),
  minDwellSeconds: z.number().int().min(0).max(FLOOR_PLAN.maxMinDwellSeconds).default(FLOOR_PLAN.defaultMinDwellSeconds),
  flowMode: z.enum(FLOW_MODES).nullish(),
  hidden: z.boolean().default(false),
  points: z.array(planPointSchema).max(FLOOR_PLAN.pointsPerElement, { error: messageRef('validation.maxItems', { n: FLOOR_PLAN.pointsPerElement }) }),
});
export type PlanElementInput = z.input<typeof planElementInputSchema>;

/** Saving one tool's drawing: the whole set of the plan's elements of that kind (absent ones are deleted). */
export const planElementsSaveSchema = z.object({
  planId: idSchema,
  kind: z.enum(PLAN_ELEMENT_KINDS),
  elements: z.array(planElementInputSchema).max(FLOOR_PLAN.elementsPerSave, { error: messageRef('validation.maxItems', { n: FLOOR_PLAN.elementsPerSave }) }),
});
export type PlanElementsSave = z.input<typeof planElementsSaveSchema>;

export const planElementSchema = z.object({
  /** This version's id. */
  id: z.string(),
  /** Stable across versions. */
  elementId: z.string(),
  planId: z.string(),
  version: z.number().int(),
  /** The plan's geometry version this element version was written at. */
  planVersion: z.number().int(),
  kind: z.enum(PLAN_ELEMENT_KINDS),
  name: z.string(),
  colour: z.string(),
  regionType: z.enum(REGION_TYPES).nullable(),
  linkedElementId: z.string().nullable(),
  occupancyThreshold: z.number().int().nullable(),
  enabled: z.boolean(),
  minDwellSeconds: z.number().int(),
  flowMode: z.enum(FLOW_MODES).nullable(),
  hidden: z.boolean(),
  /** A polygon (three or more points), or a flow line's start and end. */
  points: z.array(planPointSchema),
  createdAt: z.string(),
});
export type PlanElement = z.infer<typeof planElementSchema>;

/** The plan-editing form fields (the image travels as the multipart part named 'file'). */
export const floorPlanFieldsSchema = z.object({
  shopId: idSchema,
  name: requiredText(FLOOR_PLAN.nameMaxChars),
  number: optionalText(FLOOR_PLAN.numberMaxChars).default(''),
  floor: z.coerce.number({ error: required }).int().min(FLOOR_PLAN.minFloor).max(FLOOR_PLAN.maxFloor).default(1),
  pixelsPerMetre: z.coerce.number({ error: required }).positive().max(10_000),
});
export type FloorPlanFields = z.input<typeof floorPlanFieldsSchema>;

export const fpPlanRequestSchema = z.object({ planId: idSchema });
export const fpCameraRequestSchema = z.object({ cameraId: idSchema });
export const fpShopRequestSchema = z.object({ shopId: idSchema });
export const floorPlanListRequestSchema = z.object({ shopIds: z.array(idSchema).max(500).optional() });

export const planUpdateSchema = z.object({
  planId: idSchema,
  name: requiredText(FLOOR_PLAN.nameMaxChars).optional(),
  number: optionalText(FLOOR_PLAN.numberMaxChars).optional(),
  floor: z.number().int().min(FLOOR_PLAN.minFloor).max(FLOOR_PLAN.maxFloor).optional(),
  /** Only while nothing is drawn or calibrated on the plan: geometry is in metres, a new scale would move it on the image. */
  pixelsPerMetre: z.number().positive().max(10_000).optional(),
});
export type PlanUpdate = z.input<typeof planUpdateSchema>;

/**
 * 'Save by URL' (spec section 7): the URL is an object already in our storage, uploaded through
 * the plan image upload (the server fetches nothing from the internet). The plan keeps its extent in
 * metres; the new image must have the same shape (within 2%).
 */
export const planSaveByUrlSchema = z.object({ planId: idSchema, imageKey: z.string().trim().min(1).max(300) });
export const planImageUploadSchema = z.object({
  imageKey: z.string(),
  type: z.enum(['png', 'jpeg']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type PlanImageUpload = z.infer<typeof planImageUploadSchema>;

export const planNameCheckSchema = z.object({ shopId: idSchema, name: requiredText(FLOOR_PLAN.nameMaxChars), planId: idSchema.nullish() });
export const regionNameCheckSchema = z.object({ planId: idSchema, name: requiredText(FLOOR_PLAN.regionNameMaxChars), elementId: idSchema.nullish() });
export const nameCheckResponseSchema = z.object({ available: z.boolean() });

export const shopCameraSchema = z.object({ cameraId: z.string(), name: z.string(), number: z.string(), point: cameraPointSchema.nullable() });
export type ShopCamera = z.infer<typeof shopCameraSchema>;

/** cam2Dmap: what the camera sees of the plan for parameters being typed (nothing is saved). */
export const cam2DmapRequestSchema = cameraParametersSchema.extend({ planId: idSchema });
export const cam2DmapResponseSchema = z.object({
  source: z.enum(['pinhole', 'homography']),
  footprint: z.array(planPointSchema),
  /** Clicked-point calibration only: RMS and worst distance (metres) of the clicked plan points from where the homography puts them. */
  errorM: z.number().nullable(),
  maxErrorM: z.number().nullable(),
});
export type Cam2DmapResponse = z.infer<typeof cam2DmapResponseSchema>;

/** 'Shadow': each calibrated camera's field-of-view footprint on the plan. */
export const shadowResponseSchema = z.array(z.object({ cameraId: z.string(), cameraName: z.string(), footprint: z.array(planPointSchema) }));

export const elementsListSchema = z.object({ planId: idSchema, kind: z.enum(PLAN_ELEMENT_KINDS).optional() });
export const regionHideSchema = z.object({ planId: idSchema, elementIds: z.array(idSchema).max(FLOOR_PLAN.elementsPerSave) });
export const regionHideResponseSchema = z.object({ planId: z.string(), hiddenElementIds: z.array(z.string()) });
export const regionHideQuerySchema = z.object({ planId: idSchema });

export const haltAreaListSchema = z.object({ shopId: idSchema });
export const haltAreaSchema = planElementSchema.extend({ planName: z.string(), shopId: z.string() });
export type HaltArea = z.infer<typeof haltAreaSchema>;
export const haltAreaRenameSchema = z.object({ elementId: idSchema, name: requiredText(FLOOR_PLAN.regionNameMaxChars) });
export const haltAreaStatusSchema = z.object({ elementId: idSchema, enabled: z.boolean() });
export const cameraPointUploadResponseSchema = z.object({ saved: z.number().int() });
