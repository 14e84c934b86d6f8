import { cityNodeSchema, shopTree2RequestSchema, treeNodeSchema, treeRequestSchema } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { OrgService } from './org.service.ts';

const tags = ['org'];
const guard = { auth: 'customer' } as const;
const trees = z.array(treeNodeSchema);
const optionalTreeRequest = optionalBody(treeRequestSchema);

export function registerOrgRoutes(app: FastifyInstance, service: OrgService): void {
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/orgtree',
    summary: "Organisation tree within the user's scope",
    tags,
    guard,
    body: optionalTreeRequest,
    response: trees,
    handler: ({ request }) => service.orgTree(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/shoptree',
    summary: "Organisations and shops within the user's scope",
    tags,
    guard,
    body: optionalTreeRequest,
    response: trees,
    handler: ({ body, request }) => service.shopTree(actorOf(request), body.hideClosed ?? false),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/shoptree2',
    summary: 'Shop tree variants: all, hygienic, device, old',
    tags,
    guard,
    body: optionalBody(shopTree2RequestSchema),
    response: trees,
    handler: ({ body, request }) => service.shopTree2(actorOf(request), body.variant, body.hideClosed ?? false),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/cameratree2',
    summary: 'Organisations, shops and their enabled cameras',
    tags,
    guard,
    body: optionalTreeRequest,
    response: trees,
    handler: ({ body, request }) => service.cameraTree(actorOf(request), body.hideClosed ?? false),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/current/getCityTree',
    summary: 'Countries, provinces, cities and districts for shop addresses',
    tags,
    guard,
    response: z.array(cityNodeSchema),
    handler: async () => service.cityTree(),
  });
}
