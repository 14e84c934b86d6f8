import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { requiredText } from '../platform/validation.ts';

const required = messageRef('validation.required');

/** Six hex pairs, with colons, dashes or nothing between; stored as AA:BB:CC:DD:EE:FF. */
export const MAC_PATTERN = /^([0-9A-Fa-f]{2}[:-]?){5}[0-9A-Fa-f]{2}$/;
export const macSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .regex(MAC_PATTERN, { error: messageRef('validation.mac') })
  .transform((value) => value.replace(/[:-]/g, '').toUpperCase().match(/.{2}/g)?.join(':') ?? value);

/**
 * Device state as the device pages show it. inactive: never reported (installed but not yet
 * activated); online: reported within the customer's offline threshold; offline: silent longer.
 * A disabled camera is neither watched nor alarmed.
 */
export const DEVICE_STATUSES = ['online', 'offline', 'inactive', 'disabled'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

const deviceFilter = pageRequestSchema.extend({
  shopIds: z.array(idSchema).max(5000).optional(),
  keyword: keywordSchema,
  status: z.enum(DEVICE_STATUSES).optional(),
});
export const boxPageRequestSchema = deviceFilter;
export const cameraPageRequestSchema = deviceFilter.extend({ boxId: idSchema.optional() });

const deviceCommon = {
  shopId: z.string(),
  shopName: z.string(),
  shopNumber: z.string(),
  name: z.string(),
  mac: z.string().nullable(),
  deploymentArea: z.string().nullable(),
  lastReportAt: z.string().nullable(),
  /** Activation status: the device has reported at least once. */
  activated: z.boolean(),
  /** Working status: enabled and reporting. */
  working: z.boolean(),
  online: z.boolean(),
  status: z.enum(DEVICE_STATUSES),
  /** When the current status began: the last report when online, the moment it went quiet when offline. */
  lastStatusAt: z.string().nullable(),
};
export const boxRowSchema = z.object({ boxId: z.string(), ...deviceCommon, cameraCount: z.number().int() });
export const cameraRowSchema = z.object({
  cameraId: z.string(),
  boxId: z.string(),
  boxMac: z.string(),
  number: z.string(),
  enabled: z.boolean(),
  ...deviceCommon,
});
export type BoxRow = z.infer<typeof boxRowSchema>;
export type CameraRow = z.infer<typeof cameraRowSchema>;
export const boxPageSchema = pageOf(boxRowSchema);
export const cameraPageSchema = pageOf(cameraRowSchema);

export const deviceOnlineRequestSchema = z.object({ shopIds: z.array(idSchema).max(5000).optional() });
const counts = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  inactive: z.number().int(),
  disabled: z.number().int(),
});
export const deviceOnlineResponseSchema = z.object({ boxes: counts, cameras: counts, offlineAfterMinutes: z.number().int() });

export const registerBoxRequestSchema = z.object({
  shopId: idSchema,
  mac: macSchema,
  name: requiredText(Limits.nameMaxChars),
  deploymentArea: z.string().trim().max(Limits.nameMaxChars).nullable().optional(),
});
/** The device token is shown once, here; the server keeps only its hash. */
export const boxTokenResponseSchema = z.object({ boxId: z.string(), token: z.string() });
export const rotateTokenRequestSchema = z.object({ boxId: idSchema });

/** GET /api/camera/cameraDisable?cameraId=..&enabled=0|1 (a GET, as the spec names it; setting a state is safe to repeat). */
export const cameraDisableQuerySchema = z.object({
  cameraId: idSchema,
  enabled: z.enum(['0', '1'], { error: messageRef('validation.invalidValue', { field: 'enabled' }) }),
});
export const cameraDisableResponseSchema = z.object({ cameraId: z.string(), enabled: z.boolean() });

// ---------------------------------------------------------------- camera-offline alarms

/** Alert modes of spec section 3: text message, phone, e-mail. The message center always gets the alarm. */
export const ALERT_MODES = ['sms', 'phone', 'email'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];
export const ALERT_DEFAULTS = { intervalMinutes: 30, offlineAfterMinutes: 15 } as const;

const minutesAtLeast5 = z
  .number({ error: messageRef('validation.positiveInt') })
  .int({ error: messageRef('validation.positiveInt') })
  .min(Limits.alarmIntervalMinMinutes, { error: messageRef('errors.intervalMin5') })
  .max(24 * 60, { error: messageRef('validation.compare', { op: '<=', value: 24 * 60 }) });

export const alertSettingSchema = z.object({
  enabled: z.boolean(),
  modes: z.array(z.enum(ALERT_MODES)).max(3),
  /** Users of the customer who receive text messages, calls and e-mails. */
  recipientIds: z.array(idSchema).max(200),
  /** No repeat alarm for the same camera within this many minutes (at least 5). */
  intervalMinutes: minutesAtLeast5,
  /** A device silent this long is offline (at least 5 minutes). */
  offlineAfterMinutes: minutesAtLeast5,
});
export type AlertSetting = z.infer<typeof alertSettingSchema>;
export const alertSettingResponseSchema = alertSettingSchema.extend({ updatedAt: z.string().nullable() });
