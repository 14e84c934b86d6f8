import { describe, expect, it } from 'vitest';
import { patrolTrendOption } from './patrolCharts.ts';
import { PATROL_ANALYSIS_PATH, PLAN_ADD_PATH, SINGLE_DAY_PATH, singleDayPathFor, warehouseRoutes } from './routes.tsx';

describe('the warehouse patrol routes', () => {
  it('sit in the extension services tab under the warehouse patrol group, the root leading to the analysis', () => {
    expect(warehouseRoutes.map((route) => [route.path, route.meta.permission ?? null, route.meta.requires ?? null, route.meta.hideInMenu ?? false])).toEqual([
      ['/warehousePatrol', null, null, true],
      [PATROL_ANALYSIS_PATH, 'cueretail_ext_patrol_inspect', ['extservice_nav'], false],
      [SINGLE_DAY_PATH, 'cueretail_ext_patrol_inspect', ['extservice_nav'], false],
      [PLAN_ADD_PATH, 'cueretail_ext_patrol_inspect', ['extservice_nav'], true],
    ]);
    expect(warehouseRoutes.at(-1)?.meta.parent).toBe(PATROL_ANALYSIS_PATH);
    expect(warehouseRoutes[0]?.redirectTo).toBe(PATROL_ANALYSIS_PATH);
    expect(warehouseRoutes.every((route) => route.meta.section === 'service')).toBe(true);
    expect(singleDayPathFor('s 1', '2026-06-01')).toBe('/warehousePatrol/singleDayDetails?shopId=s%201&date=2026-06-01');
  });

  it('stack passed, failed and missed per day', () => {
    const option = patrolTrendOption([{ date: '2026-06-01', done: 2, passed: 1, failed: 1, missed: 3 }], { passed: 'P', failed: 'F', missed: 'M' });
    expect((option.series as { name: string; data: number[]; stack: string }[]).map((series) => [series.name, series.data, series.stack])).toEqual([
      ['P', [1], 'checks'],
      ['F', [1], 'checks'],
      ['M', [3], 'checks'],
    ]);
  });
});
