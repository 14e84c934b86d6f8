import { type OperationInput, inspectionOperations as ops, orgAdminOperations } from '@storelens/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

/** The SOP and plan reads of the inspection pages: pages never see an operation themselves. */

export const useCategories = (keyword?: string) => useOperation(ops.siClassList, { ...(keyword ? { keyword } : {}) }, { placeholderData: keepPreviousData });
export const useItemGroups = (includeFiled: boolean, keyword?: string) =>
  useOperation(ops.getSiItems, { includeFiled, ...(keyword ? { keyword } : {}) }, { placeholderData: keepPreviousData });
export const useItems = (request: OperationInput<typeof ops.siItemList>) => useOperation(ops.siItemList, request, { placeholderData: keepPreviousData });
export const useItem = (itemId: string) => useOperation(ops.siItemDetail, { itemId }, { enabled: itemId !== '' });

export const usePlans = (request: OperationInput<typeof ops.planList>) => useOperation(ops.planList, request, { placeholderData: keepPreviousData });
export const usePlan = (planId: string) => useOperation(ops.planDetail, { planId }, { enabled: planId !== '' });
export const usePlanLog = (planId: string) => useOperation(ops.planUpdateLog, { planId }, { enabled: planId !== '' });
export const useBatches = (planId: string, enabled = true) => useOperation(ops.batchStatusList, { planId }, { enabled: enabled && planId !== '' });
export const useShopProgress = (planId: string, batchId?: string) =>
  useOperation(ops.shopProgress, { planId, ...(batchId ? { batchId } : {}) }, { enabled: planId !== '' });
export const useAssignments = (request: OperationInput<typeof ops.assignmentList>) =>
  useOperation(ops.assignmentList, request, { enabled: request.planId !== '', placeholderData: keepPreviousData });
export const useInspectors = (shopIds: string[], shopGroupIds: string[]) =>
  useOperation(ops.inspectors, { shopIds, shopGroupIds }, { enabled: shopIds.length + shopGroupIds.length > 0, placeholderData: keepPreviousData });
export const useShopGroups = () => useOperation(orgAdminOperations.shopGroupList, {});

/** After a change: every inspection read asks again. */
export function useInspectionRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('inspection.') });
}

export const useTodoList = (request: OperationInput<typeof ops.todoList>) => useOperation(ops.todoList, request, { placeholderData: keepPreviousData });
export const useTodoDetail = (assignmentId: string) => useOperation(ops.todoDetail, { assignmentId }, { enabled: assignmentId !== '' });
