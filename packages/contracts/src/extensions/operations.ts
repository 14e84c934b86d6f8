import { z } from 'zod';
import { declareOperation, type OperationGuard, optionalBody } from '../platform/operation.ts';
import { catalogueSchema, serviceDetailRequestSchema, serviceDetailSchema } from './index.ts';

const tags = ['extensions'];

/** The extension services tab (spec section 6: extservice_nav); each service shows by its own group flag. */
export const EXTENSIONS_GUARD: OperationGuard = { auth: 'customer', permission: ['extservice_nav'] };

export const extensionsOperations = {
  catalogue: declareOperation({
    name: 'extensions.catalogue',
    method: 'POST',
    path: '/api/extensions/catalogue',
    summary: "The extension services the customer has enabled, each with its status in the caller's stores",
    tags,
    guard: EXTENSIONS_GUARD,
    body: optionalBody(z.object({})),
    response: catalogueSchema,
  }),
  serviceDetail: declareOperation({
    name: 'extensions.serviceDetail',
    method: 'POST',
    path: '/api/extensions/serviceDetail',
    summary: "One enabled extension service's status and its stores in the caller's scope",
    tags,
    guard: EXTENSIONS_GUARD,
    body: serviceDetailRequestSchema,
    response: serviceDetailSchema,
  }),
} as const;
