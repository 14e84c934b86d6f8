import type {
  BasketSizeResponse,
  CrossStoreResponse,
  CurrencyCode,
  CurrencySettingsResponse,
  crossStoreRequestSchema,
  ExchangeRateRow,
  ExchangeRateSaveRequest,
  MoneyCheckResponse,
  Page,
  PeriodComparisonResponse,
  PosListRequest,
  PosUploadResponse,
  PosUploadRow,
  periodComparisonRequestSchema,
  posErrorRowsResponseSchema,
  SalesRangeRequest,
  SalesRankingResponse,
  SalesSummaryRequest,
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
import { salesOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation, postFormToOperation } from '../../shared/lib/operations.ts';

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
  return callOperation(salesOperations.salesTemplateGetConfig, undefined);
}

export function saveSalesTemplate(request: SalesTemplateSaveRequest): Promise<SalesTemplateResponse> {
  // Silent: the page shows the refusal (a required column, a header used twice) beside the columns.
  return callOperation(salesOperations.salesTemplateSaveConfig, request, { silent: true });
}

export function downloadSalesTemplate(): Promise<Blob> {
  return callOperation(salesOperations.salesTemplateDownload, undefined, { responseType: 'blob' });
}

// ---------------------------------------------------------------- POS upload

/** Several files in one request (each becomes one upload); the progress is that of the transfer. */
export function uploadPosFiles(files: readonly File[], onProgress: (fraction: number) => void): Promise<PosUploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return postFormToOperation(salesOperations.posUpload, form, { silent: true, onUploadProgress: onProgress });
}

/** A corrected file in place of a failed upload. */
export function reuploadPosFile(uploadId: string, file: File): Promise<PosUploadResponse> {
  const form = new FormData();
  form.append('uploadId', uploadId);
  form.append('file', file, file.name);
  return postFormToOperation(salesOperations.posReupload, form, { silent: true });
}

export function fetchPosList(request: Partial<PosListRequest>): Promise<PosListPage> {
  return callOperation(salesOperations.posList, request);
}

export function fetchPosErrorRows(uploadId: string, page: number, pageSize: number): Promise<PosErrorRows> {
  return callOperation(salesOperations.posErrorRows, { uploadId, page, pageSize });
}

export function downloadPosErrorReport(uploadId: string): Promise<Blob> {
  return callOperation(salesOperations.posDownloadErrorReport, { uploadId }, { responseType: 'blob' });
}

export function auditPosUploads(uploadIds: readonly string[]): Promise<null> {
  return callOperation(salesOperations.posAudit, { uploadIds: [...uploadIds] });
}

// ---------------------------------------------------------------- analytics

export function fetchSalesSummary(request: SalesSummaryRequest): Promise<SalesSummaryResponse> {
  return callOperation(salesOperations.summary, request);
}

export function fetchSalesTrend(request: SalesTrendRequest): Promise<SalesTrendResponse> {
  return callOperation(salesOperations.trend, request);
}

export function fetchSalesRanking(request: SalesRankingRequest): Promise<SalesRankingResponse> {
  return callOperation(salesOperations.storeRanking, request);
}

export function fetchCrossStore(request: CrossStoreRequest): Promise<CrossStoreResponse> {
  return callOperation(salesOperations.crossStore, request);
}

export function fetchTimeOfDay(request: SalesRangeRequest): Promise<TimeOfDayResponse> {
  return callOperation(salesOperations.consumptionTimeOfDay, request);
}

export function fetchBasketSize(request: SalesRangeRequest): Promise<BasketSizeResponse> {
  return callOperation(salesOperations.consumptionBasketSize, request);
}

export function fetchWeekdays(request: SalesRangeRequest): Promise<WeekdayResponse> {
  return callOperation(salesOperations.consumptionWeekday, request);
}

export function fetchPeriodComparison(request: PeriodComparisonRequest): Promise<PeriodComparisonResponse> {
  return callOperation(salesOperations.consumptionPeriodComparison, request);
}

/** Any sales or consumption table as .xlsx: `{ table, query }` with the query of the table's own operation. */
export function exportSalesTable(request: SalesExportRequest): Promise<Blob> {
  return callOperation(salesOperations.export, request, { responseType: 'blob' });
}

// ---------------------------------------------------------------- money (issue 11 section 2)

/** The currencies of a selection and why their amounts cannot be added up, if so (asked before the figures). */
export function fetchCurrencyCheck(request: SalesRangeRequest): Promise<MoneyCheckResponse> {
  return callOperation(salesOperations.currencyCheck, request);
}

export function fetchCurrencySettings(): Promise<CurrencySettingsResponse> {
  return callOperation(salesOperations.currencySettings, undefined);
}

export function saveCurrencySettings(reportingCurrency: CurrencyCode): Promise<CurrencySettingsResponse> {
  return callOperation(salesOperations.currencySettingsSave, { reportingCurrency });
}

export function fetchExchangeRates(request: { page: number; pageSize: number; currency?: CurrencyCode }): Promise<Page<ExchangeRateRow>> {
  return callOperation(salesOperations.exchangeRateList, request);
}

export function saveExchangeRate(request: ExchangeRateSaveRequest): Promise<ExchangeRateRow> {
  return callOperation(salesOperations.exchangeRateSave, request);
}

export function deleteExchangeRate(rateId: string): Promise<null> {
  return callOperation(salesOperations.exchangeRateDelete, { rateId });
}
