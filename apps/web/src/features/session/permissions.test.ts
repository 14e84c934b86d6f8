import { describe, expect, it } from 'vitest';
import { resolvePermission } from './permissions.ts';

describe('permission rules', () => {
  it('the usual rule shows 0, disables 1 and hides 2', () => {
    expect(resolvePermission({ video_nav: 0 }, 'video_nav')).toBe('shown');
    expect(resolvePermission({ video_nav: 1 }, 'video_nav')).toBe('disabled');
    expect(resolvePermission({ video_nav: 2 }, 'video_nav')).toBe('hidden');
  });

  it('the strict rule hides anything but 0', () => {
    expect(resolvePermission({ cueretail_org_manage: 0 }, 'cueretail_org_manage', 'strict')).toBe('shown');
    expect(resolvePermission({ cueretail_org_manage: 1 }, 'cueretail_org_manage', 'strict')).toBe('hidden');
    expect(resolvePermission({ cueretail_org_manage: 2 }, 'cueretail_org_manage', 'strict')).toBe('hidden');
  });

  it('a missing map or key hides, whatever the rule', () => {
    expect(resolvePermission(null, 'sale_nav')).toBe('hidden');
    expect(resolvePermission({}, 'sale_nav')).toBe('hidden');
    expect(resolvePermission(undefined, 'sale_nav', 'strict')).toBe('hidden');
  });
});
