import { crowdOperations as ops } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

const POLL_MS = 2000;

/** The audiences page's reads; the list is asked again while an audience is generated or assessed. */
export function useAudiences(page: number, pageSize: number, keyword: string) {
  return useOperation(
    ops.crowdList,
    { page, pageSize, ...(keyword ? { keyword } : {}) },
    {
      refetchInterval: (query) =>
        query.state.data?.list.some((row) => row.status === 'generating' || row.evaluation.status === 'assessing') ? POLL_MS : false,
    },
  );
}
export const useAllAudiences = () => useOperation(ops.crowdList, { page: 1, pageSize: 100 });
export const useChannels = () => useOperation(ops.channelList, undefined);
export const usePromotions = (page: number, pageSize: number) => useOperation(ops.promotionList, { page, pageSize });
export const usePromotionDetail = (promotionId: string | null) =>
  useOperation(ops.promotionDetail, { promotionId: promotionId ?? '' }, { enabled: promotionId !== null });

/** After a change: every crowd read again. */
export function useCrowdRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('crowd.') });
}
