import { videoDownloadOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../platform/authz/guard.ts';
import { registerDownload } from '../../../platform/http/download.ts';
import { registerOperation } from '../../../platform/http/operation.ts';
import type { DownloadsService } from './downloads.service.ts';

export function registerDownloadsRoutes(app: FastifyInstance, downloads: DownloadsService): void {
  registerOperation(app, ops.downloadList, ({ body, request }) => downloads.list(actorOf(request), body, request.locale));
  registerOperation(app, ops.downloadBatchAdd, ({ body, request }) => downloads.batchAdd(actorOf(request), body));
  registerOperation(app, ops.downloadBatchDetail, ({ body, request }) => downloads.detail(actorOf(request), body.id, request.locale));
  registerOperation(app, ops.downloadRebuild, ({ body, request }) => downloads.rebuild(actorOf(request), body.id, request.locale));
  registerOperation(app, ops.downloadStatus, ({ query, request }) => downloads.status(actorOf(request), query.id));
  registerDownload(app, ops.downloadFile, ({ query, request }) => downloads.file(actorOf(request), query.id));
}
