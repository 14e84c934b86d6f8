import type { AiItem, AlarmAnalysis, AlarmAnalysisRequest, Locale } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { alarmAnalysisRepo } from './alarm-analysis.repo.ts';
import { type Judged, judgementOf } from './alarm-judgement.ts';
import { listedAlarmShops } from './alarm-list-scope.ts';

const DAY = 86_400_000;
const TOP_STORES = 10;
const TOP_CAMERAS = 20;

export { judgementOf } from './alarm-judgement.ts';

const precisionOf = ({ correct, wrong }: Judged) => (correct + wrong === 0 ? null : correct / (correct + wrong));
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The UTC dates from start to end, inclusive. */
function datesOf(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(startDate); at <= Date.parse(endDate); at += DAY) dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

/**
 * AI inspection analysis (/AIInspection/inspectionAnalysis): what the boxes raised in the caller's
 * stores over at most 90 days. Ignored alarms are out of the statistics (the spec) but give the
 * ignore rate; deleted ones are out altogether. Items are named from the AI catalogue in the
 * caller's language (a code it does not hold keeps the name the box sent).
 */
export function createAlarmAnalysisService(deps: { db: DB; catalogue: (locale: Locale) => Promise<AiItem[]> }) {
  const { db, catalogue } = deps;
  return {
    async analysis(actor: CustomerActor, input: AlarmAnalysisRequest, locale: Locale): Promise<AlarmAnalysis> {
      const shopIds = await listedAlarmShops(db, actor, input);
      const query = { shopIds, startDate: input.startDate, endDate: input.endDate };
      const repo = alarmAnalysisRepo(tenantScope(db, actor.customerId));
      const [groups, days, shopSums, cameraSums, known] = await Promise.all([
        repo.items(query),
        repo.trend(query),
        repo.shops(query),
        repo.cameras(query),
        catalogue(locale),
      ]);
      const itemOf = new Map(known.map((item) => [item.eventCode, item]));

      const totals = { alarms: 0, reports: 0, unconfirmed: 0, confirmed: 0, falseAlarms: 0, ignored: 0, correct: 0, wrong: 0 };
      const byItem = new Map<string, { eventName: string; alarms: number; falseAlarms: number; ignored: number; correct: number; wrong: number }>();
      for (const row of groups) {
        const alarms = Number(row.alarms);
        const entry = byItem.get(row.event_code) ?? { eventName: row.event_name, alarms: 0, falseAlarms: 0, ignored: 0, correct: 0, wrong: 0 };
        if (row.event_name > entry.eventName) entry.eventName = row.event_name;
        byItem.set(row.event_code, entry);
        if (row.state === 'ignored') {
          entry.ignored += alarms;
          totals.ignored += alarms;
          continue;
        }
        entry.alarms += alarms;
        totals.alarms += alarms;
        totals.reports += Number(row.reports);
        if (row.state === 'unconfirmed') totals.unconfirmed += alarms;
        if (row.state === 'confirmed') totals.confirmed += alarms;
        if (row.state === 'falseAlarm') {
          totals.falseAlarms += alarms;
          entry.falseAlarms += alarms;
        }
        const judged = judgementOf(row.state, row.tag);
        if (judged) {
          entry[judged] += alarms;
          totals[judged] += alarms;
        }
      }

      const classTotals = new Map<string | null, { className: string | null; alarms: number }>();
      const itemRows = [...byItem.entries()]
        .map(([eventCode, entry]) => {
          const item = itemOf.get(eventCode);
          const classId = item?.classId ?? null;
          const classEntry = classTotals.get(classId) ?? { className: item?.className ?? null, alarms: 0 };
          classEntry.alarms += entry.alarms;
          classTotals.set(classId, classEntry);
          return { eventCode, ...entry, eventName: item?.name ?? entry.eventName, classId, precision: precisionOf(entry) };
        })
        .sort((a, b) => b.alarms - a.alarms || a.eventCode.localeCompare(b.eventCode));

      const trend = new Map(datesOf(input.startDate, input.endDate).map((date) => [date, { date, high: 0, low: 0 }]));
      // The trend, the stores and the cameras count what is in the statistics: not the ignored.
      for (const row of days) {
        const day = trend.get(row.day);
        if (day) day[row.priority] += Number(row.alarms);
      }

      const perShop = new Map(shopSums.map((row) => [row.shop_id, { alarms: Number(row.alarms), falseAlarms: Number(row.false_alarms) }]));
      const topShops = [...perShop.entries()].sort((a, b) => b[1].alarms - a[1].alarms || a[0].localeCompare(b[0])).slice(0, TOP_STORES);

      const perCamera = new Map(
        cameraSums.map((row) => [row.camera_id, { shopId: row.shop_id, alarms: Number(row.alarms), correct: Number(row.correct), wrong: Number(row.wrong) }]),
      );
      const judgedCameras = [...perCamera.entries()]
        .map(([cameraId, entry]) => ({ cameraId, ...entry, precision: precisionOf(entry) }))
        .filter((camera): camera is typeof camera & { precision: number } => camera.precision !== null)
        .sort((a, b) => a.precision - b.precision || b.wrong - a.wrong || a.cameraId.localeCompare(b.cameraId))
        .slice(0, TOP_CAMERAS);

      const shopIdsNamed = [...new Set([...topShops.map(([shopId]) => shopId), ...judgedCameras.map((camera) => camera.shopId)])];
      const [shopRows, cameraRows] = await Promise.all([repo.shopNames(shopIdsNamed), repo.cameraNames(judgedCameras.map((camera) => camera.cameraId))]);
      const shopName = new Map(shopRows.map((row) => [row.id, row.name]));
      const cameraName = new Map(cameraRows.map((row) => [row.id, row.name]));

      return {
        totals: {
          ...totals,
          falseAlarmRate: ratio(totals.falseAlarms, totals.alarms),
          ignoreRate: ratio(totals.ignored, totals.alarms + totals.ignored),
          precision: precisionOf(totals),
        },
        byItem: itemRows,
        byClass: [...classTotals.entries()].map(([classId, entry]) => ({ classId, ...entry })).sort((a, b) => b.alarms - a.alarms),
        trend: [...trend.values()],
        stores: topShops.map(([shopId, entry]) => ({ shopId, shopName: shopName.get(shopId) ?? '', ...entry })),
        cameras: judgedCameras.map((camera) => ({
          cameraId: camera.cameraId,
          cameraName: cameraName.get(camera.cameraId) ?? '',
          shopName: shopName.get(camera.shopId) ?? '',
          alarms: camera.alarms,
          correct: camera.correct,
          wrong: camera.wrong,
          precision: camera.precision,
        })),
      };
    },
  };
}
export type AlarmAnalysisService = ReturnType<typeof createAlarmAnalysisService>;
