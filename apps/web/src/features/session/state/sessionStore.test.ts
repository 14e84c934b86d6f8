import type { TreeNode } from '@storelens/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { MENU_COLLAPSED_STORAGE_KEY, readMenuCollapsed, SESSION_STORAGE_KEY, useSessionStore } from './sessionStore.ts';

const shop = (key: string, extra: Partial<TreeNode> = {}): TreeNode => ({ key, name: key, orgType: 1, keywordTxt: key, prmType: 0, sublist: [], ...extra });
const org = (key: string, sublist: TreeNode[]): TreeNode => ({ key, name: key, orgType: 0, keywordTxt: key, prmType: 0, sublist });

function signInWithCustomer() {
  const store = useSessionStore.getState();
  store.signIn({ uid: 'u1', token: 't1', username: 'Ada', cids: [{ cid: 'c1', cname: 'Acme' }] });
  store.applyCustomerSelection({
    rid: 2061,
    roleName: 'Manager',
    wholeCustomer: true,
    cusInfo: { cid: 'c1', cname: 'Acme', countries: ['CN'], defaultTimeZone: 'Asia/Shanghai' },
  });
  store.setPermissionMap({ video_nav: 0 });
  store.setShopTree([org('o_1', [shop('s_1')])]);
  store.setCameraTree([]);
  store.setOrgTree([]);
  store.setShopSelection('/dashboard', ['s_1']);
}

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().logout();
  });

  it('switching customer resets trees, selection and permission map', () => {
    signInWithCustomer();
    useSessionStore.getState().switchCustomer('c2');
    const state = useSessionStore.getState();
    expect(state.cid).toBe('c2');
    expect(state.permissionMap).toBeNull();
    expect([state.shopTree, state.cameraTree, state.orgTree]).toEqual([null, null, null]);
    expect(state.shopSelectionByPath).toEqual({});
    expect(state.rid).toBeNull();
    expect(state.token).toBe('t1');
  });

  it('selecting another customer resets what belonged to the previous one; reselecting the same keeps it', () => {
    signInWithCustomer();
    const selection = {
      rid: 2061,
      roleName: 'Manager',
      wholeCustomer: true,
      cusInfo: { cid: 'c1', cname: 'Acme', countries: [], defaultTimeZone: 'Asia/Shanghai' },
    };
    useSessionStore.getState().applyCustomerSelection(selection);
    expect(useSessionStore.getState().shopTree).not.toBeNull();
    useSessionStore.getState().applyCustomerSelection({ ...selection, cusInfo: { ...selection.cusInfo, cid: 'c2' } });
    expect(useSessionStore.getState().shopTree).toBeNull();
    expect(useSessionStore.getState().permissionMap).toBeNull();
  });

  it('logout clears user, customers, trees and permissions but keeps the language', () => {
    signInWithCustomer();
    useSessionStore.getState().setLocale('jp');
    useSessionStore.getState().logout();
    const state = useSessionStore.getState();
    expect([state.uid, state.token, state.username, state.cid, state.rid, state.cusInfo]).toEqual([null, null, null, null, null, null]);
    expect(state.customers).toEqual([]);
    expect(state.permissionMap).toBeNull();
    expect(state.shopTree).toBeNull();
    expect(state.locale).toBe('jp');
  });

  it('persists only token, uid, username, customer code and language', () => {
    signInWithCustomer();
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(['cid', 'locale', 'token', 'uid', 'username']);
    expect(stored.state).toMatchObject({ cid: 'c1', token: 't1', uid: 'u1', username: 'Ada' });
  });

  it('applies the default shop selection (the first selectable shop) only where none is set', () => {
    signInWithCustomer();
    useSessionStore.getState().setShopTree([org('o_1', [shop('s_no', { prmType: -1 }), shop('s_closed', { isClosed: true }), shop('s_2')])]);
    useSessionStore.getState().applyDefaultShopSelection('/trend');
    useSessionStore.getState().applyDefaultShopSelection('/dashboard');
    expect(useSessionStore.getState().shopSelectionByPath).toEqual({ '/dashboard': ['s_1'], '/trend': ['s_2'] });
  });

  it('records paths, most recent last, without duplicates', () => {
    const store = useSessionStore.getState();
    store.recordPath('/a');
    store.recordPath('/b');
    store.recordPath('/a');
    expect(useSessionStore.getState().recordedPaths).toEqual(['/b', '/a']);
  });

  it('remembers the side menu collapse in this browser, across a reload and a sign-out', () => {
    expect(readMenuCollapsed()).toBe(false);
    useSessionStore.getState().setMenuCollapsed(true);
    expect(localStorage.getItem(MENU_COLLAPSED_STORAGE_KEY)).toBe('true');
    // A reload starts the store from storage; signing out keeps the preference.
    useSessionStore.getState().logout();
    expect(readMenuCollapsed()).toBe(true);
    expect(useSessionStore.getState().menuCollapsed).toBe(true);
    useSessionStore.getState().setMenuCollapsed(false);
    expect(readMenuCollapsed()).toBe(false);
  });

  it('starts with the menu open when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readMenuCollapsed(blocked)).toBe(false);
  });
});
