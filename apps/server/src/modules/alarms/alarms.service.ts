import {
  ALARM_ACTIONS,
  ALARM_TRANSITIONS,
  type AlarmAction,
  type AlarmActRequest,
  type AlarmDetail,
  type AlarmListRequest,
  type AlarmRow,
  type AlarmState,
  type AlarmTag,
  type Page,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import { hasPermission } from '../../platform/authz/guard.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { badRequest, noAuthority, notFound, refused } from '../../platform/http/errors.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { addDays } from '../../platform/time/local-time.ts';
import type { RectificationService } from '../rectification/rectification.service.ts';
import { alarmMediaExpired } from './alarm-clips.ts';
import { listedAlarmShops } from './alarm-list-scope.ts';
import { type AlarmStored, alarmsRepo } from './alarms.repo.ts';
import { alarmHistoryEntry } from './alarms-history.ts';
import { notifyAlarmConfirmed } from './alarms-notify.ts';

/** The list's states when none are asked: everything but deleted (the deletion page's). */
const LISTED_STATES: readonly AlarmState[] = ['unconfirmed', 'confirmed', 'falseAlarm', 'ignored'];
/** States in which an alarm may still become a rectification. */
const RECTIFIABLE: readonly AlarmState[] = ['unconfirmed', 'confirmed'];

/**
 * Reviewing alarms (issue 15 section 3). A caller sees an alarm only in a store of their data scope
 * (else: not found, exactly like another customer's); the transition table (contracts
 * ALARM_TRANSITIONS) is enforced here, each action a conditional update on the state read, with its
 * history entry and notices in the same transaction. Deleting and restoring a deleted alarm need
 * 'alert delete'. A rectification is raised through the rectification module's service.
 */
/** Marks one axis draws at most (a month of a busy camera). */
const ALARM_MARKS_MAX = 2000;

export function createAlarmsService(deps: { db: DB; storage: ObjectStorage; rectification: RectificationService }) {
  const { db, storage, rectification } = deps;
  const repoOf = (customerId: string, on: DB = db) => alarmsRepo(tenantScope(on, customerId));

  async function visible(actor: CustomerActor, alarmId: string, on: DB = db): Promise<AlarmStored> {
    const row = await repoOf(actor.customerId, on).find(alarmId);
    if (!row || !(await accessOf(db, actor).scope()).canSeeShop(row.shop_id)) throw notFound();
    return row;
  }

  async function presentRows(customerId: string, rows: readonly AlarmStored[]): Promise<AlarmRow[]> {
    const repo = repoOf(customerId);
    const [shops, cameras, images] = await Promise.all([
      repo.shopNames([...new Set(rows.map((row) => row.shop_id))]),
      repo.cameraNames([...new Set(rows.flatMap((row) => (row.camera_id ? [row.camera_id] : [])))]),
      repo.imageCounts(rows.map((row) => row.id)),
    ]);
    return rows.map((row) => ({
      alarmId: row.id,
      shopId: row.shop_id,
      shopName: shops.get(row.shop_id) ?? '',
      cameraId: row.camera_id,
      cameraName: row.camera_id ? (cameras.get(row.camera_id) ?? null) : null,
      eventCode: row.event_code,
      eventName: row.event_name,
      priority: row.priority,
      state: row.state,
      tag: row.tag,
      deleteReason: row.delete_reason,
      count: row.count,
      occurredAt: row.occurred_at,
      lastOccurredAt: row.last_occurred_at,
      read: row.read_at !== null,
      imageCount: images.get(row.id) ?? 0,
      rectificationId: row.rectification_id,
    }));
  }

  const allowedActions = (actor: CustomerActor, state: AlarmState): AlarmAction[] =>
    ALARM_ACTIONS.filter((action) => ALARM_TRANSITIONS[state][action] !== undefined && (!needsDelete(state, action) || hasPermission(actor, 'alert_delete')));
  const needsDelete = (state: AlarmState, action: AlarmAction) => action === 'delete' || (action === 'restore' && state === 'deleted');

  async function detail(actor: CustomerActor, alarmId: string): Promise<AlarmDetail> {
    const row = await visible(actor, alarmId);
    const repo = repoOf(actor.customerId);
    const [[presented], images, history, clip] = await Promise.all([
      presentRows(actor.customerId, [row]),
      repo.images(row.id),
      repo.history(row.id),
      repo.clip(row.id),
    ]);
    const names = await repo.namesOf(history.flatMap((entry) => (entry.user_id ? [entry.user_id] : [])));
    if (!presented) throw notFound();
    // Past their year the files are gone (the video retention's 'alarm-media/' policy): not listed.
    const imagesExpired = images[0] !== undefined && alarmMediaExpired(images[0].created_at);
    return {
      ...presented,
      images: imagesExpired ? [] : images.map((image) => ({ imageId: image.id, width: image.width, height: image.height, capturedAt: image.captured_at })),
      imagesExpired,
      clip: clip ? { durationMs: clip.duration_ms, bytes: clip.bytes, uploadedAt: clip.uploaded_at, available: !alarmMediaExpired(clip.uploaded_at) } : null,
      history: history.map((entry) => ({
        action: entry.action,
        fromState: entry.from_state,
        toState: entry.to_state,
        userId: entry.user_id,
        userName: entry.user_id ? (names.get(entry.user_id) ?? '') : null,
        reason: entry.reason,
        tag: entry.tag,
        at: entry.created_at,
      })),
      allowedActions: allowedActions(actor, row.state),
    };
  }

  return {
    /**
     * The playback axis's alarm marks (spec: alarm instants on the time axis): a camera's alarms in
     * a range, for a caller who sees the camera's store. A caller whose map hides the alarm pages
     * gets none, as the marks would tell of alarms they may not read.
     */
    async cameraMarks(actor: CustomerActor, input: { cameraId: string; from: string; to: string }): Promise<{ marks: { at: string; kind: string }[] }> {
      await accessOf(db, actor).cameras([input.cameraId]);
      if (!hasPermission(actor, 'cueretail_shopinspect_alert_show')) return { marks: [] };
      const from = new Date(input.from).toISOString();
      const to = new Date(input.to).toISOString();
      const rows = await alarmsRepo(tenantScope(db, actor.customerId)).cameraMarks(input.cameraId, from, to, ALARM_MARKS_MAX);
      return { marks: rows.map((row) => ({ at: row.occurred_at, kind: row.event_code })) };
    },
    async list(actor: CustomerActor, input: AlarmListRequest): Promise<Page<AlarmRow>> {
      const query = {
        shopIds: await listedAlarmShops(db, actor, input),
        eventCodes: input.eventCodes,
        priority: input.priority,
        states: input.states && input.states.length > 0 ? input.states : LISTED_STATES,
        tag: input.tag,
        read: input.read,
        from: `${input.startDate}T00:00:00.000Z`,
        to: `${addDays(input.endDate, 1)}T00:00:00.000Z`,
      };
      const repo = repoOf(actor.customerId);
      const [total, rows] = await Promise.all([repo.count(query), repo.list(query, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize })]);
      return { total, page: input.page, pageSize: input.pageSize, list: await presentRows(actor.customerId, rows) };
    },

    detail,

    async markRead(actor: CustomerActor, input: { alarmIds?: string[] | undefined; all: boolean }): Promise<{ marked: number }> {
      const scope = await accessOf(db, actor).scope();
      const shopIds = scope.shopIds === null ? null : scope.visibleShopIds;
      if (input.all) return { marked: await repoOf(actor.customerId).markRead(null, shopIds, actor.userId, nowIso()) };
      const ids = [...new Set(input.alarmIds ?? [])];
      // Each named alarm must be visible: one outside the scope answers not found, like an unknown id.
      for (const alarmId of ids) await visible(actor, alarmId);
      return { marked: await repoOf(actor.customerId).markRead(ids, shopIds, actor.userId, nowIso()) };
    },

    async act(actor: CustomerActor, input: AlarmActRequest): Promise<{ alarmId: string; state: AlarmState; tag: AlarmTag }> {
      const row = await visible(actor, input.alarmId);
      if (needsDelete(row.state, input.action) && !hasPermission(actor, 'alert_delete')) throw noAuthority();
      const target = ALARM_TRANSITIONS[row.state][input.action];
      if (!target) throw refused('alarms.actionRefused', {}, { state: row.state, action: input.action });
      if (input.action === 'delete' && !input.deleteReason) throw badRequest('alarms.deleteReasonRequired', {}, { field: 'deleteReason' });
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        const moved = await repo.setState(row, {
          state: target,
          delete_reason: target === 'deleted' ? (input.deleteReason ?? null) : null,
          updated_at: at,
        });
        // Another person moved it between our read and our update: the table decides again on a fresh read.
        if (!moved) throw refused('alarms.actionRefused', {}, { action: input.action });
        const entry = alarmHistoryEntry(row.id, input.action, {
          from: row.state,
          to: target,
          userId: actor.userId,
          reason: input.action === 'delete' ? (input.deleteReason ?? null) : (input.reason ?? null),
          at,
        });
        await repo.insertHistory(entry);
        if (input.action === 'confirm') await notifyAlarmConfirmed(trx, actor.customerId, { ...row, state: target }, entry.id);
      });
      return { alarmId: row.id, state: target, tag: row.tag };
    },

    async tag(actor: CustomerActor, input: { alarmId: string; tag: AlarmTag }): Promise<{ alarmId: string; state: AlarmState; tag: AlarmTag }> {
      const row = await visible(actor, input.alarmId);
      if (row.state === 'deleted') throw refused('alarms.actionRefused', {}, { state: row.state, action: 'tag' });
      if (row.tag !== input.tag) {
        const at = nowIso();
        await db.transaction().execute(async (trx) => {
          const repo = repoOf(actor.customerId, trx);
          // Another person moved it between our read and our update: the table decides again on a fresh read.
          if (!(await repo.setTag(row, input.tag, at))) throw refused('alarms.actionRefused', {}, { action: 'tag' });
          await repo.insertHistory(alarmHistoryEntry(row.id, 'tag', { from: row.state, to: row.state, userId: actor.userId, tag: input.tag, at }));
        });
      }
      return { alarmId: row.id, state: row.state, tag: input.tag };
    },

    /**
     * The alarm's rectification (one per alarm), raised in the same transaction as the alarm's
     * history entry; the alarm's images go along as evidence (referenced, not copied).
     */
    async rectify(
      actor: CustomerActor,
      input: { alarmId: string; description?: string | undefined; handlerId?: string | undefined; deadline?: string | undefined },
    ): Promise<{ rectificationId: string; created: boolean }> {
      const row = await visible(actor, input.alarmId);
      if (row.rectification_id) return { rectificationId: row.rectification_id, created: false };
      if (!RECTIFIABLE.includes(row.state)) throw refused('alarms.actionRefused', {}, { state: row.state, action: 'rectify' });
      const images = await repoOf(actor.customerId).images(row.id);
      const at = nowIso();
      return db.transaction().execute(async (trx) => {
        const raised = await rectification.raiseFromAlarm(trx, {
          customerId: actor.customerId,
          alarmId: row.id,
          shopId: row.shop_id,
          cameraId: row.camera_id,
          eventCode: row.event_code,
          eventName: row.event_name,
          occurredAt: row.occurred_at,
          ...(input.description ? { description: input.description } : {}),
          raisedBy: actor.userId,
          ...(input.handlerId ? { handlerId: input.handlerId } : {}),
          ...(input.deadline ? { deadline: input.deadline } : {}),
          evidence: {
            screenshots: [],
            images: images.map((image) => ({
              mediaId: image.id,
              storageKey: image.storage_key,
              sha256: image.sha256,
              width: image.width,
              height: image.height,
            })),
          },
        });
        const repo = repoOf(actor.customerId, trx);
        await repo.setRectification(row.id, raised.rectificationId, at);
        if (raised.created) {
          await repo.insertHistory(
            alarmHistoryEntry(row.id, 'rectify', { from: row.state, to: row.state, userId: actor.userId, reason: input.description ?? null, at }),
          );
        }
        return { rectificationId: raised.rectificationId, created: raised.created };
      });
    },

    /** The alarm's clip; past its year (or gone from storage) the spec's 'Video not available...'. */
    async clip(actor: CustomerActor, alarmId: string): Promise<DownloadStream> {
      await visible(actor, alarmId);
      const clip = await repoOf(actor.customerId).clip(alarmId);
      if (!clip) throw notFound();
      const size = alarmMediaExpired(clip.uploaded_at) ? null : await storage.size(clip.storage_key);
      if (size === null) throw refused('errors.videoNotAvailable');
      const key = clip.storage_key;
      return {
        fileName: `alarm-${alarmId}.mp4`,
        contentType: 'video/mp4',
        size,
        inline: true,
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(key, range),
      };
    },

    async image(actor: CustomerActor, imageId: string): Promise<DownloadStream> {
      const image = await repoOf(actor.customerId).image(imageId);
      if (!image) throw notFound();
      await visible(actor, image.alarm_id);
      if (alarmMediaExpired(image.created_at)) throw notFound();
      const size = await storage.size(image.storage_key);
      if (size === null) throw notFound();
      const key = image.storage_key;
      return {
        fileName: `${image.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        // An image never changes under its id; the session check still runs on every request.
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(key, range),
      };
    },
  };
}
export type AlarmsService = ReturnType<typeof createAlarmsService>;
