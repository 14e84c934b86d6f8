import {
  type AlarmErrorReportCreate,
  type AlarmErrorReportListRequest,
  type AlarmErrorReportRow,
  isLocale,
  MessageKind,
  type Page,
  translateMessage,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { addDays } from '../../platform/time/local-time.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import { listedAlarmShops } from './alarm-list-scope.ts';
import { type AlarmErrorReportStored, alarmReportsRepo } from './alarm-reports.repo.ts';
import { alarmsRepo } from './alarms.repo.ts';

/**
 * Incident reports (issue 15 section 3, spec 'AI error report'): a person who sees an alarm says
 * the AI was wrong on it (one report per person and alarm); the list shows the reports of the
 * caller's stores with their outcome; an operator (inner operation) accepts or rejects a pending
 * report once, with a note, and the reporter gets a message (kind 1) with the outcome. A report
 * changes nothing on the alarm itself: its review (tags, false alarm) stays the reviewers'.
 */
export function createAlarmReportsService(deps: { db: DB }) {
  const { db } = deps;
  const repoOf = (customerId: string, on: DB = db) => alarmReportsRepo(tenantScope(on, customerId));
  const alarmsOf = (customerId: string) => alarmsRepo(tenantScope(db, customerId));

  async function present(customerId: string, rows: readonly AlarmErrorReportStored[]): Promise<AlarmErrorReportRow[]> {
    const names = alarmsOf(customerId);
    const alarmIds = [...new Set(rows.map((row) => row.alarm_id))];
    const [shops, people, alarms] = await Promise.all([
      names.shopNames([...new Set(rows.map((row) => row.shop_id))]),
      names.namesOf(rows.flatMap((row) => [row.reporter_id, ...(row.handled_by ? [row.handled_by] : [])])),
      Promise.all(alarmIds.map((alarmId) => names.find(alarmId))),
    ]);
    const alarmById = new Map(alarms.flatMap((alarm) => (alarm ? [[alarm.id, alarm] as const] : [])));
    return rows.map((row) => {
      const alarm = alarmById.get(row.alarm_id);
      return {
        reportId: row.id,
        alarmId: row.alarm_id,
        shopId: row.shop_id,
        shopName: shops.get(row.shop_id) ?? '',
        eventCode: alarm?.event_code ?? '',
        eventName: alarm?.event_name ?? '',
        occurredAt: alarm?.occurred_at ?? '',
        kind: row.kind,
        description: row.description,
        reporterId: row.reporter_id,
        reporterName: people.get(row.reporter_id) ?? '',
        state: row.state,
        outcomeNote: row.outcome_note,
        handledBy: row.handled_by,
        handledByName: row.handled_by ? (people.get(row.handled_by) ?? '') : null,
        handledAt: row.handled_at,
        createdAt: row.created_at,
      };
    });
  }

  return {
    async create(actor: CustomerActor, input: AlarmErrorReportCreate): Promise<{ reportId: string; created: boolean }> {
      const alarm = await alarmsOf(actor.customerId).find(input.alarmId);
      if (!alarm || !(await accessOf(db, actor).scope()).canSeeShop(alarm.shop_id)) throw notFound();
      const repo = repoOf(actor.customerId);
      const before = await repo.findOf(alarm.id, actor.userId);
      if (before) return { reportId: before.id, created: false };
      const id = newId();
      await repo.insert({
        id,
        alarm_id: alarm.id,
        shop_id: alarm.shop_id,
        reporter_id: actor.userId,
        kind: input.kind,
        description: input.description ?? null,
        state: 'pending',
        outcome_note: null,
        handled_by: null,
        handled_at: null,
        created_at: nowIso(),
      });
      const stored = await repo.findOf(alarm.id, actor.userId);
      return { reportId: stored?.id ?? id, created: stored?.id === id };
    },

    async list(actor: CustomerActor, input: AlarmErrorReportListRequest): Promise<Page<AlarmErrorReportRow>> {
      const query = {
        shopIds: await listedAlarmShops(db, actor, input),
        states: input.states,
        alarmId: input.alarmId,
        reporterId: input.mine ? actor.userId : undefined,
        from: `${input.startDate}T00:00:00.000Z`,
        to: `${addDays(input.endDate, 1)}T00:00:00.000Z`,
      };
      const repo = repoOf(actor.customerId);
      const [total, rows] = await Promise.all([repo.count(query), repo.list(query, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize })]);
      return { total, page: input.page, pageSize: input.pageSize, list: await present(actor.customerId, rows) };
    },

    async decide(actor: CustomerActor, input: { reportId: string; outcome: 'accepted' | 'rejected'; note?: string | undefined }): Promise<AlarmErrorReportRow> {
      const repo = repoOf(actor.customerId);
      const row = await repo.find(input.reportId);
      if (!row || !(await accessOf(db, actor).scope()).canSeeShop(row.shop_id)) throw notFound();
      if (row.state !== 'pending') throw refused('alarms.errorReportDecided', {}, { state: row.state });
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const moved = await repoOf(actor.customerId, trx).decide(row.id, {
          state: input.outcome,
          outcome_note: input.note ?? null,
          handled_by: actor.userId,
          handled_at: at,
        });
        // Another operator decided between our read and our update.
        if (!moved) throw refused('alarms.errorReportDecided', {}, { reportId: row.id });
        const alarm = await alarmsRepo(tenantScope(trx, actor.customerId)).find(row.alarm_id);
        const shop = alarm ? await alarmsRepo(tenantScope(trx, actor.customerId)).shopOf(alarm.shop_id) : undefined;
        const locale = await repoOf(actor.customerId, trx).localeOf(row.reporter_id);
        const language = isLocale(locale) ? locale : 'en';
        const params = {
          outcome: translateMessage(language, input.outcome === 'accepted' ? 'alarms.errorReportAccepted' : 'alarms.errorReportRejected'),
          event: alarm?.event_name ?? '',
          shop: shop?.name ?? '',
          note: input.note ?? '',
        };
        await createMessagesService({ db: trx }).post(
          actor.customerId,
          [
            {
              userId: row.reporter_id,
              kind: MessageKind.alarm,
              title: translateMessage(language, 'alarms.errorReportDecidedTitle', params),
              body: translateMessage(language, 'alarms.errorReportDecidedBody', params).trim(),
              source: 'alarms.errorReport',
              refId: row.alarm_id,
            },
          ],
          at,
        );
      });
      const decided = await repo.find(row.id);
      if (!decided) throw notFound();
      const [presented] = await present(actor.customerId, [decided]);
      if (!presented) throw notFound();
      return presented;
    },
  };
}
export type AlarmReportsService = ReturnType<typeof createAlarmReportsService>;
