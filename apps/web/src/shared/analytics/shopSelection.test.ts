import type { TreeNode } from '@storelens/contracts';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import {
  readRememberedSelection,
  reconcileSelection,
  selectableShops,
  selectionStorageKey,
  withoutClosedShops,
  writeRememberedSelection,
} from './shopSelection.ts';
import { treeNode as node, shopNode as shop } from './testTree.ts';
import { useShopSelection } from './useShopSelection.ts';

const TREE: TreeNode[] = [
  node({
    key: 'o_root',
    name: 'Chain',
    orgType: 0,
    prmType: -1,
    sublist: [
      node({ key: 'o_east', name: 'East', orgType: 0, sublist: [shop('a'), shop('b', { isClosed: true })] }),
      node({ key: 'o_west', name: 'West', orgType: 0, sublist: [shop('c', { isClosed: true })] }),
      node({ key: 'o_empty', name: 'New region', orgType: 0 }),
      shop('d', { prmType: -1 }),
    ],
  }),
];

describe('shop selection rules', () => {
  it('lists selectable shops, optionally without closed ones', () => {
    expect(selectableShops(TREE).map((entry) => entry.shopId)).toEqual(['a', 'b', 'c']);
    expect(selectableShops(TREE, true).map((entry) => entry.shopId)).toEqual(['a']);
  });

  it('hides closed shops and the organisations left empty by that, not empty ones', () => {
    const [root] = withoutClosedShops(TREE);
    expect(root?.sublist.map((child) => child.key)).toEqual(['o_east', 'o_empty', 's_d']);
    expect(root?.sublist[0]?.sublist.map((child) => child.key)).toEqual(['s_a']);
  });

  it('keeps only shops the tree still offers', () => {
    expect(reconcileSelection(['a', 'gone', 'd', 'b', 'a'], TREE, 'multiple', false)).toEqual(['a', 'b']);
    expect(reconcileSelection(['a', 'b'], TREE, 'multiple', true)).toEqual(['a']);
    expect(reconcileSelection([], TREE, 'multiple', false)).toEqual([]);
  });

  it('a single selection keeps one shop and never stays empty', () => {
    expect(reconcileSelection(['b', 'a'], TREE, 'single', false)).toEqual(['b']);
    expect(reconcileSelection(['b'], TREE, 'single', true)).toEqual(['a']);
    expect(reconcileSelection([], TREE, 'single', false)).toEqual(['a']);
  });
});

describe('selection memory', () => {
  it('is keyed by user, customer and path', () => {
    expect(selectionStorageKey('u1', 'c1', '/trend')).not.toBe(selectionStorageKey('u2', 'c1', '/trend'));
    expect(selectionStorageKey('u1', 'c1', '/trend')).not.toBe(selectionStorageKey('u1', 'c2', '/trend'));
    expect(selectionStorageKey('u1', 'c1', '/trend')).not.toBe(selectionStorageKey('u1', 'c1', '/dashboard'));
  });

  it('reads back what it wrote and ignores anything else', () => {
    const key = selectionStorageKey('u1', 'c1', '/trend');
    writeRememberedSelection(localStorage, key, { shopIds: ['a', 'b'], hideClosed: true });
    expect(readRememberedSelection(localStorage, key)).toEqual({ shopIds: ['a', 'b'], hideClosed: true });
    localStorage.setItem(key, '{not json');
    expect(readRememberedSelection(localStorage, key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ shopIds: [1, 2] }));
    expect(readRememberedSelection(localStorage, key)).toBeNull();
    expect(readRememberedSelection(localStorage, 'nothing here')).toBeNull();
  });
});

describe('useShopSelection', () => {
  const wrapperAt =
    (path: string) =>
    ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: [path] }, children);

  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ uid: 'u1', cid: 'c1', shopTree: TREE, shopSelectionByPath: { '/trend': ['s_b'] } });
  });
  afterEach(() => useSessionStore.getState().logout());

  it('starts from the session’s default selection for the path', () => {
    const { result } = renderHook(() => useShopSelection('multiple'), { wrapper: wrapperAt('/trend') });
    expect(result.current.shopIds).toEqual(['b']);
    expect(result.current.shopNames).toEqual(['Shop b']);
    expect(result.current.ready).toBe(true);
  });

  it('remembers a choice per path across mounts, and hiding closed shops drops them', () => {
    const first = renderHook(() => useShopSelection('multiple'), { wrapper: wrapperAt('/trend') });
    act(() => first.result.current.setShopIds(['a', 'c']));
    expect(first.result.current.shopIds).toEqual(['a', 'c']);
    first.unmount();

    const again = renderHook(() => useShopSelection('multiple'), { wrapper: wrapperAt('/trend') });
    expect(again.result.current.shopIds).toEqual(['a', 'c']);
    act(() => again.result.current.setHideClosed(true));
    expect(again.result.current.shopIds).toEqual(['a']);
    expect(readRememberedSelection(localStorage, selectionStorageKey('u1', 'c1', '/trend'))).toEqual({ shopIds: ['a'], hideClosed: true });
    // The session's per-path selection follows the choice.
    expect(useSessionStore.getState().shopSelectionByPath['/trend']).toEqual(['s_a']);

    // Another path has its own memory; another customer does not see this one's.
    const other = renderHook(() => useShopSelection('multiple'), { wrapper: wrapperAt('/area/timeIntervalAnalysis') });
    expect(other.result.current.shopIds).toEqual([]);
    expect(other.result.current.ready).toBe(false);
    useSessionStore.setState({ cid: 'c2' });
    const otherCustomer = renderHook(() => useShopSelection('multiple'), { wrapper: wrapperAt('/trend') });
    expect(otherCustomer.result.current.hideClosed).toBe(false);
  });

  it('a single-shop page always has a shop', () => {
    const { result } = renderHook(() => useShopSelection('single'), { wrapper: wrapperAt('/area/entranceAnalysis') });
    expect(result.current.shopIds).toEqual(['a']);
  });
});
