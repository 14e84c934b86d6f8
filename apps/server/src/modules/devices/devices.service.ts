import {
  ALERT_DEFAULTS,
  type AlertMode,
  type AlertSetting,
  type BoxRow,
  type CameraRow,
  type DeviceStatus,
  isLocale,
  type Page,
  type PageRequest,
  Perm,
  translateMessage,
} from '@storelens/contracts';
import { accessOf, customerReach } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { AlertSettingsTable } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { AppError, notFound, refused } from '../../platform/http/errors.ts';
import { newId, randomToken, sha256 } from '../../platform/ids.ts';
import type { MessageDelivery } from '../../platform/mail/delivery.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { createMessagesService, type NewMessage } from '../messages/messages.service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.events.ts';
import { type DeviceFilter, devicesRepo } from './devices.repo.ts';

export interface DeviceListInput extends PageRequest {
  shopIds?: string[] | undefined;
  keyword?: string | undefined;
  status?: DeviceStatus | undefined;
  boxId?: string | undefined;
}

export interface OfflineAlarm {
  customerId: string;
  cameraId: string;
  recipients: number;
}

const MINUTE = 60_000;
const minutesBefore = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE).toISOString();

function settingOf(row: AlertSettingsTable | undefined): AlertSetting & { updatedAt: string | null } {
  if (!row) return { enabled: true, modes: [], recipientIds: [], ...ALERT_DEFAULTS, updatedAt: null };
  return {
    enabled: row.enabled === 1,
    modes: JSON.parse(row.modes) as AlertMode[],
    recipientIds: JSON.parse(row.recipient_ids) as string[],
    intervalMinutes: row.interval_minutes,
    offlineAfterMinutes: row.offline_after_minutes,
    updatedAt: row.updated_at,
  };
}

/**
 * State of a device from its last report (evaluated on read, no job needed): never reported is
 * inactive; silent for the customer's offline threshold is offline; a disabled camera is disabled.
 */
export function deviceState(lastReportAt: string | null, enabled: boolean, offlineAfterMinutes: number, at: Date) {
  const activated = lastReportAt !== null;
  const online = enabled && activated && Date.parse(lastReportAt) >= at.getTime() - offlineAfterMinutes * MINUTE;
  const status: DeviceStatus = !enabled ? 'disabled' : !activated ? 'inactive' : online ? 'online' : 'offline';
  const lastStatusAt = !activated ? null : online ? lastReportAt : new Date(Date.parse(lastReportAt) + offlineAfterMinutes * MINUTE).toISOString();
  return { activated, online, working: enabled && online, status, lastStatusAt };
}

/**
 * Boxes and cameras. A box's device token is shown once, at registration or rotation; only its
 * hash is kept. Camera-offline alarms go to the message center of the people whose data scope
 * covers the shop (and who may read messages), and to the configured recipients by the alert
 * modes, never twice for the same camera within the customer's interval.
 */
