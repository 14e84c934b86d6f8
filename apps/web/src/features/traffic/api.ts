import type {
  activityRequestSchema,
  activityResponseSchema,
  DashboardResponse,
  frequencyResponseSchema,
  GateListResponse,
  gateSummaryRequestSchema,
  gateSummaryResponseSchema,
  gateTrendRequestSchema,
  gateTrendResponseSchema,
  newRepeatRequestSchema,
  newRepeatResponseSchema,
  ProfileResponse,
  ReportWithSalesDefinition,
  ReportWithSalesTable,
  reportWithSalesDefinitionSchema,
  reportWithSalesSaveRequestSchema,
  revisitResponseSchema,
  SavedReportWithSales,
  StayTimeResponse,
  TimeIntervalResponse,
  TrendResponse,
  timeIntervalRequestSchema,
  trendRequestSchema,
  visitorRangeRequestSchema,
} from '@storelens/contracts';
import type { z } from 'zod';
import type { GateListRequest } from '../../shared/analytics/exports.ts';
import { http } from '../../shared/lib/http.ts';

/** Traffic analytics operations (docs/API.md, "Traffic analytics"). */

export type TrendRequest = z.input<typeof trendRequestSchema>;
export type TimeIntervalRequest = z.input<typeof timeIntervalRequestSchema>;
export type GateSummaryRequest = z.input<typeof gateSummaryRequestSchema>;
export type GateSummary = z.infer<typeof gateSummaryResponseSchema>;
export type GateTrendRequest = z.input<typeof gateTrendRequestSchema>;
export type GateTrend = z.infer<typeof gateTrendResponseSchema>;
export type { DashboardResponse, GateListResponse, TimeIntervalResponse, TrendResponse };

export function fetchDashboard(shopIds: readonly string[]): Promise<DashboardResponse> {
  return http.post<DashboardResponse>('/traffic/dashboard', { shopIds });
}

export function fetchTrend(request: TrendRequest): Promise<TrendResponse> {
  return http.post<TrendResponse>('/traffic/trend', request);
}

export function fetchTimeInterval(request: TimeIntervalRequest): Promise<TimeIntervalResponse> {
  return http.post<TimeIntervalResponse>('/traffic/timeInterval', request);
}

export function fetchGateList(request: GateListRequest): Promise<GateListResponse> {
  return http.post<GateListResponse>('/gate/shopGateList', request);
}

export function fetchGateSummary(request: GateSummaryRequest): Promise<GateSummary> {
  return http.post<GateSummary>('/gate/summary', request);
}

export function fetchGateTrend(request: GateTrendRequest): Promise<GateTrend> {
  return http.post<GateTrend>('/gate/trend', request);
}

// ------------------------------------------------------------ visitors and custom reports (/customTool/*)

export type VisitorRangeRequest = z.input<typeof visitorRangeRequestSchema>;
export type NewRepeatRequest = z.input<typeof newRepeatRequestSchema>;
export type NewRepeatResponse = z.infer<typeof newRepeatResponseSchema>;
export type FrequencyResponse = z.infer<typeof frequencyResponseSchema>;
export type RevisitResponse = z.infer<typeof revisitResponseSchema>;
export type ActivityRequest = z.input<typeof activityRequestSchema>;
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
// Custom reports mix traffic and sales indicators (the server runs both; the page offers sales to who may see them).
export type ReportRequest = z.input<typeof reportWithSalesDefinitionSchema>;
export type ReportSaveRequest = z.input<typeof reportWithSalesSaveRequestSchema>;
export type ReportDefinition = ReportWithSalesDefinition;
export type ReportTable = ReportWithSalesTable;
export type SavedReport = SavedReportWithSales;
export type { ProfileResponse, StayTimeResponse };

export function fetchProfile(request: VisitorRangeRequest): Promise<ProfileResponse> {
  return http.post<ProfileResponse>('/customerAttribute/profile', request);
}

export function fetchNewRepeat(request: NewRepeatRequest): Promise<NewRepeatResponse> {
  return http.post<NewRepeatResponse>('/customer/newRepeat', request);
}

export function fetchStayTime(request: VisitorRangeRequest): Promise<StayTimeResponse> {
  return http.post<StayTimeResponse>('/customer/stayTimeDistribution', request);
}

export function fetchFrequency(request: VisitorRangeRequest): Promise<FrequencyResponse> {
  return http.post<FrequencyResponse>('/customer/periodFrequency', request);
}

export function fetchRevisitInterval(request: VisitorRangeRequest): Promise<RevisitResponse> {
  return http.post<RevisitResponse>('/customer/revisitInterval', request);
}

export function fetchActivity(request: ActivityRequest): Promise<ActivityResponse> {
  return http.post<ActivityResponse>('/customer/activity', request);
}

export function runCustomReport(definition: ReportRequest): Promise<ReportTable> {
  return http.post<ReportTable>('/customReport/query', definition);
}

/** Saves a report under a name; with `reportId` it overwrites (or renames) that report. A name already taken is refused (422). */
export function saveCustomReport(request: ReportSaveRequest): Promise<SavedReport> {
  return http.post<SavedReport>('/customReport/save', request);
}

export function listCustomReports(): Promise<SavedReport[]> {
  return http.post<SavedReport[]>('/customReport/list', {});
}

export function getCustomReport(reportId: string): Promise<SavedReport> {
  return http.post<SavedReport>('/customReport/get', { reportId });
}

export function deleteCustomReport(reportId: string): Promise<null> {
  return http.post<null>('/customReport/delete', { reportId });
}
