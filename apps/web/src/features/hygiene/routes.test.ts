import { describe, expect, it } from 'vitest';
import { CERTIFICATES_PATH, employeeDetailsPathFor, hygieneRoutes } from './routes.tsx';

describe('the hygiene log routes (spec section 2)', () => {
  it('are the spec’s pages, behind the extension services tab and the hygiene-log key; the employee details hidden under the certificates', () => {
    expect(hygieneRoutes.map((route) => route.path)).toEqual([
      '/hygieneLog',
      '/hygieneLog/employeeHealthCertificate',
      '/hygieneLog/employeeDetails',
      '/hygieneLog/staffTraining',
      '/hygieneLog/disinfectionRecords',
      '/hygieneLog/wasteDisposal',
    ]);
    for (const route of hygieneRoutes.filter((one) => one.page)) {
      expect(route.meta, route.path).toMatchObject({ section: 'service', permission: 'cueretail_ext_hygieniclog', requires: ['extservice_nav'] });
    }
    expect(hygieneRoutes.find((route) => route.path === '/hygieneLog/employeeDetails')?.meta).toMatchObject({ hideInMenu: true, parent: CERTIFICATES_PATH });
    expect(hygieneRoutes[0]?.redirectTo).toBe(CERTIFICATES_PATH);
    expect(employeeDetailsPathFor('e 1')).toBe('/hygieneLog/employeeDetails?employeeId=e%201');
  });
});
