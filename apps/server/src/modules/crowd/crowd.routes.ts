import multipart from '@fastify/multipart';
import { CROWD_LIMITS, crowdOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { CrowdService } from './crowd.service.ts';
import type { PromotionsService } from './promotions.service.ts';

export function registerCrowdRoutes(app: FastifyInstance, { crowd, promotions }: { crowd: CrowdService; promotions: PromotionsService }): void {
  registerOperation(app, ops.crowdList, ({ body, request }) => crowd.list(actorOf(request), body, request.locale));
  registerOperation(app, ops.crowdDetail, ({ body, request }) => crowd.detail(actorOf(request), body.audienceId, request.locale));
  registerOperation(app, ops.crowdAddTask, ({ body, request }) => crowd.add(actorOf(request), body));
  registerOperation(app, ops.crowdUpdate, ({ body, request }) => crowd.update(actorOf(request), body, request.locale));
  registerOperation(app, ops.crowdDelete, ({ body, request }) => crowd.remove(actorOf(request), body.audienceId));
  registerOperation(app, ops.crowdGenerate, ({ body, request }) => crowd.generate(actorOf(request), body.audienceId, request.locale));
  registerOperation(app, ops.crowdEvaluate, ({ body, request }) => crowd.evaluate(actorOf(request), body.audienceId, request.locale));
  registerDownload(app, ops.crowdExport, ({ body, request }) => crowd.exportFile(actorOf(request), body, request.locale));

  registerOperation(app, ops.channelList, ({ request }) => crowd.channels(actorOf(request)));
  registerOperation(app, ops.channelAdd, ({ body, request }) => crowd.addChannel(actorOf(request), body));
  registerOperation(app, ops.channelUpdate, ({ body, request }) => crowd.updateChannel(actorOf(request), body));
  registerOperation(app, ops.channelDelete, ({ body, request }) => crowd.deleteChannel(actorOf(request), body.channelId));

  registerOperation(app, ops.promotionList, ({ body, request }) => promotions.list(actorOf(request), body));
  registerOperation(app, ops.promotionDetail, ({ body, request }) => promotions.detail(actorOf(request), body.promotionId));
  registerOperation(app, ops.promotionAdd, ({ body, request }) => promotions.add(actorOf(request), body));
  registerOperation(app, ops.promotionUpdate, ({ body, request }) => promotions.update(actorOf(request), body));
  registerOperation(app, ops.promotionDelete, ({ body, request }) => promotions.remove(actorOf(request), body.promotionId));
  registerDownload(app, ops.promotionMaterial, ({ query, request }) => promotions.material(actorOf(request), query.promotionId, query.materialId));
  registerOperation(app, ops.promotionDeleteMaterial, ({ body, request }) => promotions.deleteMaterial(actorOf(request), body.promotionId, body.materialId));

  // Multipart parsing only in these contexts, each with its own limits.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: CROWD_LIMITS.uploadMaxBytes, files: 1, fields: 5, parts: 6 } });
    registerOperation(uploads, ops.submitMac, ({ request }) => crowd.submitMac(actorOf(request), request, request.locale));
  });
  app.register(async (images) => {
    await images.register(multipart, { limits: { fileSize: CROWD_LIMITS.materialMaxBytes, files: 1, fields: 2, parts: 3 } });
    registerOperation(images, ops.promotionUploadMaterial, ({ request }) => promotions.uploadMaterial(actorOf(request), request));
  });
}
