import type { AnyOperation, OperationInput, OperationOutput } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../shared/lib/operations.ts';

/**
 * An area operation read quietly: a refusal the page expects ('heat map area not found') is shown
 * in place, under the plan, instead of in a modal.
 */
export function useAreaQuery<Op extends AnyOperation>(operation: Op, input: OperationInput<Op>, enabled: boolean) {
  return useQuery<OperationOutput<Op>, Error>({
    queryKey: [operation.name, input],
    queryFn: ({ signal }) => callOperation(operation, input, { signal, silent: true }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
