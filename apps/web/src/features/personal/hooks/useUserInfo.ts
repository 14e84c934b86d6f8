import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchUserInfo } from '../api.ts';

/** Keyed by customer too: the role (and its name) belongs to the user within a customer. */
export function userInfoQueryKey(uid: string | null, cid: string | null) {
  return ['personal', 'userInfo', uid, cid] as const;
}

export function useUserInfo() {
  const uid = useSessionStore((state) => state.uid);
  const cid = useSessionStore((state) => state.cid);
  return useQuery({ queryKey: userInfoQueryKey(uid, cid), queryFn: fetchUserInfo, enabled: uid !== null && cid !== null });
}
