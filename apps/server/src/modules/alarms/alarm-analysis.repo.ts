import { sql } from 'kysely';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** The alarms an analysis reads: occurrence from (inclusive) to (exclusive), in these shops (null: all), not deleted. */
export interface AlarmAnalysisQuery {
  shopIds: readonly string[] | null;
  from: string;
  to: string;
}

/**
 * Grouped counts of alarms in one GROUP BY over the (customer, occurred_at) index, by UTC day, shop,
 * camera, item, priority, state and tag: every view of the analysis (items, trend, stores, cameras)
 * is a sum over these groups, so the range is read once instead of once per view (four scans were
 * slower than reading the rows into the application). The service turns them into rates and precision.
 */
export function alarmAnalysisRepo(scope: TenantScope) {
  const day = sql<string>`substr(occurred_at, 1, 10)`;
  return {
    groups: (query: AlarmAnalysisQuery) => {
      let q = scope.selectFrom('alarms').where('occurred_at', '>=', query.from).where('occurred_at', '<', query.to).where('state', '!=', 'deleted');
      if (query.shopIds !== null) q = q.where('shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : ['']);
      return q
        .select([
          day.as('day'),
          'shop_id',
          'camera_id',
          'event_code',
          'priority',
          'state',
          'tag',
          sql<number>`count(*)`.as('alarms'),
          sql<number>`sum(count)`.as('reports'),
          sql<string>`max(event_name)`.as('event_name'),
        ])
        .groupBy([day, 'shop_id', 'camera_id', 'event_code', 'priority', 'state', 'tag'])
        .execute();
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
