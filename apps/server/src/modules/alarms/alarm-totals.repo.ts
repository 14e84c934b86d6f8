import { type SelectQueryBuilder, sql } from 'kysely';
import type { AlarmsTable, Database } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { isCounted, judgementOf } from './alarm-judgement.ts';

/** What an alarm adds to the totals (migration 0040): the columns they are keyed and summed by. */
export type AlarmCounted = Pick<AlarmsTable, 'shop_id' | 'camera_id' | 'event_code' | 'event_name' | 'priority' | 'state' | 'tag' | 'count' | 'occurred_at'>;

/** An alarm's contribution added (1: inserted, or as it is after an update) or taken away (-1: as it was). */
export interface AlarmTotalsChange {
  alarm: AlarmCounted;
  sign: 1 | -1;
}

/** The tables `apply` keeps and `rebuild` makes again, in the order they are emptied. */
const TOTALS_TABLES = ['alarm_day_totals', 'alarm_month_totals', 'alarm_shop_day_totals', 'alarm_shop_period_totals', 'alarm_camera_period_totals'] as const;

/**
 * The day totals a read of these stores sums (null: every store): the customer's, or the stores'
 * (the same columns and sums, kept per store as well). Typed as the customer's table: the callers
 * name only the columns both have.
 */
export function dayTotalsOf(scope: TenantScope, shopIds: readonly string[] | null): SelectQueryBuilder<Database, 'alarm_day_totals', object> {
  if (shopIds === null) return scope.selectFrom('alarm_day_totals');
  const stores = scope.selectFrom('alarm_shop_day_totals').where('shop_id', 'in', shopIds.length > 0 ? [...shopIds] : ['']);
  return stores as unknown as SelectQueryBuilder<Database, 'alarm_day_totals', object>;
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
      type ItemKey = Pick<AlarmsTable, 'event_code' | 'event_name' | 'priority' | 'state' | 'tag'>;
      type ItemSums = ItemKey & { alarms: number; reports: number };
      const day = new Map<string, ItemSums & { day: string }>();
      const month = new Map<string, ItemSums & { month: string }>();
      const shopDay = new Map<string, ItemSums & { day: string; shop_id: string }>();
      /** Adds the alarm's count to the row of `key` in `rows`, made from `row` the first time. */
      const addItem = <T extends ItemSums>(rows: Map<string, T>, key: string, row: Omit<T, 'alarms' | 'reports'>, alarm: AlarmCounted, sign: 1 | -1) => {
        const sums = rows.get(key) ?? ({ ...row, alarms: 0, reports: 0 } as T);
        sums.alarms += sign;
        sums.reports += sign * alarm.count;
        rows.set(key, sums);
      };
      const shopPeriod = new Map<string, { period: string; shop_id: string; alarms: number; false_alarms: number }>();
      const cameraPeriod = new Map<string, { period: string; shop_id: string; camera_id: string; alarms: number; correct: number; wrong: number }>();
      for (const { alarm, sign } of changes) {
        const date = alarm.occurred_at.slice(0, 10);
        const item: ItemKey = { event_code: alarm.event_code, event_name: alarm.event_name, priority: alarm.priority, state: alarm.state, tag: alarm.tag };
        const itemKey = [alarm.event_code, alarm.event_name, alarm.priority, alarm.state, alarm.tag].join('\u0000');
        addItem(day, `${date}\u0000${itemKey}`, { ...item, day: date }, alarm, sign);
        addItem(month, `${date.slice(0, 7)}\u0000${itemKey}`, { ...item, month: date.slice(0, 7) }, alarm, sign);
        addItem(shopDay, `${alarm.shop_id}\u0000${date}\u0000${itemKey}`, { ...item, day: date, shop_id: alarm.shop_id }, alarm, sign);
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
      /** Adds item sums to one of the three item totals tables: the same item columns and sums, keyed by `period` first. */
      const addItemSums = async (
        table: 'alarm_day_totals' | 'alarm_month_totals' | 'alarm_shop_day_totals',
        period: readonly ('day' | 'month' | 'shop_id')[],
        sums: readonly ItemSums[],
      ) => {
        for (const rows of chunks(sums)) {
          await scope
            // Typed as the day totals: every row carries its own table's key columns.
            .insertInto(table as 'alarm_day_totals', rows as (ItemSums & { day: string })[])
            .onConflict((conflict) =>
              conflict.columns(['customer_id', ...(period as 'day'[]), 'event_code', 'event_name', 'priority', 'state', 'tag']).doUpdateSet((eb) => ({
                alarms: eb(sql.ref<number>(`${table}.alarms`), '+', eb.ref('excluded.alarms')),
                reports: eb(sql.ref<number>(`${table}.reports`), '+', eb.ref('excluded.reports')),
              })),
            )
            .execute();
        }
      };
      await addItemSums('alarm_day_totals', ['day'], moved(day, 'reports'));
      await addItemSums('alarm_month_totals', ['month'], moved(month, 'reports'));
      await addItemSums('alarm_shop_day_totals', ['shop_id', 'day'], moved(shopDay, 'reports'));
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

    /**
     * The customer's totals made again from its alarms, by the database: emptied, then one
     * INSERT ... SELECT ... GROUP BY per table and period length, the same sums `apply` keeps (the
     * judgement of judgementOf and isCounted written in SQL, as migration 0040 summed the alarms of
     * its day). For a writer of alarms in bulk (insertAlarmsTotalsLater; the alarms bench's history
     * of millions), where netting each chunk's totals in the application upserted about four rows per
     * alarm and took half the writing time. Call inside a transaction.
     */
    async rebuild(): Promise<void> {
      for (const table of TOTALS_TABLES) await scope.deleteFrom(table).execute();
      const alarms = () => scope.selectFrom('alarms');
      const day = sql<string>`substr(occurred_at, 1, 10)`;
      const itemKey = ['event_code', 'event_name', 'priority', 'state', 'tag'] as const;
      const sums = [sql<number>`count(*)`.as('alarms'), sql<number>`sum(count)`.as('reports')] as const;
      await scope.db
        .insertInto('alarm_day_totals')
        .columns(['customer_id', 'day', ...itemKey, 'alarms', 'reports'])
        .expression(
          alarms()
            .select(['customer_id', day.as('day'), ...itemKey, ...sums])
            .groupBy(['customer_id', day, ...itemKey]),
        )
        .execute();
      const month = sql<string>`substr(occurred_at, 1, 7)`;
      await scope.db
        .insertInto('alarm_month_totals')
        .columns(['customer_id', 'month', ...itemKey, 'alarms', 'reports'])
        .expression(
          alarms()
            .select(['customer_id', month.as('month'), ...itemKey, ...sums])
            .groupBy(['customer_id', month, ...itemKey]),
        )
        .execute();
      await scope.db
        .insertInto('alarm_shop_day_totals')
        .columns(['customer_id', 'shop_id', 'day', ...itemKey, 'alarms', 'reports'])
        .expression(
          alarms()
            .select(['customer_id', 'shop_id', day.as('day'), ...itemKey, ...sums])
            .groupBy(['customer_id', 'shop_id', day, ...itemKey]),
        )
        .execute();
      for (const length of [10, 7]) {
        const period = sql<string>`substr(occurred_at, 1, ${sql.lit(length)})`;
        const counted = () => alarms().where('state', 'not in', ['ignored', 'deleted']);
        await scope.db
          .insertInto('alarm_shop_period_totals')
          .columns(['customer_id', 'period', 'shop_id', 'alarms', 'false_alarms'])
          .expression(
            counted()
              .select([
                'customer_id',
                period.as('period'),
                'shop_id',
                sql<number>`count(*)`.as('alarms'),
                sql<number>`sum(case when state = 'falseAlarm' then 1 else 0 end)`.as('false_alarms'),
              ])
              .groupBy(['customer_id', period, 'shop_id']),
          )
          .execute();
        await scope.db
          .insertInto('alarm_camera_period_totals')
          .columns(['customer_id', 'period', 'shop_id', 'camera_id', 'alarms', 'correct', 'wrong'])
          .expression(
            counted()
              .where('camera_id', 'is not', null)
              .select([
                'customer_id',
                period.as('period'),
                'shop_id',
                'camera_id',
                sql<number>`count(*)`.as('alarms'),
                sql<number>`sum(case when tag = 'algorithmCorrect' or (tag = 'none' and state = 'confirmed') then 1 else 0 end)`.as('correct'),
                sql<number>`sum(case when tag = 'algorithmWrong' or (tag = 'none' and state = 'falseAlarm') then 1 else 0 end)`.as('wrong'),
              ])
              .groupBy(['customer_id', period, 'shop_id', 'camera_id']),
          )
          .execute();
      }
    },
  };
}
