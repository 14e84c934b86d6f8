import { z } from 'zod';
import { declareOperation, type OperationGuard, optionalBody } from '../platform/operation.ts';
import { messageListRequestSchema, messagePageSchema, messageReadAllRequestSchema, messageReadAllResponseSchema, messageReadRequestSchema } from './index.ts';

const tags = ['messages'];
const guard: OperationGuard = { auth: 'customer', permission: 'message_nav' };

/** The message center (spec sections 2 and 4). */
export const messageOperations = {
  list: declareOperation({
    name: 'messages.list',
    method: 'POST',
    path: '/api/message/list',
    summary: "The caller's messages of one kind (1 alarm, 2 plan, 3 rectification), read/unread filter, paged",
    tags,
    guard,
    body: messageListRequestSchema,
    response: messagePageSchema,
  }),
  read: declareOperation({
    name: 'messages.read',
    method: 'POST',
    path: '/api/message/read',
    summary: 'Mark one message read',
    tags,
    guard,
    body: messageReadRequestSchema,
    response: z.null(),
  }),
  readAll: declareOperation({
    name: 'messages.readAll',
    method: 'POST',
    path: '/api/message/readAll',
    summary: 'Mark all messages (of a kind, or every kind) read',
    tags,
    guard,
    body: optionalBody(messageReadAllRequestSchema),
    response: messageReadAllResponseSchema,
  }),
} as const;
