import type { AnyOperation, OperationInput, OperationOutput } from '@storelens/contracts';
import { type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { callOperation } from '../lib/operations.ts';

/**
 * Reads a declared operation with TanStack Query: the cache key is the operation's name and its
 * input, so two components asking the same question share one request.
 */
export function useOperation<Op extends AnyOperation>(
  operation: Op,
  input: OperationInput<Op>,
  options: Omit<UseQueryOptions<OperationOutput<Op>>, 'queryKey' | 'queryFn'> = {},
): UseQueryResult<OperationOutput<Op>> {
  return useQuery<OperationOutput<Op>>({
    queryKey: [operation.name, input],
    queryFn: ({ signal }) => callOperation(operation, input, { signal }),
    ...options,
  });
}
