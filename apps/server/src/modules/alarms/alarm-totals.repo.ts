import type { AlarmsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { isCounted, judgementOf } from './alarm-judgement.ts';

/** What an alarm adds to the totals (migration 0040): the columns they are keyed and summed by. */
export type AlarmCounted = Pick<AlarmsTable, 'shop_id' | 'camera_id' | 'event_code' | 'event_name' | 'priority' | 'state' | 'tag' | 'count' | 'occurred_at'>;

/** An alarm's contribution added (1: inserted, or as it is after an update) or taken away (-1: as it was). */
export interface AlarmTotalsChange {
  alarm: AlarmCounted;
  sign: 1 | -1;
}

/** Rows per upsert statement: well under either database's limit of bound parameters. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) out.push(rows.slice(start, start + CHUNK));
  return out;
}

/**
 * The alarm totals, written by every write that moves them (insert, fold, state and tag changes) in
 * its transaction through `apply`: the changes are netted per key first, so a batch upserts each
 * key once and a change that moves nothing (a tag set to what counted the same) writes nothing.
 */
export function alarmTotalsRepo(scope: TenantScope) {
  return {
    async apply(changes: readonly AlarmTotalsChange[]): Promise<void> {
      const day = new Map<
        string,
        {
          day: string;
          event_code: string;
          event_name: string;
          priority: AlarmsTable['priority'];
          state: AlarmsTable['state'];
          tag: AlarmsTable['tag'];
          alarms: number;
          reports: number;
        }
      >();
      const shopDay = new Map<
        string,
        {
          shop_id: string;
          day: string;
          event_code: string;
          event_name: string;
          priority: AlarmsTable['priority'];
          state: AlarmsTable['state'];
          tag: AlarmsTable['tag'];
          alarms: number;
          reports: number;
        }
      >();
      const shopPeriod = new Map<string, { period: string; shop_id: string; alarms: number; false_alarms: number }>();
      const cameraPeriod = new Map<string, { period: string; shop_id: string; camera_id: string; alarms: number; correct: number; wrong: number }>();
      for (const { alarm, sign } of changes) {
        const date = alarm.occurred_at.slice(0, 10);
        const itemKey = [date, alarm.event_code, alarm.event_name, alarm.priority, alarm.state, alarm.tag].join('\u0000');
        const dayRow = day.get(itemKey) ?? {
          day: date,
          event_code: alarm.event_code,
          event_name: alarm.event_name,
          priority: alarm.priority,
          state: alarm.state,
          tag: alarm.tag,
          alarms: 0,
          reports: 0,
        };
        dayRow.alarms += sign;
        dayRow.reports += sign * alarm.count;
        day.set(itemKey, dayRow);
        const shopKey = `${alarm.shop_id}\u0000${itemKey}`;
        const shopRow = shopDay.get(shopKey) ?? { ...dayRow, shop_id: alarm.shop_id, alarms: 0, reports: 0 };
        shopRow.alarms += sign;
        shopRow.reports += sign * alarm.count;
        shopDay.set(shopKey, shopRow);
        if (!isCounted(alarm.state)) continue;
        const judged = judgementOf(alarm.state, alarm.tag);
        // Each counted alarm is in its day's row and its month's row.
        for (const period of [date, date.slice(0, 7)]) {
          const storeKey = `${period}\u0000${alarm.shop_id}`;
          const store = shopPeriod.get(storeKey) ?? { period, shop_id: alarm.shop_id, alarms: 0, false_alarms: 0 };
          store.alarms += sign;
          if (alarm.state === 'falseAlarm') store.false_alarms += sign;
          shopPeriod.set(storeKey, store);
          if (alarm.camera_id === null) continue;
          const cameraKey = `${storeKey}\u0000${alarm.camera_id}`;
          const camera = cameraPeriod.get(cameraKey) ?? { period, shop_id: alarm.shop_id, camera_id: alarm.camera_id, alarms: 0, correct: 0, wrong: 0 };
          camera.alarms += sign;
          if (judged) camera[judged] += sign;
          cameraPeriod.set(cameraKey, camera);
        }
      }
      const moved = <T extends { alarms: number }>(rows: Map<string, T>, ...others: (keyof T)[]) =>
        [...rows.values()].filter((row) => row.alarms !== 0 || others.some((column) => row[column] !== 0));

      for (const rows of chunks(moved(day, 'reports'))) {
        await scope
          .insertInto('alarm_day_totals', rows)
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'day', 'event_code', 'event_name', 'priority', 'state', 'tag']).doUpdateSet((eb) => ({
              alarms: eb('alarm_day_totals.alarms', '+', eb.ref('excluded.alarms')),
              reports: eb('alarm_day_totals.reports', '+', eb.ref('excluded.reports')),
            })),
          )
          .execute();
      }
      for (const rows of chunks(moved(shopDay, 'reports'))) {
        await scope
          .insertInto('alarm_shop_day_totals', rows)
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'shop_id', 'day', 'event_code', 'event_name', 'priority', 'state', 'tag']).doUpdateSet((eb) => ({
              alarms: eb('alarm_shop_day_totals.alarms', '+', eb.ref('excluded.alarms')),
              reports: eb('alarm_shop_day_totals.reports', '+', eb.ref('excluded.reports')),
            })),
          )
          .execute();
      }
      for (const rows of chunks(moved(shopPeriod, 'false_alarms'))) {
        await scope
          .insertInto('alarm_shop_period_totals', rows)
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'period', 'shop_id']).doUpdateSet((eb) => ({
              alarms: eb('alarm_shop_period_totals.alarms', '+', eb.ref('excluded.alarms')),
              false_alarms: eb('alarm_shop_period_totals.false_alarms', '+', eb.ref('excluded.false_alarms')),
            })),
          )
          .execute();
      }
      for (const rows of chunks(moved(cameraPeriod, 'correct', 'wrong'))) {
        await scope
          .insertInto('alarm_camera_period_totals', rows)
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'period', 'shop_id', 'camera_id']).doUpdateSet((eb) => ({
              alarms: eb('alarm_camera_period_totals.alarms', '+', eb.ref('excluded.alarms')),
              correct: eb('alarm_camera_period_totals.correct', '+', eb.ref('excluded.correct')),
              wrong: eb('alarm_camera_period_totals.wrong', '+', eb.ref('excluded.wrong')),
            })),
          )
          .execute();
      }
    },
  };
}
