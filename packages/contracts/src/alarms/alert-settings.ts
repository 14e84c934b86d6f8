import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { ALARM_PRIORITIES } from './index.ts';

/**
 * Alarm alert settings (issue 15 section 5; spec 'alert setting save/get' for alarms): which
 * channels (text message, phone, e-mail) tell which people of new alarms of the chosen priorities,
 * at most one notice per channel per interval (at least 5 minutes), the alarms in between batched.
 */
export const ALARM_ALERT_CHANNELS = ['sms', 'phone', 'email'] as const;
export type AlarmAlertChannel = (typeof ALARM_ALERT_CHANNELS)[number];
export const ALARM_ALERT_DEFAULTS = { intervalMinutes: 30 } as const;
/** Alarms named in one notice; the rest are counted. */
export const ALARM_ALERT_LISTED_MAX = 5;

export const alarmAlertSettingSchema = z.object({
  enabled: z.boolean(),
  channels: z.array(z.enum(ALARM_ALERT_CHANNELS)).max(ALARM_ALERT_CHANNELS.length),
  priorities: z.array(z.enum(ALARM_PRIORITIES)).max(ALARM_PRIORITIES.length),
  /** Members of the customer who receive the notices (each only of alarms in stores they see). */
  recipientIds: z.array(idSchema).max(200),
  intervalMinutes: z
    .number({ error: messageRef('validation.positiveInt') })
    .int({ error: messageRef('validation.positiveInt') })
    .min(Limits.alarmIntervalMinMinutes, { error: messageRef('errors.intervalMin5') })
    .max(24 * 60, { error: messageRef('validation.compare', { op: '<=', value: 24 * 60 }) }),
});
export type AlarmAlertSetting = z.infer<typeof alarmAlertSettingSchema>;
export const alarmAlertSettingResponseSchema = alarmAlertSettingSchema.extend({ updatedAt: z.string().nullable() });
