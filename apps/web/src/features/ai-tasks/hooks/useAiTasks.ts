import { type OperationInput, aiTaskOperations as ops } from '@storelens/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

/** The AI task reads of the pages: pages never see an operation themselves. */

export const useAiItems = () => useOperation(ops.items, {});
export const useAiItemClasses = () => useOperation(ops.itemClasses, {});
export const useAiTasks = (request: OperationInput<typeof ops.page>) => useOperation(ops.page, request, { placeholderData: keepPreviousData });
export const useAiTask = (taskId: string) => useOperation(ops.info, { taskId }, { enabled: taskId !== '' });

/** After a change: every AI task read asks again. */
export function useAiTasksRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('aiTasks.') });
}
