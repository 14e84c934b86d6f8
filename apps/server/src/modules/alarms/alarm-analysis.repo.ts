import { sql } from 'kysely';
import { monthPlan, type PeriodPlan } from '../../platform/analytics/period-plan.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { dayTotalsOf } from './alarm-totals.repo.ts';

/** The alarms an analysis reads: occurred on UTC dates start to end (inclusive), in these shops (null: all), not deleted. */
export interface AlarmAnalysisQuery {
  shopIds: readonly string[] | null;
  startDate: string;
  endDate: string;
}

/**
 * The analysis reads the totals kept by the writes (migration 0040, alarm-totals.repo.ts), never
 * the alarms: sums by item, state and tag and by day and priority over the customer's day totals
 * (or the stores' when the caller reads some stores), and per store and per camera over the range's
 * period rows.
 */
export function alarmAnalysisRepo(scope: TenantScope) {
  /** The sum of a column over the plan's rows, those of the days taken away negated (`by`: the key column of the period). */
  const signed = (plan: PeriodPlan, column: 'alarms' | 'reports' | 'false_alarms' | 'correct' | 'wrong', by: 'period' | 'day' = 'period') =>
    plan.minus.length === 0
      ? sql<number>`sum(${sql.ref(column)})`
      : sql<number>`sum(case when ${sql.ref(by)} in (${sql.join(plan.minus)}) then -${sql.ref(column)} else ${sql.ref(column)} end)`;
  const shopFilter = (shopIds: readonly string[]) => (shopIds.length > 0 ? [...shopIds] : ['']);
  const days = (query: AlarmAnalysisQuery) =>
    dayTotalsOf(scope, query.shopIds).where('day', '>=', query.startDate).where('day', '<=', query.endDate).where('state', '!=', 'deleted');
  return {
    /**
     * Alarms and reports per item, name, state and tag (the totals and the items): a few hundred
     * rows at most. The whole customer's range is summed from its month rows (migration 0043) and
     * the period plan's edge days, added or taken away; some stores' from their day rows.
     */
    async items(query: AlarmAnalysisQuery) {
      const itemColumns = ['event_code', 'event_name', 'state', 'tag'] as const;
      const sums = [sql<number>`sum(alarms)`.as('alarms'), sql<number>`sum(reports)`.as('reports')] as const;
      if (query.shopIds !== null) {
        // Rows a later change emptied stay at zero: out, so an item or a name appears only with alarms.
        return days(query)
          .select([...itemColumns, ...sums])
          .where('alarms', '>', 0)
          .groupBy(itemColumns)
          .execute();
      }
      const plan = monthPlan(query.startDate, query.endDate);
      const months = plan.plus.filter((period) => period.length === 7);
      const plusDays = plan.plus.filter((period) => period.length === 10);
      const [monthRows, dayRows] = await Promise.all([
        months.length === 0
          ? Promise.resolve([])
          : scope
              .selectFrom('alarm_month_totals')
              .select([...itemColumns, ...sums])
              .where('month', 'in', months)
              .where('state', '!=', 'deleted')
              .groupBy(itemColumns)
              .execute(),
        plusDays.length + plan.minus.length === 0
          ? Promise.resolve([])
          : scope
              .selectFrom('alarm_day_totals')
              .select([...itemColumns, signed(plan, 'alarms', 'day').as('alarms'), signed(plan, 'reports', 'day').as('reports')])
              .where('day', 'in', [...plusDays, ...plan.minus])
              .where('state', '!=', 'deleted')
              .groupBy(itemColumns)
              .execute(),
      ]);
      const merged = new Map<string, (typeof monthRows)[number]>();
      for (const row of [...monthRows, ...dayRows]) {
        const key = [row.event_code, row.event_name, row.state, row.tag].join('\u0000');
        const sum = merged.get(key) ?? { ...row, alarms: 0, reports: 0 };
        sum.alarms += Number(row.alarms);
        sum.reports += Number(row.reports);
        merged.set(key, sum);
      }
      return [...merged.values()].filter((row) => row.alarms > 0);
    },
    /** Counted alarms per UTC day and priority (the trend). */
    trend: (query: AlarmAnalysisQuery) =>
      days(query)
        .select(['day', 'priority', sql<number>`sum(alarms)`.as('alarms')])
        .where('state', '!=', 'ignored')
        .groupBy(['day', 'priority'])
        .execute(),
    /** Counted alarms and false alarms per store with any in the range. */
    shops: (query: AlarmAnalysisQuery) => {
      const plan = monthPlan(query.startDate, query.endDate);
      let q = scope
        .selectFrom('alarm_shop_period_totals')
        .select(['shop_id', signed(plan, 'alarms').as('alarms'), signed(plan, 'false_alarms').as('false_alarms')])
        .where('period', 'in', [...plan.plus, ...plan.minus]);
      if (query.shopIds !== null) q = q.where('shop_id', 'in', shopFilter(query.shopIds));
      return q.groupBy('shop_id').having(signed(plan, 'alarms'), '>', 0).execute();
    },
    /** Counted alarms and those judged right and wrong per camera with any in the range. */
    cameras: (query: AlarmAnalysisQuery) => {
      const plan = monthPlan(query.startDate, query.endDate);
      let q = scope
        .selectFrom('alarm_camera_period_totals')
        .select(['camera_id', 'shop_id', signed(plan, 'alarms').as('alarms'), signed(plan, 'correct').as('correct'), signed(plan, 'wrong').as('wrong')])
        .where('period', 'in', [...plan.plus, ...plan.minus]);
      if (query.shopIds !== null) q = q.where('shop_id', 'in', shopFilter(query.shopIds));
      return q.groupBy(['camera_id', 'shop_id']).having(signed(plan, 'alarms'), '>', 0).execute();
    },
    shopNames: (shopIds: readonly string[]) =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('shops')
            .select(['id', 'name'])
            .where('id', 'in', [...shopIds])
            .execute(),
    cameraNames: (cameraIds: readonly string[]) =>
      cameraIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('cameras')
            .select(['id', 'name'])
            .where('id', 'in', [...cameraIds])
            .execute(),
  };
}
