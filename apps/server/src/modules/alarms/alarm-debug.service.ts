import {
  ALARM_LIMITS,
  ALARM_REPORT_OUTCOMES,
  type AlarmDebugDetail,
  type AlarmDebugListRequest,
  type AlarmDebugReport,
  type AlarmDebugRow,
  type AlarmDebugStep,
  type AlarmDeletedRow,
  type Page,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays } from '../../platform/time/local-time.ts';
import { type AlarmDebugLine, alarmDebugRepo } from './alarm-debug.repo.ts';
import { alarmsRepo } from './alarms.repo.ts';
import type { AlarmsService } from './alarms.service.ts';

const DAY = 86_400_000;

/** A date range of the debug pages: at most 90 days, as ISO bounds (end exclusive). */
function rangeOf(startDate: string, endDate: string): { from: string; to: string } {
  const span = (Date.parse(endDate) - Date.parse(startDate)) / DAY + 1;
  if (!(span >= 1 && span <= ALARM_LIMITS.rangeMaxDays)) throw badRequest('errors.timeSelectionError', { days: ALARM_LIMITS.rangeMaxDays });
  return { from: `${startDate}T00:00:00.000Z`, to: `${addDays(endDate, 1)}T00:00:00.000Z` };
}

function parsed(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    // A payload is written by this server as JSON; one that is not is shown as it is.
    return payload;
  }
}

/**
 * Event debugging (issue 15 section 4): every alarm report as the box sent it, including those
 * folded into an alarm, filtered by the system (a closed store's) or whose alarm was deleted, with
 * the raw payload and the processing steps, derived from what ingestion stored (no separate log
 * to fall out of step). Only for callers with 'cueretail_shopinspect_alert_debug' (the guard), and
 * only in stores of their data scope. Restoring a deleted alarm is alarms.act's (with 'alert delete').
 */
