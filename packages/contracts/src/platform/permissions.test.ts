import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_KEYS, completePermissionMap, defaultPrivileges, isAllowed, Perm, permState } from './permissions.ts';
import { SYSTEM_ROLE_IDS } from './roles.ts';

describe('permission map rules', () => {
  it('hides on 2, disables on 1, shows on 0; a missing key is hidden', () => {
    expect(permState({ video_nav: 0 }, 'video_nav')).toBe('shown');
    expect(permState({ video_nav: 1 }, 'video_nav')).toBe('disabled');
    expect(permState({ video_nav: 2 }, 'video_nav')).toBe('hidden');
    expect(permState({}, 'video_nav')).toBe('hidden');
  });
  it('the strict rule hides on anything but 0', () => {
    expect(isAllowed({ sale_nav: 0 }, 'sale_nav')).toBe(true);
    expect(isAllowed({ sale_nav: 1 }, 'sale_nav')).toBe(false);
    expect(isAllowed(undefined, 'sale_nav')).toBe(false);
  });
  it('completes a stored privilege list to every key, dropping unknown values', () => {
    const map = completePermissionMap({ video_nav: 1, sale_nav: 7 });
    expect(Object.keys(map)).toHaveLength(ALL_PERMISSION_KEYS.length);
    expect(map.video_nav).toBe(Perm.disabled);
    expect(map.sale_nav).toBe(Perm.hidden);
  });
  it('gives every system role a complete map', () => {
    for (const rid of SYSTEM_ROLE_IDS) expect(Object.keys(defaultPrivileges(rid))).toHaveLength(ALL_PERMISSION_KEYS.length);
  });
  it('lets the observer read but not change, nor manage the account', () => {
    const observer = defaultPrivileges(2062);
    expect(observer.cueretail_traffic_nav).toBe(Perm.shown);
    expect(observer.org_add).toBe(Perm.hidden);
    expect(observer.user_add).toBe(Perm.hidden);
    expect(observer.cueretail_user_manage).toBe(Perm.hidden);
    expect(observer.cueretail_org_manage).toBe(Perm.hidden);
    const superManager = defaultPrivileges(2060);
    expect(Object.values(superManager).every((value) => value === Perm.shown)).toBe(true);
  });
});
