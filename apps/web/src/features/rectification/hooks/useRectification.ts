import { type OperationInput, rectificationOperations as ops } from '@storelens/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

/** The rectification reads of the pages: pages never see an operation themselves. */

export type ListRequest = OperationInput<typeof ops.listAll>;
export type RectificationListKind = 'mine' | 'created' | 'all';

const LIST_OPERATIONS = { mine: ops.userTodoList, created: ops.listByCreator, all: ops.listAll } as const;

export const useRectificationList = (kind: RectificationListKind, request: ListRequest) =>
  useOperation(LIST_OPERATIONS[kind], request, { placeholderData: keepPreviousData });
export const useRectification = (rectificationId: string) => useOperation(ops.detail, { rectificationId }, { enabled: rectificationId !== '' });
export const useRectificationHistory = (rectificationId: string) => useOperation(ops.record, { rectificationId }, { enabled: rectificationId !== '' });
export const useHandlerCandidates = (shopId: string | undefined) => useOperation(ops.handlers, { shopId: shopId ?? '' }, { enabled: Boolean(shopId) });

/** After a change: every rectification read asks again (and the bell's counts with the next notice poll). */
export function useRectificationRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('rectification.') });
}
