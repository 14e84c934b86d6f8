import { OBSERVER_BARRED_ROUTES, RoleId, SUPER_MANAGER_ONLY_ROUTES } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { type AppRoute, TAB_SECTION_IDS } from '../shared/routing/types.ts';
import { MENU_GROUP_ICONS } from './layout/menuIcons.tsx';
import { assembleRoutes, createRouteRegistry } from './routeRegistry.ts';
import { appRegistry } from './routes.ts';

const page = async () => ({ Component: () => null });
const route = (path: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  layout: 'shell',
  access: 'customer',
  meta: { titleKey: 'test:title' },
  page,
  ...extra,
});

describe('route registry', () => {
  it('bars the observer from the spec routes, whatever the feature declared', () => {
    const [first] = OBSERVER_BARRED_ROUTES;
    const [assembled] = assembleRoutes([[route(first, { meta: { titleKey: 't', barRoles: [RoleId.shopAssistant] } })]]);
    expect(assembled?.meta.barRoles).toEqual([RoleId.shopAssistant, RoleId.observer]);
  });

  it('opens the store-plan tools to the super manager only', () => {
    const [first] = SUPER_MANAGER_ONLY_ROUTES;
    const [assembled] = assembleRoutes([[route(first)]]);
    expect(assembled?.meta.allowRoles).toEqual([RoleId.superManager]);
    const [narrowed] = assembleRoutes([[route(first, { meta: { titleKey: 't', allowRoles: [RoleId.manager, RoleId.superManager] } })]]);
    expect(narrowed?.meta.allowRoles).toEqual([RoleId.superManager]);
  });

  it('leaves other routes as declared', () => {
    const declared = route('/personalCenter/personalInfo');
    const [assembled] = assembleRoutes([[declared]]);
    expect(assembled).toEqual(declared);
    expect(assembled?.meta).toBe(declared.meta);
  });

  it('refuses a path registered twice, a relative path and a route with nothing to show', () => {
    expect(() => assembleRoutes([[route('/a')], [route('/a/')]])).toThrow('twice');
    expect(() => assembleRoutes([[route('a')]])).toThrow('absolute');
    expect(() => assembleRoutes([[route('/a', { page: undefined })]])).toThrow('neither');
  });

  it('knows which sections have pages: a section counts only when its target page exists', () => {
    const registry = createRouteRegistry(
      assembleRoutes([[route('/dashboard', { meta: { titleKey: 't', section: 'traffic' } }), route('/video', { page: undefined, redirectTo: '/playback' })]]),
    );
    expect(registry.sectionsWithPages().map((section) => section.id)).toEqual(['traffic']);
    expect(registry.hasPage('/video')).toBe(false);
  });

  it('follows redirect routes to decide whether a page exists', () => {
    const registry = createRouteRegistry([
      route('/personalCenter', { page: undefined, redirectTo: '/personalCenter/personalInfo' }),
      route('/personalCenter/personalInfo'),
    ]);
    expect(registry.hasPage('/personalCenter')).toBe(true);
  });

  it('lists menu pages of a section, without hidden ones', () => {
    const registry = createRouteRegistry([
      route('/a', { meta: { titleKey: 't', section: 'personal' } }),
      route('/b', { meta: { titleKey: 't', section: 'personal', hideInMenu: true } }),
      route('/c', { meta: { titleKey: 't', section: 'settings' } }),
    ]);
    expect(registry.menuRoutes('personal').map((entry) => entry.path)).toEqual(['/a']);
    expect(registry.firstSettingsPage()?.path).toBe('/c');
  });

  describe('the app as assembled in this issue', () => {
    it('has every public page of the spec and the personal center', () => {
      for (const path of [
        '/login',
        '/login/kr',
        '/403',
        '/addressOut',
        '/privacyPolicy',
        '/dyvityPrivacy',
        '/forgotPassword',
        '/verificationCode',
        '/resetPassword',
        '/selectCustomer',
        '/personalCenter/personalInfo',
        '/refresh',
      ]) {
        expect(appRegistry.hasPage(path), path).toBe(true);
      }
    });

    it('keeps public pages out of the antd shell', () => {
      for (const path of ['/login', '/login/kr', '/403', '/addressOut', '/privacyPolicy', '/dyvityPrivacy', '/selectCustomer']) {
        expect(appRegistry.find(path)?.layout, path).toBe('public');
      }
    });

    it('has the traffic, video and sales sections: their tabs show and their target pages exist', () => {
      expect(appRegistry.sectionsWithPages().map((section) => section.id)).toEqual(['traffic', 'video', 'sale', 'inspection', 'service', 'batch']);
      for (const path of [
        '/dashboard',
        '/trend',
        '/area/entranceAnalysis',
        '/area/timeIntervalAnalysis',
        '/shops/storeRankings',
        '/shops/storeComparison',
        '/shops/fourQuadrantAnalysis',
        '/customTool/analysis',
        '/customTool/attributes',
        '/sales',
        '/consumption',
        '/playback',
        '/temperature',
      ]) {
        expect(appRegistry.hasPage(path), path).toBe(true);
      }
    });

    it('has the administration pages of issue 3, the settings ones in menu order', () => {
      for (const path of [
        '/settings',
        '/settingCommon',
        '/settings/settingCommon/orgMng',
        '/settings/settingCommon/userMng',
        '/settings/settingCommon/roleMng',
        '/settings/cameraMng',
        '/deviceManagement',
        '/deviceManagement/detail',
        '/deviceManagement/cameraDetail',
        '/newsCenter',
      ]) {
        expect(appRegistry.hasPage(path), path).toBe(true);
      }
      expect(appRegistry.firstSettingsPage()?.path).toBe('/settings/settingCommon/orgMng');
      expect(appRegistry.menuRoutes('settings').map((route) => route.path)).toEqual([
        '/settings/settingCommon/orgMng',
        '/settings/settingCommon/userMng',
        '/settings/settingCommon/roleMng',
        '/settings/cameraMng',
        '/deviceManagement',
        '/settings/settingCommon/webhooks',
        '/settings/passengerFlow/flowConf',
        '/settings/passengerFlow/customCalendar',
        '/settings/passengerFlow/privacy',
        '/settings/passengerFlow/storePlan',
        '/settings/passengerFlow/haltArea',
        '/settings/passengerFlow/crowdDataExport',
        '/settings/settingSales/performanceData',
        '/settings/settingSales/salesTemplateSetup',
        '/settings/settingSales/exchangeRates',
        '/settings/dataBoards',
      ]);
      expect(appRegistry.find('/newsCenter')?.meta.hideInMenu).toBe(true);
    });

    it('bars the observer from organisation, user, role and camera management', () => {
      for (const path of ['/settings/settingCommon/orgMng', '/settings/settingCommon/userMng', '/settings/settingCommon/roleMng', '/settings/cameraMng']) {
        expect(appRegistry.find(path)?.meta.barRoles, path).toContain(RoleId.observer);
      }
    });

    it('puts the common settings pages behind cueretail_config_page_com besides their own key', () => {
      expect(appRegistry.find('/settings/settingCommon/orgMng')?.meta).toMatchObject({
        permission: 'cueretail_org_manage',
        requires: ['cueretail_config_page_com'],
      });
      // Camera management lists devices through the device status operations: it needs that key too.
      expect(appRegistry.find('/settings/cameraMng')?.meta).toMatchObject({
        permission: 'config_page',
        requires: ['cueretail_config_page_com', 'cueretail_device_status'],
      });
    });

    it('gives every side-menu entry and group an icon (a collapsed menu shows only icons)', () => {
      for (const section of [...TAB_SECTION_IDS, 'settings', 'personal'] as const) {
        for (const route of appRegistry.menuRoutes(section)) {
          expect(route.meta.menuIcon, route.path).toBeDefined();
          if (route.meta.menuGroupKey) expect(MENU_GROUP_ICONS[route.meta.menuGroupKey], route.meta.menuGroupKey).toBeDefined();
        }
      }
    });

    it('puts device status and its detail pages behind their own key', () => {
      for (const path of ['/deviceManagement', '/deviceManagement/detail', '/deviceManagement/cameraDetail']) {
        expect(appRegistry.find(path)?.meta.permission, path).toBe('cueretail_device_status');
      }
    });
  });
});
