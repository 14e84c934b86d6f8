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
 * Tells people of new alarms, in the transaction that stored them (nothing is told of an alarm that
 * rolled back): the `alarm` real-time event to open pages whose scope holds the shop, a message of
 * kind 1 (alarm) in each member's language to the members who see the shop and its alarms (our own
 * operators and disabled members are not told), and the `alarm.raised` webhook event. A batch's
 * alarms are told together: the members, the layout and the names are read once, not per alarm.
 */
export async function notifyAlarmsRaised(trx: DB, customerId: string, alarms: readonly AlarmStored[]): Promise<void> {
  if (alarms.length === 0) return;
  const repo = alarmsRepo(tenantScope(trx, customerId));
  const shopIds = [...new Set(alarms.map((alarm) => alarm.shop_id))];
  const [shops, cameraNames, members, layout] = await Promise.all([
    Promise.all(shopIds.map((shopId) => repo.shopOf(shopId))),
    repo.cameraNames([...new Set(alarms.flatMap((alarm) => (alarm.camera_id ? [alarm.camera_id] : [])))]),
    repo.members(),
    accessRepo(tenantScope(trx, customerId)).layout(),
  ]);
  const shopOf = new Map(shops.flatMap((shop) => (shop ? [[shop.id, shop] as const] : [])));
  await publishRealtime(
    trx,
    customerId,
    alarms.map((alarm) => ({
      type: 'alarm' as const,
      shopId: alarm.shop_id,
      data: {
        alarmId: alarm.id,
        shopId: alarm.shop_id,
        eventCode: alarm.event_code,
        eventName: alarm.event_name,
        priority: alarm.priority,
        occurredAt: alarm.occurred_at,
      },
    })),
  );

  const index = layoutIndex(layout);
  const watching = members.filter((member) => {
    if (!member.enabled || member.roleId === RoleId.innerOperation) return false;
    const privileges = effectivePrivileges({ id: member.roleId, privileges: member.privileges });
    return privileges.shopinspect_show === Perm.shown && privileges.cueretail_shopinspect_alert_show === Perm.shown;
  });
  const toldOf = new Map(
    shopIds.map((shopId) => [shopId, watching.filter((member) => index.covers({ orgId: member.orgId, grantedShopIds: member.grantedShopIds }, shopId))]),
  );
  const messages = alarms.flatMap((alarm) => {
    const shop = shopOf.get(alarm.shop_id);
    const named = namedLocalTime(shop?.time_zone ?? 'UTC', Date.parse(alarm.occurred_at));
    const cameraName = alarm.camera_id ? (cameraNames.get(alarm.camera_id) ?? '') : '';
    const params = { event: alarm.event_name, shop: shop?.name ?? '', camera: cameraName, time: `${named.time} (${named.zone})` };
    return (toldOf.get(alarm.shop_id) ?? []).map((member) => {
      const language = isLocale(member.locale) ? member.locale : 'en';
      return {
        userId: member.userId,
        kind: MessageKind.alarm,
        title: translateMessage(language, 'alarms.raisedTitle', params),
        body: translateMessage(language, 'alarms.raisedBody', params),
        source: 'alarms.raised',
        refId: alarm.id,
      };
    });
  });
  await createMessagesService({ db: trx }).post(customerId, messages);
  for (const alarm of alarms) {
    const shopName = shopOf.get(alarm.shop_id)?.name ?? '';
    const cameraName = alarm.camera_id ? (cameraNames.get(alarm.camera_id) ?? '') : null;
    await emitWebhookEvent(trx, customerId, 'alarm.raised', alarmWebhookData(alarm, { shopName, cameraName }), { eventId: `alarm:${alarm.id}:raised` });
  }
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
