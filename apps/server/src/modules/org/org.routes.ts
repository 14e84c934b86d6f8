import { orgOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { OrgService } from './org.service.ts';

export function registerOrgRoutes(app: FastifyInstance, service: OrgService): void {
  registerOperation(app, orgOperations.currentOrgtree, ({ request }) => service.orgTree(actorOf(request)));
  registerOperation(app, orgOperations.currentShoptree, ({ body, request }) => service.shopTree(actorOf(request), body.hideClosed ?? false));
  registerOperation(app, orgOperations.currentShoptree2, ({ body, request }) => service.shopTree2(actorOf(request), body.variant, body.hideClosed ?? false));
  registerOperation(app, orgOperations.currentCameratree2, ({ body, request }) => service.cameraTree(actorOf(request), body.hideClosed ?? false));
  registerOperation(app, orgOperations.currentGetCityTree, async () => service.cityTree());
}
