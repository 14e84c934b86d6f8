import { areaAnalysisOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../platform/authz/guard.ts';
import type { DB } from '../../../platform/db/database.ts';
import { registerDownload } from '../../../platform/http/download.ts';
import { registerOperation } from '../../../platform/http/operation.ts';
import { createMessagesService } from '../../messages/messages.service.ts';
import type { FloorplanService } from '../floorplan.service.ts';
import { createOccupancy } from '../tracks/occupancy.ts';
import { createAreaAnalysisService } from './analysis.service.ts';
import { exportAreaTable } from './analysis-export.ts';

/** The area analysis (issue 13 part B): thin handlers over the analysis and occupancy services. */
export function registerAreaAnalysisRoutes(app: FastifyInstance, deps: { db: DB; floorplan: FloorplanService }): void {
  const analysis = createAreaAnalysisService(deps);
  const occupancy = createOccupancy({ ...deps, messages: createMessagesService({ db: deps.db }) });
  registerOperation(app, ops.plans, ({ body, request }) => analysis.plans(actorOf(request), body.shopId));
  registerOperation(app, ops.recomputeStatus, ({ body, request }) => analysis.recomputeStatus(actorOf(request), body.planId));
  registerOperation(app, ops.regionSummary, ({ body, request }) => analysis.regionSummary(actorOf(request), body));
  registerOperation(app, ops.regionTrend, ({ body, request }) => analysis.regionTrend(actorOf(request), body));
  registerOperation(app, ops.correlations, ({ body, request }) => analysis.correlations(actorOf(request), body));
  registerOperation(app, ops.fromAndGo, ({ body, request }) => analysis.fromAndGo(actorOf(request), body));
  registerOperation(app, ops.heat, ({ body, request }) => analysis.heat(actorOf(request), body));
  registerOperation(app, ops.flowPercent, ({ body, request }) => analysis.flowPercent(actorOf(request), body));
  registerOperation(app, ops.enterAnalysis, ({ body, request }) => analysis.enterAnalysis(actorOf(request), body));
  registerOperation(app, ops.trajectories, ({ body, request }) => analysis.trajectories(actorOf(request), body));
  registerOperation(app, ops.cameraEvents, ({ body, request }) => analysis.cameraEvents(actorOf(request), body));
  registerOperation(app, ops.occupancy, ({ body, request }) => occupancy.occupancy(actorOf(request), body.shopId));
  registerOperation(app, ops.setOccupancyThreshold, ({ body, request }) => occupancy.setThreshold(actorOf(request), body.shopId, body.threshold));
  registerDownload(app, ops.export, ({ body, request }) => exportAreaTable(analysis, actorOf(request), body, request.locale));
}