export function createAlarmDebugService(deps: { db: DB; alarms: AlarmsService }) {
  const { db, alarms } = deps;
  const repoOf = (customerId: string) => alarmDebugRepo(tenantScope(db, customerId));

  async function shopFilter(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<readonly string[] | null> {
    const access = accessOf(db, actor);
    if (shopIds && shopIds.length > 0) return access.shopIds([...shopIds]);
    const scope = await access.scope();
    return scope.shopIds === null ? null : scope.visibleShopIds;
  }

  async function rows(customerId: string, lines: readonly AlarmDebugLine[]): Promise<AlarmDebugRow[]> {
    const names = alarmsRepo(tenantScope(db, customerId));
    const [shops, cameras] = await Promise.all([
      names.shopNames([...new Set(lines.map((line) => line.shop_id))]),
      names.cameraNames([...new Set(lines.flatMap((line) => (line.camera_id ? [line.camera_id] : [])))]),
    ]);
    return lines.map((line) => ({
      reportId: line.id,
      outcome: line.outcome,
      alarmId: line.alarm_id,
      alarmState: line.state,
      deleteReason: line.delete_reason,
      shopId: line.shop_id,
      shopName: shops.get(line.shop_id) ?? '',
      cameraId: line.camera_id,
      cameraName: line.camera_id ? (cameras.get(line.camera_id) ?? null) : null,
      eventCode: line.event_code,
      priority: line.priority,
      boxId: line.box_id,
      eventId: line.event_id,
      batchRef: line.batch_ref,
      occurredAt: line.occurred_at,
      receivedAt: line.received_at,
    }));
  }

  /** What happened to a report, in order: reception, image checks, the duplicate and closed-store checks, the outcome, the notices. */
  async function withSteps(customerId: string, lines: readonly AlarmDebugLine[]): Promise<AlarmDebugReport[]> {
    const repo = repoOf(customerId);
    const [presented, images] = await Promise.all([rows(customerId, lines), repo.imagesOfReports(lines.map((line) => line.id))]);
    const reports: AlarmDebugReport[] = [];
    for (const [i, line] of lines.entries()) {
      const row = presented[i] as AlarmDebugRow;
      const payload = parsed(line.payload);
      const posted = Array.isArray((payload as { images?: unknown }).images) ? ((payload as { images: { bytes?: number }[] }).images ?? []) : [];
      const own = images.filter((image) => image.report_id === line.id);
      const at = line.received_at;
      const steps: AlarmDebugStep[] = [
        { step: 'received', at, detail: { boxId: line.box_id, batchRef: line.batch_ref, eventId: line.event_id } },
        {
          step: 'imagesChecked',
          at,
          detail: { posted: posted.length, postedBytes: posted.reduce((sum, image) => sum + (image.bytes ?? 0), 0), kept: own.length },
        },
        { step: 'duplicateCheck', at, detail: { duplicate: false } },
        { step: 'closedCheck', at, detail: { closed: line.outcome === 'ignoredClosed' } },
      ];
      if (line.outcome === 'ignoredClosed') steps.push({ step: 'ignoredClosed', at, detail: { alarmId: null } });
      else steps.push({ step: line.outcome, at, detail: { alarmId: line.alarm_id } });
      if (line.outcome === 'raised' && line.alarm_id) steps.push({ step: 'notified', at, detail: { messages: await repo.messagesOf(line.alarm_id) } });
      reports.push({ ...row, payload, steps });
    }
    return reports;
  }

  return {
    async list(actor: CustomerActor, input: AlarmDebugListRequest): Promise<Page<AlarmDebugRow>> {
      const range = rangeOf(input.startDate, input.endDate);
      const query = {
        shopIds: await shopFilter(actor, input.shopIds),
        outcomes: input.outcomes && input.outcomes.length > 0 ? input.outcomes : [...ALARM_REPORT_OUTCOMES],
        deletedOnly: input.deletedOnly ?? false,
        eventCode: input.eventCode,
        ...range,
      };
      const repo = repoOf(actor.customerId);
      const [total, lines] = await Promise.all([repo.count(query), repo.list(query, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize })]);
      return { total, page: input.page, pageSize: input.pageSize, list: await rows(actor.customerId, lines) };
    },

    async detail(actor: CustomerActor, reportId: string): Promise<AlarmDebugDetail> {
      const repo = repoOf(actor.customerId);
      const line = await repo.report(reportId);
      if (!line || !(await accessOf(db, actor).scope()).canSeeShop(line.shop_id)) throw notFound();
      const [report] = await withSteps(actor.customerId, [line]);
      if (!report) throw notFound();
      if (!line.alarm_id) return { report, alarm: null, reports: [report] };
      const [alarm, all] = await Promise.all([alarms.detail(actor, line.alarm_id), repo.reportsOf(line.alarm_id)]);
      const reports = await withSteps(actor.customerId, all);
      // The alarm's later history (people's actions) closes the report that raised it.
      const raised = reports.find((entry) => entry.outcome === 'raised');
      for (const entry of alarm.history) {
        if (entry.action === 'raise') continue;
        raised?.steps.push({
          step: 'history',
          at: entry.at,
          detail: { action: entry.action, toState: entry.toState, userName: entry.userName, reason: entry.reason },
        });
      }
      return { report: reports.find((entry) => entry.reportId === report.reportId) ?? report, alarm, reports };
    },

    async deleted(
      actor: CustomerActor,
      input: {
        shopIds?: string[] | undefined;
        deleteReason?: AlarmDeletedRow['deleteReason'] | undefined;
        startDate: string;
        endDate: string;
        page: number;
        pageSize: number;
      },
    ): Promise<Page<AlarmDeletedRow>> {
      const query = {
        shopIds: await shopFilter(actor, input.shopIds),
        deleteReason: input.deleteReason ?? undefined,
        ...rangeOf(input.startDate, input.endDate),
      };
      const repo = repoOf(actor.customerId);
      const names = alarmsRepo(tenantScope(db, actor.customerId));
      const [total, list] = await Promise.all([
        repo.deletedCount(query),
        repo.deletedList(query, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize }),
      ]);
      const [shops, cameras, deletes] = await Promise.all([
        names.shopNames([...new Set(list.map((row) => row.shop_id))]),
        names.cameraNames([...new Set(list.flatMap((row) => (row.camera_id ? [row.camera_id] : [])))]),
        repo.lastDeletes(list.map((row) => row.id)),
      ]);
      const people = await names.namesOf([...deletes.values()].flatMap((entry) => (entry.user_id ? [entry.user_id] : [])));
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: list.map((row) => {
          const entry = deletes.get(row.id);
          return {
            alarmId: row.id,
            shopId: row.shop_id,
            shopName: shops.get(row.shop_id) ?? '',
            cameraName: row.camera_id ? (cameras.get(row.camera_id) ?? null) : null,
            eventCode: row.event_code,
            eventName: row.event_name,
            priority: row.priority,
            count: row.count,
            occurredAt: row.occurred_at,
            deleteReason: row.delete_reason,
            deletedBy: entry?.user_id ?? null,
            deletedByName: entry?.user_id ? (people.get(entry.user_id) ?? '') : null,
            deletedAt: entry?.created_at ?? null,
            remark: entry?.reason ?? null,
          };
        }),
      };
    },
  };
}
export type AlarmDebugService = ReturnType<typeof createAlarmDebugService>;
