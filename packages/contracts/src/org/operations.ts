import { z } from 'zod';
import { declareOperation, optionalBody } from '../platform/operation.ts';
import { cityNodeSchema, shopTree2RequestSchema, treeNodeSchema, treeRequestSchema } from '../session/index.ts';

const tags = ['org'];
const guard = { auth: 'customer' } as const;
const trees = z.array(treeNodeSchema);
const optionalTreeRequest = optionalBody(treeRequestSchema);

export const orgOperations = {
  currentOrgtree: declareOperation({
    name: 'org.currentOrgtree',
    method: 'POST',
    path: '/api/current/orgtree',
    summary: "Organisation tree within the user's scope",
    tags,
    guard,
    body: optionalTreeRequest,
    response: trees,
  }),
  currentShoptree: declareOperation({
    name: 'org.currentShoptree',
    method: 'POST',
    path: '/api/current/shoptree',
    summary: "Organisations and shops within the user's scope",
    tags,
    guard,
    body: optionalTreeRequest,
    response: trees,
  }),
  currentShoptree2: declareOperation({
    name: 'org.currentShoptree2',
    method: 'POST',
    path: '/api/current/shoptree2',
    summary: 'Shop tree variants: all, hygienic, device, old',
    tags,
    guard,
    body: optionalBody(shopTree2RequestSchema),
    response: trees,
  }),
  currentCameratree2: declareOperation({
    name: 'org.currentCameratree2',
    method: 'POST',
    path: '/api/current/cameratree2',
    summary: 'Organisations, shops and their enabled cameras',
    tags,
    guard,
    body: optionalTreeRequest,
    response: trees,
  }),
  currentGetCityTree: declareOperation({
    name: 'org.currentGetCityTree',
    method: 'POST',
    path: '/api/current/getCityTree',
    summary: 'Countries, provinces, cities and districts for shop addresses',
    tags,
    guard,
    response: z.array(cityNodeSchema),
  }),
} as const;
