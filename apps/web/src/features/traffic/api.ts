import type {
  activityRequestSchema,
  activityResponseSchema,
  CustomReportTable,
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
import { trafficOperations } from '@storelens/contracts';
import type { z } from 'zod';
import type { GateListRequest } from '../../shared/analytics/exports.ts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Traffic analytics operations (docs/API.md, "Traffic analytics"). */

export type TrendRequest = z.input<typeof trendRequestSchema>;
export type TimeIntervalRequest = z.input<typeof timeIntervalRequestSchema>;
export type GateSummaryRequest = z.input<typeof gateSummaryRequestSchema>;
export type GateSummary = z.infer<typeof gateSummaryResponseSchema>;
export type GateTrendRequest = z.input<typeof gateTrendRequestSchema>;
export type GateTrend = z.infer<typeof gateTrendResponseSchema>;
export type { DashboardResponse, GateListResponse, TimeIntervalResponse, TrendResponse };

export function fetchDashboard(shopIds: readonly string[]): Promise<DashboardResponse> {
  return callOperation(trafficOperations.dashboard, { shopIds: [...shopIds] });
}

export function fetchTrend(request: TrendRequest): Promise<TrendResponse> {
  return callOperation(trafficOperations.trend, request);
}

export function fetchTimeInterval(request: TimeIntervalRequest): Promise<TimeIntervalResponse> {
  return callOperation(trafficOperations.timeInterval, request);
}

export function fetchGateList(request: GateListRequest): Promise<GateListResponse> {
  return callOperation(trafficOperations.gateShopGateList, request);
}

export function fetchGateSummary(request: GateSummaryRequest): Promise<GateSummary> {
  return callOperation(trafficOperations.gateSummary, request);
}

export function fetchGateTrend(request: GateTrendRequest): Promise<GateTrend> {
  return callOperation(trafficOperations.gateTrend, request);
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
export type ReportTable = CustomReportTable;
export type SavedReport = SavedReportWithSales;
export type { ProfileResponse, StayTimeResponse };

export function fetchProfile(request: VisitorRangeRequest): Promise<ProfileResponse> {
  return callOperation(trafficOperations.customerAttributeProfile, request);
}

export function fetchNewRepeat(request: NewRepeatRequest): Promise<NewRepeatResponse> {
  return callOperation(trafficOperations.customerNewRepeat, request);
}

export function fetchStayTime(request: VisitorRangeRequest): Promise<StayTimeResponse> {
  return callOperation(trafficOperations.customerStayTimeDistribution, request);
}

export function fetchFrequency(request: VisitorRangeRequest): Promise<FrequencyResponse> {
  return callOperation(trafficOperations.customerPeriodFrequency, request);
}

export function fetchRevisitInterval(request: VisitorRangeRequest): Promise<RevisitResponse> {
  return callOperation(trafficOperations.customerRevisitInterval, request);
}

export function fetchActivity(request: ActivityRequest): Promise<ActivityResponse> {
  return callOperation(trafficOperations.customerActivity, request);
}

export function runCustomReport(definition: ReportRequest): Promise<ReportTable> {
  return callOperation(trafficOperations.customReportQuery, definition);
}

/** Saves a report under a name; with `reportId` it overwrites (or renames) that report. A name already taken is refused (422). */
export function saveCustomReport(request: ReportSaveRequest): Promise<SavedReport> {
  return callOperation(trafficOperations.customReportSave, request);
}

export function listCustomReports(): Promise<SavedReport[]> {
  return callOperation(trafficOperations.customReportList, undefined);
}

export function getCustomReport(reportId: string): Promise<SavedReport> {
  return callOperation(trafficOperations.customReportGet, { reportId });
}

export function deleteCustomReport(reportId: string): Promise<null> {
  return callOperation(trafficOperations.customReportDelete, { reportId });
}
