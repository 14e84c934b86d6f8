import type { exportRequestSchema, gateListRequestSchema } from '@storelens/contracts';
import { trafficOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';

/**
 * Excel downloads of the analytics tables. The server authenticates downloads by the bearer
 * header like every operation, so they are fetched as blobs (never a form post with the session).
 */

export type ExportRequest = z.input<typeof exportRequestSchema>;
export type GateListRequest = z.input<typeof gateListRequestSchema>;

/** Any analytics table as .xlsx: `{ table, query }` with the query of the table's own operation. */
export function exportAnalyticsTable(request: ExportRequest): Promise<Blob> {
  return callOperation(trafficOperations.export, request, { responseType: 'blob' });
}

/** A shop's entrance list as .xlsx (gate analysis). */
export function downloadGateList(request: GateListRequest): Promise<Blob> {
  return callOperation(trafficOperations.gateDownload, request, { responseType: 'blob' });
}
