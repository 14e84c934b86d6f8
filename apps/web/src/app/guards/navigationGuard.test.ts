import { type PermissionMap, RoleId } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { appRegistry } from '../routes.ts';
import { TAB_SECTIONS, type TabSection } from '../sections.ts';
import {
  decideAuthentication,
  decidePermission,
  decideRoleAccess,
  type GuardDependencies,
  type GuardedRoute,
  type GuardFailure,
  type GuardSession,
  resolveIndexTarget,
  routePermissionKeys,
  runNavigationGuard,
  sectionEntry,
} from './navigationGuard.ts';

const shellPage: GuardedRoute = { path: '/personalCenter/personalInfo', access: 'customer' };
const signedInWithCustomer: GuardSession = { signedIn: true, customerCode: 'c1', rid: RoleId.manager };

const section = (id: TabSection['id']): TabSection => {
  const found = TAB_SECTIONS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('decideAuthentication', () => {
  it('lets anyone open a public page', () => {
    expect(decideAuthentication({ path: '/login', access: 'public' }, { signedIn: false, customerCode: null, rid: null })).toEqual({ kind: 'proceed' });
  });

  it('sends a visitor without a signed-in user to /login', () => {
    expect(decideAuthentication(shellPage, { signedIn: false, customerCode: 'c1', rid: null })).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it.each([null, '', '-1'])('sends a signed-in user whose customer code is %j to the customer picker, not to sign in again', (customerCode) => {
    expect(decideAuthentication(shellPage, { signedIn: true, customerCode, rid: null })).toMatchObject({
      kind: 'redirect',
      to: '/selectCustomer',
      reason: 'noCustomer',
    });
  });

  it('lets a signed-in user without a customer open a user-level page (the customer picker)', () => {
    expect(decideAuthentication({ path: '/selectCustomer', access: 'user' }, { signedIn: true, customerCode: null, rid: null })).toEqual({ kind: 'proceed' });
    expect(decideAuthentication({ path: '/selectCustomer', access: 'user' }, { signedIn: false, customerCode: null, rid: null })).toMatchObject({
      to: '/login',
    });
  });

  it('lets a signed-in user with a customer through', () => {
    expect(decideAuthentication(shellPage, signedInWithCustomer)).toEqual({ kind: 'proceed' });
  });
});

describe('decideRoleAccess', () => {
  const allowList: GuardedRoute = { path: '/settings/getStorePlan/setMask', access: 'customer', allowRoles: [RoleId.superManager] };
  const barList: GuardedRoute = { path: '/settings/cameraMng', access: 'customer', barRoles: [RoleId.observer] };

  it('ignores roles on a route without lists, even for rid 0', () => {
    expect(decideRoleAccess(shellPage, 0)).toEqual({ kind: 'proceed' });
  });

  it('sends rid 0 to /403 on any route with an allowed or barred list', () => {
    expect(decideRoleAccess(allowList, 0)).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decideRoleAccess(barList, 0)).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decideRoleAccess({ ...allowList, allowRoles: [0, RoleId.superManager] }, 0)).toMatchObject({ to: '/403' });
  });

  it('an allowed list admits only the listed roles', () => {
    expect(decideRoleAccess(allowList, RoleId.superManager)).toEqual({ kind: 'proceed' });
    expect(decideRoleAccess(allowList, RoleId.manager)).toMatchObject({ kind: 'redirect', to: '/403', reason: 'forbidden' });
  });

  it('a barred list excludes the listed roles', () => {
    expect(decideRoleAccess(barList, RoleId.observer)).toMatchObject({ kind: 'redirect', to: '/403' });
    expect(decideRoleAccess(barList, RoleId.manager)).toEqual({ kind: 'proceed' });
  });

  it('an empty barred list still counts as a list for rid 0', () => {
    expect(decideRoleAccess({ ...shellPage, barRoles: [] }, 0)).toMatchObject({ to: '/403' });
    expect(decideRoleAccess({ ...shellPage, barRoles: [] }, RoleId.observer)).toEqual({ kind: 'proceed' });
  });
});

describe('decidePermission', () => {
  const videoPage: GuardedRoute = { path: '/playback', access: 'customer', permission: 'video_nav' };

  it('closes a route whose key is hidden (2) or missing', () => {
    expect(decidePermission(videoPage, { video_nav: 2 })).toMatchObject({ to: '/403' });
    expect(decidePermission(videoPage, {})).toMatchObject({ to: '/403' });
    expect(decidePermission(videoPage, null)).toMatchObject({ to: '/403' });
  });

  it('opens it when the key is shown (0) or disabled (1)', () => {
    expect(decidePermission(videoPage, { video_nav: 0 })).toEqual({ kind: 'proceed' });
    expect(decidePermission(videoPage, { video_nav: 1 })).toEqual({ kind: 'proceed' });
  });

  it('ignores routes without a key', () => {
    expect(decidePermission(shellPage, null)).toEqual({ kind: 'proceed' });
  });

  it('also closes a route when a further required key (its settings group) is hidden', () => {
    const orgPage: GuardedRoute = {
      path: '/settings/settingCommon/orgMng',
      access: 'customer',
      permission: 'cueretail_org_manage',
      requires: ['cueretail_config_page_com'],
    };
    expect(decidePermission(orgPage, { cueretail_org_manage: 0, cueretail_config_page_com: 2 })).toMatchObject({ to: '/403' });
    expect(decidePermission(orgPage, { cueretail_org_manage: 2, cueretail_config_page_com: 0 })).toMatchObject({ to: '/403' });
    expect(decidePermission(orgPage, { cueretail_org_manage: 0, cueretail_config_page_com: 1 })).toEqual({ kind: 'proceed' });
  });
});

describe('resolveIndexTarget', () => {
  const withPages = [section('traffic'), section('video'), section('sale')];

  it('goes to /dashboard unless the traffic key is 2', () => {
    expect(resolveIndexTarget({ cueretail_traffic_nav: 0, video_nav: 0 }, withPages)).toBe('/dashboard');
    expect(resolveIndexTarget({ cueretail_traffic_nav: 1, video_nav: 0 }, withPages)).toBe('/dashboard');
    expect(resolveIndexTarget({ cueretail_traffic_nav: 2, video_nav: 0 }, withPages)).toBe('/playback');
  });

  it('goes to the first permitted section when traffic is hidden', () => {
    expect(resolveIndexTarget({ cueretail_traffic_nav: 2, video_nav: 2, sale_nav: 0 }, withPages)).toBe('/sales');
  });

  it('never goes to a section without pages', () => {
    expect(resolveIndexTarget({ cueretail_traffic_nav: 0, sale_nav: 0 }, [section('sale')])).toBe('/sales');
  });

  it('falls back to the personal center when no section qualifies', () => {
    expect(resolveIndexTarget({ cueretail_traffic_nav: 0 }, [])).toBe('/personalCenter/personalInfo');
    expect(resolveIndexTarget({ cueretail_traffic_nav: 2, video_nav: 2, sale_nav: 2 }, withPages)).toBe('/personalCenter/personalInfo');
    expect(resolveIndexTarget(null, withPages)).toBe('/personalCenter/personalInfo');
  });
});

/** Dependencies that record what the guard did. */
function fakeDependencies(overrides: Partial<GuardDependencies> & { initial?: GuardSession; map?: Partial<PermissionMap> | null } = {}) {
  let session: GuardSession = overrides.initial ?? signedInWithCustomer;
  const calls: string[] = [];
  const deps: GuardDependencies = {
    session: () => session,
    restoreCustomer: async () => {
      calls.push('restoreCustomer');
      session = { ...session, rid: RoleId.manager };
    },
    loadPermissionMap: async () => {
      calls.push('loadPermissionMap');
      return overrides.map === undefined ? { cueretail_traffic_nav: 0 } : overrides.map;
    },
    classifyFailure: (error: unknown): GuardFailure =>
      error instanceof Error && error.message === 'expired' ? 'unauthorised' : error instanceof Error && error.message === 'refused' ? 'refused' : 'other',
    logout: () => {
      calls.push('logout');
      session = { signedIn: false, customerCode: null, rid: null };
    },
    forgetCustomer: () => {
      calls.push('forgetCustomer');
      session = { ...session, customerCode: null, rid: null };
    },
    preload: async (needs) => {
      calls.push(`preload:${needs.join(',')}`);
    },
    sectionsWithPages: () => [],
    ...overrides,
  };
  return { deps, calls };
}

describe('runNavigationGuard', () => {
  it('redirects to /login before fetching anything', async () => {
    const { deps, calls } = fakeDependencies({ initial: { signedIn: false, customerCode: null, rid: null } });
    await expect(runNavigationGuard(shellPage, deps)).resolves.toMatchObject({ to: '/login' });
    expect(calls).toEqual([]);
  });

  it('fetches nothing for public and user-level pages', async () => {
    const { deps, calls } = fakeDependencies({ initial: { signedIn: true, customerCode: null, rid: null } });
    await expect(runNavigationGuard({ path: '/selectCustomer', access: 'user' }, deps)).resolves.toEqual({ kind: 'proceed' });
    await expect(runNavigationGuard({ path: '/login', access: 'public' }, deps)).resolves.toEqual({ kind: 'proceed' });
    expect(calls).toEqual([]);
  });

  it('checks roles, loads the permission map, then runs the preload, in that order', async () => {
    const { deps, calls } = fakeDependencies();
    await expect(runNavigationGuard({ ...shellPage, preload: ['shopTree', 'cameraTree'] }, deps)).resolves.toEqual({ kind: 'proceed' });
    expect(calls).toEqual(['loadPermissionMap', 'preload:shopTree,cameraTree']);
  });

  it('restores the role after a reload (only the customer code survives) before checking role lists', async () => {
    const { deps, calls } = fakeDependencies({ initial: { signedIn: true, customerCode: 'c1', rid: null } });
    const managerOnly: GuardedRoute = { ...shellPage, allowRoles: [RoleId.manager] };
    await expect(runNavigationGuard(managerOnly, deps)).resolves.toEqual({ kind: 'proceed' });
    expect(calls[0]).toBe('restoreCustomer');
  });

  it('a role refusal stops before the permission map is loaded', async () => {
    const { deps, calls } = fakeDependencies({ initial: { signedIn: true, customerCode: 'c1', rid: RoleId.observer } });
    await expect(runNavigationGuard({ ...shellPage, barRoles: [RoleId.observer] }, deps)).resolves.toMatchObject({ to: '/403' });
    expect(calls).toEqual([]);
  });

  it('an unauthorised answer while loading the permission map logs out and proceeds', async () => {
    const { deps, calls } = fakeDependencies({
      loadPermissionMap: async () => {
        throw new Error('expired');
      },
    });
    await expect(runNavigationGuard(shellPage, deps)).resolves.toEqual({ kind: 'proceed' });
    expect(calls).toContain('logout');
  });

  it('any other permission-map failure proceeds without logging out (everything gated stays hidden)', async () => {
    const { deps, calls } = fakeDependencies({
      loadPermissionMap: async () => {
        throw new Error('network');
      },
    });
    await expect(runNavigationGuard({ ...shellPage, permission: 'video_nav' }, deps)).resolves.toMatchObject({ to: '/403' });
    expect(calls).not.toContain('logout');
  });

  it('an expired session while restoring the customer logs out and goes to /login', async () => {
    const { deps, calls } = fakeDependencies({
      initial: { signedIn: true, customerCode: 'c1', rid: null },
      restoreCustomer: async () => {
        throw new Error('expired');
      },
    });
    await expect(runNavigationGuard(shellPage, deps)).resolves.toMatchObject({ to: '/login' });
    expect(calls).toEqual(['logout']);
  });

  it('a customer the server refuses is forgotten and the user picks again', async () => {
    const { deps, calls } = fakeDependencies({
      initial: { signedIn: true, customerCode: 'gone', rid: null },
      restoreCustomer: async () => {
        throw new Error('refused');
      },
    });
    await expect(runNavigationGuard(shellPage, deps)).resolves.toMatchObject({ to: '/selectCustomer', reason: 'noCustomer' });
    expect(calls).toEqual(['forgetCustomer']);
  });

  it('a network failure while restoring neither logs out nor forgets: it surfaces', async () => {
    const { deps, calls } = fakeDependencies({
      initial: { signedIn: true, customerCode: 'c1', rid: null },
      restoreCustomer: async () => {
        throw new Error('offline');
      },
    });
    await expect(runNavigationGuard(shellPage, deps)).rejects.toThrow('offline');
    expect(calls).toEqual([]);
  });

  it('the index route goes to the first permitted section that has pages', async () => {
    const { deps } = fakeDependencies({ map: { cueretail_traffic_nav: 2, video_nav: 0 }, sectionsWithPages: () => [section('traffic'), section('video')] });
    await expect(runNavigationGuard({ path: '/', access: 'customer', index: true }, deps)).resolves.toEqual({
      kind: 'redirect',
      to: '/playback',
      reason: 'index',
    });
  });

  it('the index route falls back to the personal center while no section has pages', async () => {
    const { deps } = fakeDependencies({ map: { cueretail_traffic_nav: 0 } });
    await expect(runNavigationGuard({ path: '/', access: 'customer', index: true }, deps)).resolves.toMatchObject({ to: '/personalCenter/personalInfo' });
  });

  it('a hidden permission key sends the user to /403 without preloading', async () => {
    const { deps, calls } = fakeDependencies({ map: { video_nav: 2 } });
    await expect(runNavigationGuard({ path: '/playback', access: 'customer', permission: 'video_nav', preload: ['cameraTree'] }, deps)).resolves.toMatchObject({
      to: '/403',
    });
    expect(calls).toEqual(['loadPermissionMap']);
  });

  it('a failed preload still lets the page open', async () => {
    const { deps } = fakeDependencies({
      preload: async () => {
        throw new Error('tree failed');
      },
    });
    await expect(runNavigationGuard({ ...shellPage, preload: ['shopTree'] }, deps)).resolves.toEqual({ kind: 'proceed' });
  });
});

describe('sectionEntry: where a tab leads this user', () => {
  const service = section('service');
  const opens = (map: Record<string, number>, path: string) => routePermissionKeys(appRegistry.find(path)?.meta ?? {}).every((key) => (map[key] ?? 2) !== 2);

  it('goes to the tab’s target when the user may open it', () => {
    expect(sectionEntry(service, { extservice_nav: 0, cueretail_ext_temperature: 0, cueretail_ext_hygieniclog: 0 } as const, appRegistry)).toBe('/temperature');
  });

  it('without the temperature key, to the first service page the user may open, not the forbidden page', () => {
    const map = { extservice_nav: 0, cueretail_ext_temperature: 2, cueretail_ext_hygieniclog: 0 } as const;
    const entry = sectionEntry(service, map, appRegistry);
    expect(entry).not.toBe('/temperature');
    expect(appRegistry.find(entry)?.meta.section).toBe('service');
    expect(opens(map, entry)).toBe(true);
    // The index follows the same rule when the service tab is the first one open.
    expect(
      resolveIndexTarget({ ...map, cueretail_traffic_nav: 2, video_nav: 2, sale_nav: 2, shopinspect_show: 2 }, appRegistry.sectionsWithPages(), appRegistry),
    ).toBe(entry);
  });

  it('with the tab but no service key, to the services catalogue every member of the tab may open', () => {
    expect(sectionEntry(service, { extservice_nav: 0 }, appRegistry)).toBe('/extendService');
  });

  it('keeps the target when no page of the section opens (its guard then says why)', () => {
    expect(sectionEntry(section('sale'), { sale_nav: 2 }, appRegistry)).toBe('/sales');
  });
});
