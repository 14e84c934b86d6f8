import { warehouseOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { WarehouseService } from './warehouse.service.ts';

export function registerWarehouseRoutes(app: FastifyInstance, warehouse: WarehouseService): void {
  registerOperation(app, ops.planAdd, ({ body, request }) => warehouse.planAdd(actorOf(request), body));
  registerOperation(app, ops.patrolAnalysis, ({ body, request }) => warehouse.analysis(actorOf(request), body));
  registerDownload(app, ops.patrolAnalysisExport, ({ body, request }) => warehouse.exportAnalysis(actorOf(request), body, request.locale));
  registerOperation(app, ops.singleDayDetails, ({ body, request }) => warehouse.singleDay(actorOf(request), body));
  registerDownload(app, ops.checkImage, ({ query, request }) => warehouse.checkImage(actorOf(request), query.checkId));
  registerOperation(app, ops.checkJudge, ({ body, request }) => warehouse.judge(actorOf(request), body));
}
