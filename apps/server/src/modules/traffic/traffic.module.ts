import type { DB } from '../../platform/db/database.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { createTrafficCompleteness } from './completeness.ts';
import { createEntrancesService } from './entrances.service.ts';
import type { ExtraIndicatorSource } from './extra-indicators.ts';
import { createOverviewService } from './overview.service.ts';
import { createReportsService } from './reports.service.ts';
import { createShopComparisonService } from './shop-comparison.service.ts';
import { createShopsInScope } from './shops-in-scope.ts';
import { createTrafficSums } from './traffic-sums.ts';
import { createVisitorsService } from './visitors.service.ts';

/**
 * The traffic analytics, one service per area of the screens, over one shop resolver and one
 * reader of rollup sums. `shopsInScope` is also what other modules (sales) resolve shops with.
 */
export function createTrafficServices(deps: { db: DB; calendar: CalendarService; extraIndicators: ExtraIndicatorSource }) {
  const { db, calendar, extraIndicators } = deps;
  const shops = createShopsInScope({ db });
  const parts = { db, shops, sums: createTrafficSums({ db }), completeness: createTrafficCompleteness({ db }) };
  return {
    shopsInScope: shops,
    overview: createOverviewService({ ...parts, calendar }),
    shopComparison: createShopComparisonService({ ...parts, extraIndicators }),
    entrances: createEntrancesService(parts),
    visitors: createVisitorsService({ ...parts, calendar }),
    reports: createReportsService({ ...parts, extraIndicators }),
  };
}
export type TrafficServices = ReturnType<typeof createTrafficServices>;
