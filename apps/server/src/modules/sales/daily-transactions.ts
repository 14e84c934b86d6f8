import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { salesAnalyticsRepo } from './sales-analytics.repo.ts';

/**
 * POS transactions per store-day (`shopId|date` -> transactions), read from the sales rollups:
 * what the visitor batches' conversion per batch and per person divides (issue 17). A store-day
 * without POS data is absent (no data is not zero).
 */
export function createDailyTransactions(deps: { db: DB }) {
  return {
    async dailyTransactions(customerId: string, shopIds: readonly string[], startDate: string, endDate: string): Promise<Map<string, number>> {
      const rows = await salesAnalyticsRepo(tenantScope(deps.db, customerId)).salesByDay(shopIds, startDate, endDate, ['shop_id', 'local_date']);
      return new Map(rows.map((row) => [`${row.group.shop_id}|${row.group.local_date}`, Number(row.sums.transactions ?? 0)]));
    },
  };
}
