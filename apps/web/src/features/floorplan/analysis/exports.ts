import { type AreaExportRequest, areaAnalysisOperations as ops } from '@storelens/contracts';
import { callOperation } from '../../../shared/lib/operations.ts';

/** Any area-analysis table as .xlsx, from the same query the page shows. */
export function exportAreaTable(request: AreaExportRequest): Promise<Blob> {
  return callOperation(ops.export, request, { responseType: 'blob' });
}
