import { extensionsOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { ExtensionsService } from './extensions.service.ts';

export function registerExtensionsRoutes(app: FastifyInstance, extensions: ExtensionsService): void {
  registerOperation(app, ops.catalogue, ({ request }) => extensions.catalogue(actorOf(request)));
  registerOperation(app, ops.serviceDetail, ({ body, request }) => extensions.serviceDetail(actorOf(request), body.service));
}
