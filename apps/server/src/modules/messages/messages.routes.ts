import {
  messageListRequestSchema,
  messagePageSchema,
  messageReadAllRequestSchema,
  messageReadAllResponseSchema,
  messageReadRequestSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { MessagesService } from './messages.service.ts';

const tags = ['messages'];
const guard: OperationGuard = { auth: 'customer', permission: 'message_nav' };

export function registerMessagesRoutes(app: FastifyInstance, messages: MessagesService): void {
  defineOperation(app, {
    method: 'POST',
    url: '/api/message/list',
    summary: "The caller's messages of one kind (1 alarm, 2 plan, 3 rectification), read/unread filter, paged",
    tags,
    guard,
    body: messageListRequestSchema,
    response: messagePageSchema,
    handler: ({ body, request }) => messages.list(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/message/read',
    summary: 'Mark one message read',
    tags,
    guard,
    body: messageReadRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => messages.read(actorOf(request), body.id),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/message/readAll',
    summary: 'Mark all messages (of a kind, or every kind) read',
    tags,
    guard,
    body: optionalBody(messageReadAllRequestSchema),
    response: messageReadAllResponseSchema,
    handler: ({ body, request }) => messages.readAll(actorOf(request), body.kind),
  });
}
