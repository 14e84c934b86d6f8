import { isLocale, MessageKind, Perm, RoleId, translateMessage } from '@storelens/contracts';
import { accessRepo } from '../../platform/authz/access.repo.ts';
import { layoutIndex } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import { publishRealtime } from '../../platform/realtime/publish.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { namedLocalTime } from '../../platform/time/local-time.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.events.ts';
import { type AlarmStored, alarmsRepo } from './alarms.repo.ts';

/** What webhooks receive of an alarm (docs/API.md). */
export function alarmWebhookData(alarm: AlarmStored, names: { shopName: string; cameraName: string | null }): Record<string, unknown> {
  return {
    alarmId: alarm.id,
    shopId: alarm.shop_id,
    shopName: names.shopName,
    cameraId: alarm.camera_id,
    cameraName: names.cameraName,
    eventCode: alarm.event_code,
    eventName: alarm.event_name,
    priority: alarm.priority,
    state: alarm.state,
    count: alarm.count,
    occurredAt: alarm.occurred_at,
  };
}

/**
 * Tells people of a new alarm, in the transaction that stored it (nothing is told of an alarm that
 * rolled back): the `alarm` real-time event to open pages whose scope holds the shop, a message of
 * kind 1 (alarm) in each member's language to the members who see the shop and its alarms (our own
 * operators and disabled members are not told), and the `alarm.raised` webhook event.
 */
export async function notifyAlarmRaised(trx: DB, customerId: string, alarm: AlarmStored): Promise<void> {
  const repo = alarmsRepo(tenantScope(trx, customerId));
  const [shop, cameraNames, members, layout] = await Promise.all([
    repo.shopOf(alarm.shop_id),
    repo.cameraNames(alarm.camera_id ? [alarm.camera_id] : []),
    repo.members(),
    accessRepo(tenantScope(trx, customerId)).layout(),
  ]);
  const shopName = shop?.name ?? '';
  const cameraName = alarm.camera_id ? (cameraNames.get(alarm.camera_id) ?? '') : null;
  await publishRealtime(trx, customerId, [
    {
      type: 'alarm',
      shopId: alarm.shop_id,
      data: {
        alarmId: alarm.id,
        shopId: alarm.shop_id,
        eventCode: alarm.event_code,
        eventName: alarm.event_name,
        priority: alarm.priority,
        occurredAt: alarm.occurred_at,
      },
    },
  ]);

  const index = layoutIndex(layout);
  const told = members.filter((member) => {
    if (!member.enabled || member.roleId === RoleId.innerOperation) return false;
    const privileges = effectivePrivileges({ id: member.roleId, privileges: member.privileges });
    if (privileges.shopinspect_show !== Perm.shown || privileges.cueretail_shopinspect_alert_show !== Perm.shown) return false;
    return index.covers({ orgId: member.orgId, grantedShopIds: member.grantedShopIds }, alarm.shop_id);
  });
  if (told.length > 0) {
    const named = namedLocalTime(shop?.time_zone ?? 'UTC', Date.parse(alarm.occurred_at));
    const params = { event: alarm.event_name, shop: shopName, camera: cameraName ?? '', time: `${named.time} (${named.zone})` };
    await createMessagesService({ db: trx }).post(
      customerId,
      told.map((member) => {
        const language = isLocale(member.locale) ? member.locale : 'en';
        return {
          userId: member.userId,
          kind: MessageKind.alarm,
          title: translateMessage(language, 'alarms.raisedTitle', params),
          body: translateMessage(language, 'alarms.raisedBody', params),
          source: 'alarms.raised',
          refId: alarm.id,
        };
      }),
    );
  }
  await emitWebhookEvent(trx, customerId, 'alarm.raised', alarmWebhookData(alarm, { shopName, cameraName }), { eventId: `alarm:${alarm.id}:raised` });
}

/** The `alarm.confirmed` webhook event, in the confirming transaction; one per confirmation (its history entry). */
export async function notifyAlarmConfirmed(trx: DB, customerId: string, alarm: AlarmStored, historyId: string): Promise<void> {
  const repo = alarmsRepo(tenantScope(trx, customerId));
  const [shop, cameraNames] = await Promise.all([repo.shopOf(alarm.shop_id), repo.cameraNames(alarm.camera_id ? [alarm.camera_id] : [])]);
  const cameraName = alarm.camera_id ? (cameraNames.get(alarm.camera_id) ?? '') : null;
  await emitWebhookEvent(trx, customerId, 'alarm.confirmed', alarmWebhookData(alarm, { shopName: shop?.name ?? '', cameraName }), {
    eventId: `alarm:${alarm.id}:confirmed:${historyId}`,
  });
}
