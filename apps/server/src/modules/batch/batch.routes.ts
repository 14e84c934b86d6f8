import { batchOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { BatchService } from './batch.service.ts';

export function registerBatchRoutes(app: FastifyInstance, batches: BatchService): void {
  registerOperation(app, ops.batchList, ({ body, request }) => batches.list(actorOf(request), body));
  registerDownload(app, ops.batchExport, ({ body, request }) => batches.exportFile(actorOf(request), body, request.locale));
  registerOperation(app, ops.batchDays, ({ body, request }) => batches.days(actorOf(request), body));
  registerOperation(app, ops.batchDetail, ({ body, request }) => batches.detail(actorOf(request), body.batchId));
  registerDownload(app, ops.batchScreenshot, ({ query, request }) => batches.screenshot(actorOf(request), query.batchId, query.index));
  registerOperation(app, ops.batchEventList, ({ body, request }) => batches.realtime(actorOf(request), body));
  registerOperation(app, ops.storeEntryDetail, ({ body, request }) => batches.storeEntries(actorOf(request), body));
}
