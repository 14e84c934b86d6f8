import multipart from '@fastify/multipart';
import { rectificationOperations as ops, RECTIFICATION_LIMITS } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { RectificationService } from './rectification.service.ts';

export function registerRectificationRoutes(app: FastifyInstance, rectification: RectificationService): void {
  registerOperation(app, ops.userTodoList, ({ body, request }) => rectification.todoList(actorOf(request), body));
  registerOperation(app, ops.listByCreator, ({ body, request }) => rectification.createdList(actorOf(request), body));
  registerOperation(app, ops.listAll, ({ body, request }) => rectification.allList(actorOf(request), body));
  registerDownload(app, ops.download, ({ body, request }) => rectification.download(actorOf(request), body, request.locale));
  registerOperation(app, ops.detail, ({ body, request }) => rectification.detail(actorOf(request), body.rectificationId, request.locale));
  registerOperation(app, ops.record, ({ body, request }) => rectification.record(actorOf(request), body.rectificationId, request.locale));
  registerOperation(app, ops.submit, ({ body, request }) => rectification.submit(actorOf(request), body));
  registerOperation(app, ops.refer, ({ body, request }) => rectification.refer(actorOf(request), body));
  registerOperation(app, ops.review, ({ body, request }) => rectification.review(actorOf(request), body));
  registerOperation(app, ops.create, ({ body, request }) => rectification.create(actorOf(request), body));
  registerOperation(app, ops.handlers, ({ body, request }) => rectification.handlers(actorOf(request), body.shopId));
  registerDownload(app, ops.media, ({ query, request }) => rectification.media(actorOf(request), query.mediaId));
  // Multipart parsing lives only in this context, with its own limits: one picture per request.
  app.register(async (images) => {
    await images.register(multipart, { limits: { fileSize: RECTIFICATION_LIMITS.imageMaxBytes, files: 1, fields: 2, parts: 3 } });
    registerOperation(images, ops.uploadImage, ({ request }) => rectification.uploadImage(actorOf(request), request));
  });
}
