import type { CityNode, TreeNode } from '@storelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orgIdOf } from '../../../shared/lib/trees.ts';
import { fetchCityTree, fetchOrgTree, fetchShopTree } from '../../session/api.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchShopLabels, fetchShopPickerList } from '../api.ts';

export const orgAdminKeys = {
  all: (cid: string | null) => ['org', cid] as const,
  orgTree: (cid: string | null) => ['org', cid, 'orgTree'] as const,
  shops: (cid: string | null) => ['org', cid, 'shops'] as const,
  shopLogs: (cid: string | null, shopId: string) => ['org', cid, 'shopLogs', shopId] as const,
  labels: (cid: string | null) => ['org', cid, 'labels'] as const,
  groups: (cid: string | null) => ['org', cid, 'groups'] as const,
  picker: (cid: string | null) => ['org', cid, 'picker'] as const,
  cityTree: ['org', 'cityTree'] as const,
};

/** The organisation tree as administration sees it (fresh from the server, not the page preload). */
export function useAdminOrgTree() {
  const cid = useSessionStore((state) => state.cid);
  return useQuery({ queryKey: orgAdminKeys.orgTree(cid), queryFn: fetchOrgTree, enabled: cid !== null });
}

export function useCityTree() {
  return useQuery<CityNode[]>({ queryKey: orgAdminKeys.cityTree, queryFn: fetchCityTree, staleTime: Number.POSITIVE_INFINITY });
}

export function useShopLabels() {
  const cid = useSessionStore((state) => state.cid);
  return useQuery({ queryKey: orgAdminKeys.labels(cid), queryFn: fetchShopLabels, enabled: cid !== null });
}

export function useShopPickerList() {
  const cid = useSessionStore((state) => state.cid);
  return useQuery({ queryKey: orgAdminKeys.picker(cid), queryFn: fetchShopPickerList, enabled: cid !== null });
}

/**
 * After organisations or shops change: administration lists reload, and so do the trees the
 * session keeps for the other pages (they would otherwise show the old organisation until a reload).
 */
export function useRefreshOrgData() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { cid, orgTree, shopTree } = useSessionStore.getState();
    await queryClient.invalidateQueries({ queryKey: orgAdminKeys.all(cid) });
    const [orgs, shops] = await Promise.all([orgTree ? fetchOrgTree() : null, shopTree ? fetchShopTree('all') : null]);
    if (orgs) useSessionStore.getState().setOrgTree(orgs);
    if (shops) useSessionStore.getState().setShopTree(shops);
  }, [queryClient]);
}

export interface OrgOption {
  value: string;
  title: string;
  disabled: boolean;
  children?: OrgOption[];
}

/** TreeSelect data of organisations, valued by organisation id; nodes outside the user's scope are not selectable. */
export function orgOptionsOf(nodes: readonly TreeNode[]): OrgOption[] {
  return nodes
    .filter((node) => node.orgType === 0)
    .map((node) => {
      const children = orgOptionsOf(node.sublist);
      const orgId = orgIdOf(node);
      return {
        value: orgId ?? node.key,
        title: node.name,
        disabled: node.prmType < 0 || orgId === null,
        ...(children.length ? { children } : {}),
      };
    });
}
