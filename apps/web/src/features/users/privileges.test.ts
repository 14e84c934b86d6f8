import { ALL_PERMISSION_KEYS, Perm } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import english from '../../locales/en/users.json';
import { completePrivileges, countByValue, groupValue, PRIVILEGE_GROUPS, setGroup } from './privileges.ts';

describe('role privileges', () => {
  it('groups every permission key exactly once', () => {
    const grouped = PRIVILEGE_GROUPS.flatMap((group) => [...group.keys]);
    expect(grouped.sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
  });

  it('names every key for people (the other languages follow by the key-parity test)', () => {
    expect(Object.keys(english.permissions).sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
  });

  it('completes a map with hidden for the keys it leaves out', () => {
    const complete = completePrivileges({ video_nav: 0 });
    expect(complete.video_nav).toBe(Perm.shown);
    expect(complete.sale_nav).toBe(Perm.hidden);
    expect(Object.keys(complete)).toHaveLength(ALL_PERMISSION_KEYS.length);
  });

  it('sets and reads a whole group', () => {
    const all = setGroup(completePrivileges({}), 'features', Perm.disabled);
    expect(groupValue(all, 'features')).toBe(Perm.disabled);
    expect(groupValue(all, 'navigation')).toBe(Perm.hidden);
    expect(groupValue({ ...all, user_add: 0 }, 'features')).toBeNull();
    expect(countByValue({ ...all, user_add: 0 }, ['user_add', 'user_update'])).toEqual({ 0: 1, 1: 1, 2: 0 });
  });
});
