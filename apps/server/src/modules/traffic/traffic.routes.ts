import { trafficOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { exportTable } from './export.ts';
import type { ReportsService } from './reports.service.ts';

export function registerTrafficRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService; reports: ReportsService }): void {
  const { analytics, reports } = deps;

  registerOperation(app, trafficOperations.dashboard, ({ body, request }) => analytics.dashboard(actorOf(request), body));
  registerOperation(app, trafficOperations.dataUpdateTime, ({ body, request }) => analytics.dataUpdateTime(actorOf(request), body));
  registerOperation(app, trafficOperations.trend, ({ body, request }) => analytics.trend(actorOf(request), body, request.locale));
  registerOperation(app, trafficOperations.weatherList, ({ body, request }) => analytics.weatherList(actorOf(request), body));
  registerOperation(app, trafficOperations.storeRanking, ({ body, request }) => analytics.ranking(actorOf(request), body));
  registerOperation(app, trafficOperations.storeComparison, ({ body, request }) => analytics.comparison(actorOf(request), body));
  registerOperation(app, trafficOperations.fourQuadrant, ({ body, request }) => analytics.fourQuadrant(actorOf(request), body));
  registerOperation(app, trafficOperations.timeInterval, ({ body, request }) => analytics.timeInterval(actorOf(request), body));

  // ------------------------------------------------------------ gate (entrance) analysis

  registerOperation(app, trafficOperations.gateShopGateList, ({ body, request }) => analytics.gateList(actorOf(request), body));
  registerOperation(app, trafficOperations.gateSummary, ({ body, request }) => analytics.gateSummary(actorOf(request), body));
  registerOperation(app, trafficOperations.gateTrend, ({ body, request }) => analytics.gateTrend(actorOf(request), body));
  registerDownload(app, trafficOperations.gateDownload, ({ body, request }) =>
    exportTable(analytics, actorOf(request), { table: 'gateList', query: body }, request.locale),
  );

  // ------------------------------------------------------------ visitors

  registerOperation(app, trafficOperations.customerAttributeProfile, ({ body, request }) => analytics.profile(actorOf(request), body));
  registerOperation(app, trafficOperations.customerNewRepeat, ({ body, request }) => analytics.newRepeat(actorOf(request), body));
  registerOperation(app, trafficOperations.customerStayTimeDistribution, ({ body, request }) => analytics.stayTime(actorOf(request), body));
  registerOperation(app, trafficOperations.customerPeriodFrequency, ({ body, request }) => analytics.frequency(actorOf(request), body));
  registerOperation(app, trafficOperations.customerRevisitInterval, ({ body, request }) => analytics.revisitInterval(actorOf(request), body));
  registerOperation(app, trafficOperations.customerActivity, ({ body, request }) => analytics.activity(actorOf(request), body));

  // ------------------------------------------------------------ custom reports

  registerOperation(app, trafficOperations.customReportQuery, ({ body, request }) => reports.run(actorOf(request), body));
  registerOperation(app, trafficOperations.customReportSave, ({ body, request }) => reports.save(actorOf(request), body));
  registerOperation(app, trafficOperations.customReportList, ({ request }) => reports.list(actorOf(request)));
  registerOperation(app, trafficOperations.customReportGet, ({ body, request }) => reports.get(actorOf(request), body.reportId));
  registerOperation(app, trafficOperations.customReportDelete, ({ body, request }) => reports.delete(actorOf(request), body.reportId));

  // ------------------------------------------------------------ exports

  registerDownload(app, trafficOperations.export, ({ body, request }) => exportTable(analytics, actorOf(request), body, request.locale));
}
