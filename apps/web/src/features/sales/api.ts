import type {
  BasketSizeResponse,
  CrossStoreResponse,
  crossStoreRequestSchema,
  Page,
  PeriodComparisonResponse,
  PosListRequest,
  PosUploadResponse,
  PosUploadRow,
  periodComparisonRequestSchema,
  posErrorRowsResponseSchema,
  SalesRangeRequest,
  SalesRankingResponse,
  SalesSummaryResponse,
  SalesTemplateResponse,
  SalesTemplateSaveRequest,
  SalesTrendResponse,
  salesExportRequestSchema,
  salesRankingRequestSchema,
  salesTrendRequestSchema,
  TimeOfDayResponse,
  WeekdayResponse,
} from '@storelens/contracts';
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

/** Sales operations (docs/API.md, "Sales"): templates, POS upload, sales and consumption analytics. */

export type PosErrorRows = z.infer<typeof posErrorRowsResponseSchema>;
export type PosListPage = Page<PosUploadRow>;
export type SalesTrendRequest = z.input<typeof salesTrendRequestSchema>;
export type SalesRankingRequest = z.input<typeof salesRankingRequestSchema>;
export type CrossStoreRequest = z.input<typeof crossStoreRequestSchema>;
export type PeriodComparisonRequest = z.input<typeof periodComparisonRequestSchema>;
export type SalesExportRequest = z.input<typeof salesExportRequestSchema>;

// ---------------------------------------------------------------- template

export function fetchSalesTemplate(): Promise<SalesTemplateResponse> {
  return http.post<SalesTemplateResponse>('/salesTemplate/getConfig');
}

export function saveSalesTemplate(request: SalesTemplateSaveRequest): Promise<SalesTemplateResponse> {
  // Silent: the page shows the refusal (a required column, a header used twice) beside the columns.
  return http.post<SalesTemplateResponse>('/salesTemplate/saveConfig', request, { silent: true });
}

export function downloadSalesTemplate(): Promise<Blob> {
  return http.get<Blob>('/salesTemplate/download', undefined, { responseType: 'blob' });
}

// ---------------------------------------------------------------- POS upload

/** Several files in one request (each becomes one upload); the progress is that of the transfer. */
export function uploadPosFiles(files: readonly File[], onProgress: (fraction: number) => void): Promise<PosUploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return http.request<PosUploadResponse>('/pos/upload', { method: 'POST', body: form, silent: true, onUploadProgress: onProgress });
}

/** A corrected file in place of a failed upload. */
export function reuploadPosFile(uploadId: string, file: File): Promise<PosUploadResponse> {
  const form = new FormData();
  form.append('uploadId', uploadId);
  form.append('file', file, file.name);
  return http.request<PosUploadResponse>('/pos/reupload', { method: 'POST', body: form, silent: true });
}

export function fetchPosList(request: Partial<PosListRequest>): Promise<PosListPage> {
  return http.post<PosListPage>('/pos/list', request);
}

export function fetchPosErrorRows(uploadId: string, page: number, pageSize: number): Promise<PosErrorRows> {
  return http.post<PosErrorRows>('/pos/errorRows', { uploadId, page, pageSize });
}

export function downloadPosErrorReport(uploadId: string): Promise<Blob> {
  return http.get<Blob>('/pos/downloadErrorReport', { uploadId }, { responseType: 'blob' });
}

export function auditPosUploads(uploadIds: readonly string[]): Promise<null> {
  return http.post<null>('/pos/audit', { uploadIds });
}

// ---------------------------------------------------------------- analytics

export function fetchSalesSummary(request: SalesRangeRequest): Promise<SalesSummaryResponse> {
  return http.post<SalesSummaryResponse>('/sales/summary', request);
}

export function fetchSalesTrend(request: SalesTrendRequest): Promise<SalesTrendResponse> {
  return http.post<SalesTrendResponse>('/sales/trend', request);
}

export function fetchSalesRanking(request: SalesRankingRequest): Promise<SalesRankingResponse> {
  return http.post<SalesRankingResponse>('/sales/storeRanking', request);
}

export function fetchCrossStore(request: CrossStoreRequest): Promise<CrossStoreResponse> {
  return http.post<CrossStoreResponse>('/sales/crossStore', request);
}

export function fetchTimeOfDay(request: SalesRangeRequest): Promise<TimeOfDayResponse> {
  return http.post<TimeOfDayResponse>('/consumption/timeOfDay', request);
}

export function fetchBasketSize(request: SalesRangeRequest): Promise<BasketSizeResponse> {
  return http.post<BasketSizeResponse>('/consumption/basketSize', request);
}

export function fetchWeekdays(request: SalesRangeRequest): Promise<WeekdayResponse> {
  return http.post<WeekdayResponse>('/consumption/weekday', request);
}

export function fetchPeriodComparison(request: PeriodComparisonRequest): Promise<PeriodComparisonResponse> {
  return http.post<PeriodComparisonResponse>('/consumption/periodComparison', request);
}

/** Any sales or consumption table as .xlsx: `{ table, query }` with the query of the table's own operation. */
export function exportSalesTable(request: SalesExportRequest): Promise<Blob> {
  return http.post<Blob>('/sales/export', request, { responseType: 'blob' });
}
