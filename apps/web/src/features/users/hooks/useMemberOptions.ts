import { useQuery } from '@tanstack/react-query';
import { orgIdOf } from '../../../shared/lib/trees.ts';
import { useAdminOrgTree } from '../../org/hooks/useOrgAdminData.ts';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { listUsersByOrg } from '../api.ts';

const MEMBER_PAGE_SIZE = 100;

/**
 * The customer's enabled members as options of a recipients select (alert settings): the first
 * hundred, and any chosen one beyond them by id, so a saved choice never shows blank. A caller
 * who may not list users sees only the chosen ids.
 */
export function useMemberOptions(chosenIds: readonly string[]): { options: { value: string; label: string }[]; loading: boolean } {
  const cid = useSessionStore((state) => state.cid);
  const mayListUsers = useCan('cueretail_user_manage') !== 'hidden';
  const orgTree = useAdminOrgTree();
  const rootOrgId = orgTree.data?.[0] ? orgIdOf(orgTree.data[0]) : null;
  const members = useQuery({
    queryKey: ['users', cid, 'members', rootOrgId],
    queryFn: () => listUsersByOrg({ orgId: rootOrgId ?? '', page: 1, pageSize: MEMBER_PAGE_SIZE, enabled: true }, { silent: true }),
    enabled: rootOrgId !== null && mayListUsers,
  });
  const known = new Set(members.data?.list.map((user) => user.userId) ?? []);
  return {
    options: [
      ...(members.data?.list ?? []).map((user) => ({ value: user.userId, label: `${user.name} (${user.loginName})` })),
      ...chosenIds.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id })),
    ],
    loading: members.isFetching,
  };
}
