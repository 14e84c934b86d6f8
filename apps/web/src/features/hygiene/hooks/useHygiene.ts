import { type OperationInput, hygieneOperations as ops } from '@storelens/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useOperation } from '../../../shared/hooks/useOperation.ts';

/** The hygiene reads of the pages: pages never see an operation themselves. */

export const useEmployees = (request: OperationInput<typeof ops.employeeList>) =>
  useOperation(ops.employeeList, request, { placeholderData: keepPreviousData });
export const useEmployee = (employeeId: string) => useOperation(ops.employeeDetail, { employeeId }, { enabled: employeeId !== '' });
export const useCertificates = (request: OperationInput<typeof ops.certificateList>) =>
  useOperation(ops.certificateList, request, { placeholderData: keepPreviousData });
export const useRecords = (request: OperationInput<typeof ops.recordList>) => useOperation(ops.recordList, request, { placeholderData: keepPreviousData });
export const useHygieneStats = (request: OperationInput<typeof ops.stats>) => useOperation(ops.stats, request, { placeholderData: keepPreviousData });

/** After a change: every hygiene read asks again. */
export function useHygieneRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('hygiene.') });
}