export function createDevicesService(deps: {
  db: DB;
  delivery?: MessageDelivery;
  /** `device.offline` to the customer's webhook endpoints (left out where no alarm is raised: the routes, the seed). */
  webhooks?: WebhookEmitter;
}) {
  const { db, delivery } = deps;
  const messages = createMessagesService({ db });

  async function offlineAfter(customerId: string): Promise<number> {
    return settingOf(await devicesRepo(tenantScope(db, customerId)).alertSetting()).offlineAfterMinutes;
  }

  async function filterFor(actor: CustomerActor, input: DeviceListInput, thresholdMinutes: number): Promise<DeviceFilter> {
    const scope = await accessOf(db, actor).scope();
    let shopIds = scope.shopIds;
    if (input.shopIds && input.shopIds.length > 0) {
      const existing = await devicesRepo(tenantScope(db, actor.customerId)).existingShopIds(input.shopIds);
      if (input.shopIds.some((id) => !existing.has(id) || !scope.canSeeShop(id))) throw notFound();
      shopIds = new Set(input.shopIds);
    }
    // A box filter names a box the caller may see, or the list is 'not found' (not an empty page).
    if (input.boxId) await findVisibleBox(actor, input.boxId);
    return { shopIds, keyword: input.keyword, status: input.status, boxId: input.boxId, onlineSince: minutesBefore(now(), thresholdMinutes) };
  }

  async function findVisibleBox(actor: CustomerActor, boxId: string) {
    const box = await devicesRepo(tenantScope(db, actor.customerId)).findBox(boxId);
    if (!box || !(await accessOf(db, actor).scope()).canSeeShop(box.shop_id)) throw notFound();
    return box;
  }

  function issueToken() {
    const token = `dev_${randomToken()}`;
    return { token, hash: sha256(token) };
  }

  async function detectFor(customerId: string, at: Date): Promise<OfflineAlarm[]> {
    const repo = devicesRepo(tenantScope(db, customerId));
    const setting = settingOf(await repo.alertSetting());
    if (!setting.enabled) return [];
    const alarmedBefore = minutesBefore(at, setting.intervalMinutes);
    const candidates = await repo.offlineCandidates(minutesBefore(at, setting.offlineAfterMinutes), alarmedBefore);
    if (candidates.length === 0) return [];

    const [audience, reach] = await Promise.all([repo.audience(), customerReach(db, customerId)]);
    const readers = audience.filter((member) => effectivePrivileges({ id: member.role_id, privileges: member.privileges }).message_nav === Perm.shown);
    const recipients = audience.filter((member) => setting.recipientIds.includes(member.user_id));

    const alarms: OfflineAlarm[] = [];
    for (const camera of candidates) {
      const stamp = at.toISOString();
      if (!(await repo.claimAlarm(camera.id, stamp, alarmedBefore))) continue;
      const people = new Map([...readers.filter((member) => reach.covers(member, camera.shop_id)), ...recipients].map((member) => [member.user_id, member]));
      const text = (locale: string) => {
        const language = isLocale(locale) ? locale : 'en';
        const params = {
          camera: `${camera.name} (${camera.number})`,
          shop: camera.shop_name,
          since: (camera.last_report_at ?? '').slice(0, 16).replace('T', ' '),
        };
        return { title: translateMessage(language, 'alarms.cameraOfflineTitle', params), body: translateMessage(language, 'alarms.cameraOfflineBody', params) };
      };
      const posts: NewMessage[] = [...people.values()].map((member) => ({
        userId: member.user_id,
        kind: 1,
        ...text(member.locale),
        source: 'camera_offline',
        refId: camera.id,
      }));
      await messages.post(customerId, posts, stamp);
      if (delivery) {
        for (const member of recipients) {
          const { title, body } = text(member.locale);
          for (const mode of setting.modes) {
            // No voice provider in this build: a phone alert is queued on the SMS channel, marked as a call.
            if ((mode === 'sms' || mode === 'phone') && member.mobile) {
              await delivery.send({ channel: 'sms', recipient: member.mobile, subject: mode === 'phone' ? `[call] ${title}` : title, body });
            }
            if (mode === 'email' && member.email) await delivery.send({ channel: 'email', recipient: member.email, subject: title, body });
          }
        }
      }
      // The same alarm to the customer's systems; the event id makes a second run of this alarm send nothing more.
      await deps.webhooks?.(
        customerId,
        'device.offline',
        {
          cameraId: camera.id,
          cameraName: camera.name,
          cameraNumber: camera.number,
          boxId: camera.box_id,
          shopId: camera.shop_id,
          shopName: camera.shop_name,
          shopNumber: camera.shop_number,
          lastReportAt: camera.last_report_at,
          offlineAfterMinutes: setting.offlineAfterMinutes,
        },
        { eventId: `device.offline:${camera.id}:${stamp}` },
      );
      alarms.push({ customerId, cameraId: camera.id, recipients: people.size });
    }
    return alarms;
  }

  /** Seed and factory path: no person, no scope. */
  async function registerBox(
    customerId: string,
    input: { shopId: string; mac: string; name: string; deploymentArea?: string | null },
  ): Promise<{ boxId: string; token: string }> {
    const repo = devicesRepo(tenantScope(db, customerId));
    if (!(await repo.shopExists(input.shopId))) throw new AppError('notFound', 'errors.notFound');
    if (await repo.macTaken(input.mac)) throw refused('errors.macTaken');
    const boxId = newId();
    const { token, hash } = issueToken();
    try {
      await repo.insertBox({
        id: boxId,
        shop_id: input.shopId,
        mac: input.mac,
        name: input.name,
        token_hash: hash,
        activated: 1,
        last_report_at: null,
        created_at: nowIso(),
        deployment_area: input.deploymentArea ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('errors.macTaken');
      throw error;
    }
    return { boxId, token };
  }

  return {
    registerBox,
    async addCamera(
      customerId: string,
      input: { shopId: string; boxId: string; name: string; number: string; deploymentArea?: string; mac?: string },
    ): Promise<string> {
      const id = newId();
      await devicesRepo(tenantScope(db, customerId)).insertCamera({
        id,
        shop_id: input.shopId,
        box_id: input.boxId,
        name: input.name,
        number: input.number,
        deployment_area: input.deploymentArea ?? null,
        enabled: 1,
        last_report_at: null,
        created_at: nowIso(),
        mac: input.mac ?? null,
      });
      return id;
    },

    async boxPage(actor: CustomerActor, input: DeviceListInput): Promise<Page<BoxRow>> {
      const threshold = await offlineAfter(actor.customerId);
      const filter = await filterFor(actor, input, threshold);
      const repo = devicesRepo(tenantScope(db, actor.customerId));
      const [total, rows] = await Promise.all([repo.countBoxes(filter), repo.pageBoxes(filter, (input.page - 1) * input.pageSize, input.pageSize)]);
      const cameras = await repo.cameraCounts(rows.map((row) => row.id));
      const at = now();
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => ({
          boxId: row.id,
          shopId: row.shop_id,
          shopName: row.shop_name,
          shopNumber: row.shop_number,
          name: row.name,
          mac: row.mac,
          deploymentArea: row.deployment_area,
          lastReportAt: row.last_report_at,
          ...deviceState(row.last_report_at, true, threshold, at),
          cameraCount: cameras.get(row.id) ?? 0,
        })),
      };
    },

    async cameraPage(actor: CustomerActor, input: DeviceListInput): Promise<Page<CameraRow>> {
      const threshold = await offlineAfter(actor.customerId);
      const filter = await filterFor(actor, input, threshold);
      const repo = devicesRepo(tenantScope(db, actor.customerId));
      const [total, rows] = await Promise.all([repo.countCameras(filter), repo.pageCameras(filter, (input.page - 1) * input.pageSize, input.pageSize)]);
      const at = now();
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => ({
          cameraId: row.id,
          boxId: row.box_id,
          boxMac: row.box_mac,
          number: row.number,
          enabled: row.enabled === 1,
          shopId: row.shop_id,
          shopName: row.shop_name,
          shopNumber: row.shop_number,
          name: row.name,
          mac: row.mac,
          deploymentArea: row.deployment_area,
          lastReportAt: row.last_report_at,
          ...deviceState(row.last_report_at, row.enabled === 1, threshold, at),
        })),
      };
    },

    /** Counts by status for the device overview. */
    async online(actor: CustomerActor, input: { shopIds?: string[] | undefined }) {
      const threshold = await offlineAfter(actor.customerId);
      const filter = await filterFor(actor, { page: 1, pageSize: 1, shopIds: input.shopIds }, threshold);
      const repo = devicesRepo(tenantScope(db, actor.customerId));
      const [boxes, cameras] = await Promise.all([repo.boxReports(filter.shopIds), repo.cameraReports(filter.shopIds)]);
      const at = now();
      const tally = (states: DeviceStatus[]) => ({
        total: states.length,
        online: states.filter((s) => s === 'online').length,
        offline: states.filter((s) => s === 'offline').length,
        inactive: states.filter((s) => s === 'inactive').length,
        disabled: states.filter((s) => s === 'disabled').length,
      });
      return {
        boxes: tally(boxes.map((box) => deviceState(box.last_report_at, true, threshold, at).status)),
        cameras: tally(cameras.map((camera) => deviceState(camera.last_report_at, camera.enabled === 1, threshold, at).status)),
        offlineAfterMinutes: threshold,
      };
    },

    async registerBoxFor(actor: CustomerActor, input: { shopId: string; mac: string; name: string; deploymentArea?: string | null | undefined }) {
      if (!(await accessOf(db, actor).scope()).canSeeShop(input.shopId)) throw notFound();
      return registerBox(actor.customerId, { ...input, deploymentArea: input.deploymentArea ? input.deploymentArea : null });
    },

    /** A new token for the box; the old one stops working at once. */
    async rotateToken(actor: CustomerActor, boxId: string): Promise<{ boxId: string; token: string }> {
      const box = await findVisibleBox(actor, boxId);
      const { token, hash } = issueToken();
      await devicesRepo(tenantScope(db, actor.customerId)).setBoxToken(box.id, hash);
      return { boxId: box.id, token };
    },

    /** A disabled camera leaves the camera tree and is never alarmed. */
    async setCameraEnabled(actor: CustomerActor, cameraId: string, enabled: boolean): Promise<{ cameraId: string; enabled: boolean }> {
      const repo = devicesRepo(tenantScope(db, actor.customerId));
      const camera = await repo.findCamera(cameraId);
      if (!camera || !(await accessOf(db, actor).scope()).canSeeShop(camera.shop_id)) throw notFound();
      await repo.setCameraEnabled(camera.id, enabled ? 1 : 0);
      return { cameraId: camera.id, enabled };
    },

    async alertSetting(actor: CustomerActor) {
      return settingOf(await devicesRepo(tenantScope(db, actor.customerId)).alertSetting());
    },

    async saveAlertSetting(actor: CustomerActor, input: AlertSetting) {
      const repo = devicesRepo(tenantScope(db, actor.customerId));
      const recipientIds = [...new Set(input.recipientIds)];
      const members = await repo.memberIds(recipientIds);
      if (recipientIds.some((id) => !members.has(id))) throw notFound();
      const updatedAt = nowIso();
      await repo.saveAlertSetting({
        enabled: input.enabled ? 1 : 0,
        modes: JSON.stringify([...new Set(input.modes)]),
        recipient_ids: JSON.stringify(recipientIds),
        interval_minutes: input.intervalMinutes,
        offline_after_minutes: input.offlineAfterMinutes,
        updated_by: actor.userId,
        updated_at: updatedAt,
      });
      return settingOf(await repo.alertSetting());
    },

    /**
     * Finds cameras that went quiet and raises their alarms. For a periodic timer (main.ts): safe
     * to run often and from several servers, since each alarm is claimed by a conditional update.
     */
    async detectOfflineCameras(at: Date = now()): Promise<OfflineAlarm[]> {
      const customers = await db.selectFrom('customers').select('id').orderBy('id').execute();
      const alarms: OfflineAlarm[] = [];
      for (const customer of customers) alarms.push(...(await detectFor(customer.id, at)));
      return alarms;
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
