import { describe, expect, it } from 'vitest';
import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';
import { createRouteRegistry } from '../routeRegistry.ts';
import { buildBreadcrumb } from './breadcrumb.ts';

const page = async () => ({ Component: () => null });
const route = (path: string, meta: Partial<RouteMeta> = {}, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  layout: 'shell',
  access: 'customer',
  meta: { titleKey: `test:${path}`, ...meta },
  page,
  ...extra,
});

const registry = createRouteRegistry([
  route('/taskManagement', {}, { page: undefined, redirectTo: '/taskManagement/dailyPatrol' }),
  route('/taskManagement/dailyPatrol'),
  route('/taskManagement/dailyPatrol/phaseTask', { breadcrumbQuery: ['planId'] }),
  route('/taskManagement/dailyPatrol/phaseTask/detailsCyclic', { breadcrumbQuery: ['planId', 'batchId'] }),
  route('/taskManagement/dailyPatrol/phaseTask/detailsCyclic/viewResults'),
  route('/settings/passengerFlow/flowConf'),
  route('/myTodo/taskTodo'),
  route('/myTodo/taskTodo/afterDeal', { titleKey: 'test:/myTodo/taskTodo' }, { page: undefined, redirectTo: '/myTodo/taskTodo' }),
  route('/myTodo/taskTodo/afterDeal/dispose'),
]);

describe('breadcrumb', () => {
  it('has one entry per segment, titled by the registered route', () => {
    const entries = buildBreadcrumb('/taskManagement/dailyPatrol', '', registry.find);
    expect(entries.map((entry) => entry.titleKey)).toEqual(['test:/taskManagement', 'test:/taskManagement/dailyPatrol']);
  });

  it('leaves out a middle segment that only leads back to the list before it, under its title', () => {
    const entries = buildBreadcrumb('/myTodo/taskTodo/afterDeal/dispose', '', registry.find);
    expect(entries.map((entry) => entry.key)).toEqual(['/myTodo', '/myTodo/taskTodo', '/myTodo/taskTodo/afterDeal/dispose']);
  });

  it('links intermediate segments to their route and leaves the last unlinked', () => {
    const entries = buildBreadcrumb('/taskManagement/dailyPatrol', '', registry.find);
    expect(entries[0]?.to).toBe('/taskManagement');
    expect(entries[1]?.to).toBeUndefined();
  });

  it('carries planId, or planId and batchId, as the intermediate route asks', () => {
    const entries = buildBreadcrumb('/taskManagement/dailyPatrol/phaseTask/detailsCyclic/viewResults', '?planId=p7&batchId=b3&tab=2', registry.find);
    expect(entries.map((entry) => entry.to)).toEqual([
      '/taskManagement',
      '/taskManagement/dailyPatrol',
      '/taskManagement/dailyPatrol/phaseTask?planId=p7',
      '/taskManagement/dailyPatrol/phaseTask/detailsCyclic?planId=p7&batchId=b3',
      undefined,
    ]);
  });

  it("skips the 'settings' segment but keeps it in the paths", () => {
    const entries = buildBreadcrumb('/settings/passengerFlow/flowConf', '', registry.find);
    expect(entries.map((entry) => entry.segment)).toEqual(['passengerFlow', 'flowConf']);
    expect(entries[1]?.key).toBe('/settings/passengerFlow/flowConf');
    expect(entries[1]?.titleKey).toBe('test:/settings/passengerFlow/flowConf');
  });

  it('shows an unregistered segment as text, without a link', () => {
    const entries = buildBreadcrumb('/settings/passengerFlow/flowConf', '', registry.find);
    expect(entries[0]).toEqual({ key: '/settings/passengerFlow', titleKey: null, segment: 'passengerFlow' });
  });

  it('is empty at the root', () => {
    expect(buildBreadcrumb('/', '', registry.find)).toEqual([]);
  });
});
