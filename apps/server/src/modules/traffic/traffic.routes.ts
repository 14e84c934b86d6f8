import {
  activityRequestSchema,
  activityResponseSchema,
  comparisonRequestSchema,
  comparisonResponseSchema,
  dashboardRequestSchema,
  dashboardResponseSchema,
  dataUpdateTimeRequestSchema,
  dataUpdateTimeResponseSchema,
  exportRequestSchema,
  fourQuadrantWithSalesRequestSchema,
  fourQuadrantWithSalesResponseSchema,
  frequencyResponseSchema,
  gateListRequestSchema,
  gateListResponseSchema,
  gateSummaryRequestSchema,
  gateSummaryResponseSchema,
  gateTrendRequestSchema,
  gateTrendResponseSchema,
  newRepeatRequestSchema,
  newRepeatResponseSchema,
  type PermissionKey,
  profileResponseSchema,
  rankingRequestSchema,
  rankingResponseSchema,
  reportIdRequestSchema,
  reportWithSalesDefinitionSchema,
  reportWithSalesSaveRequestSchema,
  reportWithSalesTableSchema,
  revisitResponseSchema,
  savedReportWithSalesSchema,
  stayTimeResponseSchema,
  timeIntervalRequestSchema,
  timeIntervalResponseSchema,
  trendRequestSchema,
  trendResponseSchema,
  visitorRangeRequestSchema,
  weatherListRequestSchema,
  weatherMarkSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { defineDownload } from '../../platform/http/download.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { exportTable } from './export.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['traffic'];
const needs = (...permission: PermissionKey[]): OperationGuard => ({ auth: 'customer', permission });
/** Every traffic screen sits under the traffic tab. */
const traffic = needs('cueretail_traffic_nav');
const gates = needs('cueretail_traffic_nav', 'shopgateanalyze_page');
const profile = needs('cueretail_traffic_nav', 'cusattr_show');
/** Exports are the spec's 'flow data download'. */
const download = needs('cueretail_traffic_nav', 'flowdata_download');

export function registerTrafficRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService; reports: ReportsService }): void {
  const { analytics, reports } = deps;

  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/dashboard',
    summary: "Today's traffic in each shop's own day: totals, hourly curve against the same weekday last week, per-shop table",
    tags,
    guard: traffic,
    body: optionalBody(dashboardRequestSchema),
    response: dashboardResponseSchema,
    handler: ({ body, request }) => analytics.dashboard(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/dataUpdateTime',
    summary: "When the selected shops' data was last updated (the breadcrumb's Data Update Time)",
    tags,
    guard: traffic,
    body: optionalBody(dataUpdateTimeRequestSchema),
    response: dataUpdateTimeResponseSchema,
    handler: ({ body, request }) => analytics.dataUpdateTime(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/trend',
    summary: 'Indicators over a range by hour, day, week (from Monday) or month, with holidays, calendar events and weather marks',
    tags,
    guard: traffic,
    body: trendRequestSchema,
    response: trendResponseSchema,
    handler: ({ body, request }) => analytics.trend(actorOf(request), body, request.locale),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/weather/list',
    summary: "Daily weather of the selected shops' cities (one mark per city and day, with how many of the shops are there)",
    tags,
    guard: traffic,
    body: weatherListRequestSchema,
    response: z.array(weatherMarkSchema),
    handler: ({ body, request }) => analytics.weatherList(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/storeRanking',
    summary: 'Shops ranked by an indicator over a range, with the previous range of equal length',
    tags,
    guard: traffic,
    body: rankingRequestSchema,
    response: rankingResponseSchema,
    handler: ({ body, request }) => analytics.ranking(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/storeComparison',
    summary: 'Two ranges of equal length that do not overlap, compared per shop and day by day',
    tags,
    guard: traffic,
    body: comparisonRequestSchema,
    response: comparisonResponseSchema,
    handler: ({ body, request }) => analytics.comparison(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/fourQuadrant',
    summary: 'Shops placed by two different indicators against their averages',
    tags,
    guard: traffic,
    body: fourQuadrantWithSalesRequestSchema,
    response: fourQuadrantWithSalesResponseSchema,
    handler: ({ body, request }) => analytics.fourQuadrant(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/traffic/timeInterval',
    summary: 'Indicators by hour of day across a range: totals and daily averages',
    tags,
    guard: traffic,
    body: timeIntervalRequestSchema,
    response: timeIntervalResponseSchema,
    handler: ({ body, request }) => analytics.timeInterval(actorOf(request), body),
  });

  // ------------------------------------------------------------ gate (entrance) analysis

  defineOperation(app, {
    method: 'POST',
    url: '/api/gate/shopGateList',
    summary: "A shop's entrances with entries, exits, passers-by, capture rate and share",
    tags,
    guard: gates,
    body: gateListRequestSchema,
    response: gateListResponseSchema,
    handler: ({ body, request }) => analytics.gateList(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/gate/summary',
    summary: 'Entrance totals over the selected shops and the busiest entrance',
    tags,
    guard: gates,
    body: gateSummaryRequestSchema,
    response: gateSummaryResponseSchema,
    handler: ({ body, request }) => analytics.gateSummary(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/gate/trend',
    summary: "A shop's entrances over a range by hour or day",
    tags,
    guard: gates,
    body: gateTrendRequestSchema,
    response: gateTrendResponseSchema,
    handler: ({ body, request }) => analytics.gateTrend(actorOf(request), body),
  });
  defineDownload(app, {
    method: 'POST',
    url: '/api/gate/download',
    summary: "A shop's entrance list as .xlsx",
    tags,
    guard: { auth: 'customer', permission: ['cueretail_traffic_nav', 'shopgateanalyze_page', 'flowdata_download'] },
    body: gateListRequestSchema,
    handler: ({ body, request }) => exportTable(analytics, actorOf(request), { table: 'gateList', query: body }, request.locale),
  });

  // ------------------------------------------------------------ visitors

  defineOperation(app, {
    method: 'POST',
    url: '/api/customerAttribute/profile',
    summary: 'Customer profile: visits by gender and by age band',
    tags,
    guard: profile,
    body: visitorRangeRequestSchema,
    response: profileResponseSchema,
    handler: ({ body, request }) => analytics.profile(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customer/newRepeat',
    summary: 'New and repeat visitors by day, week or month',
    tags,
    guard: traffic,
    body: newRepeatRequestSchema,
    response: newRepeatResponseSchema,
    handler: ({ body, request }) => analytics.newRepeat(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customer/stayTimeDistribution',
    summary: 'Stay-time distribution, visit depth, deep visits and the deep-visit rate',
    tags,
    guard: traffic,
    body: visitorRangeRequestSchema,
    response: stayTimeResponseSchema,
    handler: ({ body, request }) => analytics.stayTime(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customer/periodFrequency',
    summary: 'Visit frequency: visitors by how often they came within the range',
    tags,
    guard: traffic,
    body: visitorRangeRequestSchema,
    response: frequencyResponseSchema,
    handler: ({ body, request }) => analytics.frequency(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customer/revisitInterval',
    summary: "Repeat visits by days since the visitor's previous visit to the same store",
    tags,
    guard: traffic,
    body: visitorRangeRequestSchema,
    response: revisitResponseSchema,
    handler: ({ body, request }) => analytics.revisitInterval(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customer/activity',
    summary: 'Visitor activity: high, moderate, low by weeks since the last visit (bands from the flow configuration)',
    tags,
    guard: traffic,
    body: activityRequestSchema,
    response: activityResponseSchema,
    handler: ({ body, request }) => analytics.activity(actorOf(request), body),
  });

  // ------------------------------------------------------------ custom reports

  defineOperation(app, {
    method: 'POST',
    url: '/api/customReport/query',
    summary: 'Run a report definition: indicators by shop, day, week, month, hour or shop and day',
    tags,
    guard: traffic,
    body: reportWithSalesDefinitionSchema,
    response: reportWithSalesTableSchema,
    handler: ({ body, request }) => reports.run(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customReport/save',
    summary: 'Save a report definition under a name (with reportId: overwrite it)',
    tags,
    guard: traffic,
    body: reportWithSalesSaveRequestSchema,
    response: savedReportWithSalesSchema,
    handler: ({ body, request }) => reports.save(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customReport/list',
    summary: "The caller's saved reports, most recently changed first",
    tags,
    guard: traffic,
    response: z.array(savedReportWithSalesSchema),
    handler: ({ request }) => reports.list(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customReport/get',
    summary: 'One of the caller’s saved reports',
    tags,
    guard: traffic,
    body: reportIdRequestSchema,
    response: savedReportWithSalesSchema,
    handler: ({ body, request }) => reports.get(actorOf(request), body.reportId),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customReport/delete',
    summary: 'Delete one of the caller’s saved reports',
    tags,
    guard: traffic,
    body: reportIdRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => reports.delete(actorOf(request), body.reportId),
  });

  // ------------------------------------------------------------ exports

  defineDownload(app, {
    method: 'POST',
    url: '/api/traffic/export',
    summary: 'Any analytics table as .xlsx: { table, query } with the query of its operation',
    tags,
    guard: download,
    body: exportRequestSchema,
    handler: ({ body, request }) => exportTable(analytics, actorOf(request), body, request.locale),
  });
}
