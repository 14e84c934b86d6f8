import multipart from '@fastify/multipart';
import { PANORAMA, virtualStoreOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { VirtualStoreService } from './virtual-store.service.ts';

export function registerVirtualStoreRoutes(app: FastifyInstance, panoramas: VirtualStoreService): void {
  registerOperation(app, virtualStoreOperations.panoInfo, ({ body, request }) => panoramas.info(actorOf(request), body));
  // Multipart parsing lives only in this context: one JPEG and two fields, the byte cap enforced while it streams.
  app.register(async (multipartContext) => {
    await multipartContext.register(multipart, { limits: { fileSize: PANORAMA.maxBytes, files: 1, fields: 4, parts: 5 } });
    registerOperation(multipartContext, virtualStoreOperations.panoUpload, ({ request }) => panoramas.upload(actorOf(request), request));
  });
  registerOperation(app, virtualStoreOperations.panoUpdate, ({ body, request }) => panoramas.update(actorOf(request), body));
  registerOperation(app, virtualStoreOperations.panoDelete, ({ body, request }) => panoramas.remove(actorOf(request), body));
  registerDownload(app, virtualStoreOperations.panoImage, ({ query, request }) => panoramas.image(actorOf(request), query));
  registerDownload(app, virtualStoreOperations.panoTile, ({ query, request }) => panoramas.tile(actorOf(request), query));
}
