import { type OperationInput, batchOperations as ops, type RealtimeResponse } from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Visitor batches (docs/API.md, "Visitor batches"). */
export type BatchListInput = OperationInput<typeof ops.batchList>;
export const exportBatches = (input: BatchListInput) => callOperation(ops.batchExport, input) as Promise<Blob>;
export const fetchNewBatches = (shopIds: string[], after: string | undefined, signal?: AbortSignal): Promise<RealtimeResponse> =>
  callOperation(
    ops.batchEventList,
    { ...(shopIds.length > 0 ? { shopIds } : {}), ...(after ? { after } : {}) },
    { silent: true, ...(signal ? { signal } : {}) },
  );
export const fetchScreenshot = (batchId: string, index: number) => callOperation(ops.batchScreenshot, { batchId, index }) as Promise<Blob>;
