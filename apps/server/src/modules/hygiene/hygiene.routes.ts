import multipart from '@fastify/multipart';
import { HYGIENE_LIMITS, hygieneOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { HygieneService } from './hygiene.service.ts';

export function registerHygieneRoutes(app: FastifyInstance, hygiene: HygieneService): void {
  registerOperation(app, ops.employeeList, ({ body, request }) => hygiene.employeeList(actorOf(request), body));
  registerOperation(app, ops.employeeDetail, ({ body, request }) => hygiene.employeeDetail(actorOf(request), body.employeeId));
  registerOperation(app, ops.employeeCreate, ({ body, request }) => hygiene.employeeCreate(actorOf(request), body));
  registerOperation(app, ops.employeeUpdate, ({ body, request }) => hygiene.employeeUpdate(actorOf(request), body));
  registerOperation(app, ops.employeeDelete, ({ body, request }) => hygiene.employeeDelete(actorOf(request), body.employeeId));
  registerOperation(app, ops.certificateList, ({ body, request }) => hygiene.certificateList(actorOf(request), body));
  registerOperation(app, ops.certificateCreate, ({ body, request }) => hygiene.certificateCreate(actorOf(request), body));
  registerOperation(app, ops.certificateUpdate, ({ body, request }) => hygiene.certificateUpdate(actorOf(request), body));
  registerOperation(app, ops.certificateDelete, ({ body, request }) => hygiene.certificateDelete(actorOf(request), body.certificateId));
  registerOperation(app, ops.recordList, ({ body, request }) => hygiene.recordList(actorOf(request), body));
  registerOperation(app, ops.trainingCreate, ({ body, request }) => hygiene.trainingCreate(actorOf(request), body));
  registerOperation(app, ops.disinfectionCreate, ({ body, request }) => hygiene.disinfectionCreate(actorOf(request), body));
  registerOperation(app, ops.wasteCreate, ({ body, request }) => hygiene.wasteCreate(actorOf(request), body));
  registerOperation(app, ops.recordDelete, ({ body, request }) => hygiene.recordDelete(actorOf(request), body.recordId));
  registerDownload(app, ops.download, ({ body, request }) => hygiene.download(actorOf(request), body, request.locale));
  registerOperation(app, ops.stats, ({ body, request }) => hygiene.stats(actorOf(request), body));
  registerDownload(app, ops.media, ({ query, request }) => hygiene.media(actorOf(request), query.mediaId));
  // Multipart parsing lives only in this context, with its own limits: one picture per request.
  app.register(async (images) => {
    await images.register(multipart, { limits: { fileSize: HYGIENE_LIMITS.imageMaxBytes, files: 1, fields: 2, parts: 3 } });
    registerOperation(images, ops.uploadImage, ({ request }) => hygiene.uploadImage(actorOf(request), request));
  });
}
