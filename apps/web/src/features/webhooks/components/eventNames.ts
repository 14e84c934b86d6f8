import type { WebhookEventType } from '@storelens/contracts';

/** The translation key of each event's name (i18next keys cannot hold the events' dots). */
export const EVENT_NAME_KEYS: Record<WebhookEventType | 'webhook.test', string> = {
  'alarm.raised': 'webhooks:events.alarmRaised',
  'alarm.confirmed': 'webhooks:events.alarmConfirmed',
  'rectification.overdue': 'webhooks:events.rectificationOverdue',
  'device.offline': 'webhooks:events.deviceOffline',
  'pos.import.finished': 'webhooks:events.posImportFinished',
  'webhook.test': 'webhooks:events.test',
};

export function eventNameKey(type: string): string {
  return EVENT_NAME_KEYS[type as WebhookEventType] ?? type;
}
