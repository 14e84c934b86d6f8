import { defaultPrivileges, RoleId } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { decidePermission, decideRoleAccess } from '../../app/guards/navigationGuard.ts';
import { appRegistry } from '../../app/routes.ts';
import { CUSTOM_CALENDAR_PATH, FLOW_CONF_PATH, PRIVACY_PATH } from './routes.tsx';

const guarded = (path: string) => {
  const route = appRegistry.find(path);
  if (!route) throw new Error(`no route ${path}`);
  return { path: route.path, access: route.access, ...route.meta };
};

describe('customer-flow settings routes', () => {
  it('forwards /passengerFlow and /settings/passengerFlow to the flow configuration (spec section 2)', () => {
    expect(appRegistry.find('/passengerFlow')?.redirectTo).toBe(FLOW_CONF_PATH);
    expect(appRegistry.find('/settings/passengerFlow')?.redirectTo).toBe(FLOW_CONF_PATH);
    expect(appRegistry.hasPage('/passengerFlow')).toBe(true);
  });

  it('puts the three pages in the customer-flow group, each behind its menu flag and the group flag', () => {
    const menu = appRegistry.menuRoutes('settings').map((route) => route.path);
    expect(menu).toEqual(expect.arrayContaining([FLOW_CONF_PATH, CUSTOM_CALENDAR_PATH, PRIVACY_PATH]));
    expect(guarded(FLOW_CONF_PATH)).toMatchObject({ permission: 'cueretail_customerkvsetting_manage', requires: ['cueretail_config_page_cus'] });
    expect(guarded(CUSTOM_CALENDAR_PATH)).toMatchObject({ permission: 'cueretail_calenderevent_manage', requires: ['cueretail_config_page_cus'] });
    expect(guarded(PRIVACY_PATH)).toMatchObject({ permission: 'cueretail_privacy_manage', requires: ['cueretail_config_page_cus'] });
  });

  it('bars the observer from the custom calendar and privacy but lets it read the flow configuration', () => {
    expect(decideRoleAccess(guarded(CUSTOM_CALENDAR_PATH), RoleId.observer)).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decideRoleAccess(guarded(PRIVACY_PATH), RoleId.observer)).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decideRoleAccess(guarded(FLOW_CONF_PATH), RoleId.observer)).toEqual({ kind: 'proceed' });
    expect(decidePermission(guarded(FLOW_CONF_PATH), defaultPrivileges(RoleId.observer))).toEqual({ kind: 'proceed' });
    expect(decideRoleAccess(guarded(PRIVACY_PATH), RoleId.manager)).toEqual({ kind: 'proceed' });
  });

  it('closes a page whose menu flag is hidden', () => {
    const map = { ...defaultPrivileges(RoleId.manager), cueretail_privacy_manage: 2 } as const;
    expect(decidePermission(guarded(PRIVACY_PATH), map)).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decidePermission(guarded(FLOW_CONF_PATH), map)).toEqual({ kind: 'proceed' });
  });
});
