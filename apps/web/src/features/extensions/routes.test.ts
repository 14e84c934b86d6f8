import { describe, expect, it } from 'vitest';
import { statusFacts } from './pages/serviceFacts.tsx';
import { extensionsRoutes, SERVICE_PAGES, serviceDetailPathFor } from './routes.tsx';

describe('the service catalogue routes', () => {
  it('sit in the extension services tab, the detail page hidden under the catalogue', () => {
    expect(extensionsRoutes.map((route) => [route.path, route.meta.requires, route.meta.hideInMenu ?? false])).toEqual([
      ['/extendService', ['extservice_nav'], false],
      ['/extendService/serviceDetail', ['extservice_nav'], true],
    ]);
    expect(serviceDetailPathFor('hygieneLog')).toBe('/extendService/serviceDetail?service=hygieneLog');
    expect(SERVICE_PAGES.warehousePatrol).toBe('/warehousePatrol/patrolAnalysis');
  });

  it('flag what asks for attention: offline sensors, open alerts, expired certificates, overdue logs', () => {
    const quiet = statusFacts({ service: 'temperature', setUp: true, stores: 1, sensors: 2, online: 2, offline: 0, openAlerts: 0 });
    expect(quiet.filter((fact) => fact.warn)).toEqual([]);
    const hygiene = statusFacts({
      service: 'hygieneLog',
      setUp: true,
      stores: 2,
      employees: 5,
      expiredCertificates: 1,
      missingCertificates: 0,
      expiringCertificates: 0,
      overdueStores: 1,
    });
    expect(hygiene.filter((fact) => fact.warn).map((fact) => fact.key)).toEqual(['expired', 'overdueStores']);
    const warehouse = statusFacts({ service: 'warehousePatrol', setUp: true, stores: 3, plans: 1, awaiting: 2, missed7Days: 4, passRate7Days: 75 });
    expect(warehouse.map((fact) => [fact.key, fact.value, fact.warn])).toEqual([
      ['stores', 3, false],
      ['plans', 1, false],
      ['awaiting', 2, false],
      ['missed7Days', 4, true],
    ]);
  });
});
