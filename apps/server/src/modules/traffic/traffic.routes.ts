import { trafficOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import { exportTable } from './export.ts';
import type { TrafficServices } from './traffic.module.ts';

/** Each operation: the guard has authorized it, the schema has validated its body; the area's service answers. */
export function registerTrafficRoutes(app: FastifyInstance, traffic: TrafficServices): void {
  const { overview, shopComparison, entrances, visitors, reports } = traffic;

  registerOperation(app, trafficOperations.dashboard, ({ body, request }) => overview.dashboard(actorOf(request), body));
  registerOperation(app, trafficOperations.dataUpdateTime, ({ body, request }) => overview.dataUpdateTime(actorOf(request), body));
  registerOperation(app, trafficOperations.trend, ({ body, request }) => overview.trend(actorOf(request), body, request.locale));
  registerOperation(app, trafficOperations.weatherList, ({ body, request }) => overview.weatherList(actorOf(request), body));
  registerOperation(app, trafficOperations.storeRanking, ({ body, request }) => shopComparison.ranking(actorOf(request), body));
  registerOperation(app, trafficOperations.storeComparison, ({ body, request }) => shopComparison.comparison(actorOf(request), body));
  registerOperation(app, trafficOperations.fourQuadrant, ({ body, request }) => shopComparison.fourQuadrant(actorOf(request), body));
  registerOperation(app, trafficOperations.timeInterval, ({ body, request }) => entrances.timeInterval(actorOf(request), body));

  // ------------------------------------------------------------ gate (entrance) analysis

  registerOperation(app, trafficOperations.gateShopGateList, ({ body, request }) => entrances.gateList(actorOf(request), body));
  registerOperation(app, trafficOperations.gateSummary, ({ body, request }) => entrances.gateSummary(actorOf(request), body));
  registerOperation(app, trafficOperations.gateTrend, ({ body, request }) => entrances.gateTrend(actorOf(request), body));
  registerDownload(app, trafficOperations.gateDownload, ({ body, request }) =>
    exportTable(traffic, actorOf(request), { table: 'gateList', query: body }, request.locale),
  );

  // ------------------------------------------------------------ visitors

  registerOperation(app, trafficOperations.customerAttributeProfile, ({ body, request }) => visitors.profile(actorOf(request), body));
  registerOperation(app, trafficOperations.customerNewRepeat, ({ body, request }) => visitors.newRepeat(actorOf(request), body));
  registerOperation(app, trafficOperations.customerStayTimeDistribution, ({ body, request }) => visitors.stayTime(actorOf(request), body));
  registerOperation(app, trafficOperations.customerPeriodFrequency, ({ body, request }) => visitors.frequency(actorOf(request), body));
  registerOperation(app, trafficOperations.customerRevisitInterval, ({ body, request }) => visitors.revisitInterval(actorOf(request), body));
  registerOperation(app, trafficOperations.customerActivity, ({ body, request }) => visitors.activity(actorOf(request), body));

  // ------------------------------------------------------------ custom reports

  registerOperation(app, trafficOperations.customReportQuery, ({ body, request }) => reports.run(actorOf(request), body));
  registerOperation(app, trafficOperations.customReportSave, ({ body, request }) => reports.save(actorOf(request), body));
  registerOperation(app, trafficOperations.customReportList, ({ request }) => reports.list(actorOf(request)));
  registerOperation(app, trafficOperations.customReportGet, ({ body, request }) => reports.get(actorOf(request), body.reportId));
  registerOperation(app, trafficOperations.customReportDelete, ({ body, request }) => reports.delete(actorOf(request), body.reportId));

  // ------------------------------------------------------------ exports

  registerDownload(app, trafficOperations.export, ({ body, request }) => exportTable(traffic, actorOf(request), body, request.locale));
}
