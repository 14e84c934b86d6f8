import { messageOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { MessagesService } from './messages.service.ts';

export function registerMessagesRoutes(app: FastifyInstance, messages: MessagesService): void {
  registerOperation(app, messageOperations.list, ({ body, request }) => messages.list(actorOf(request), body));
  registerOperation(app, messageOperations.read, ({ body, request }) => messages.read(actorOf(request), body.id));
  registerOperation(app, messageOperations.readAll, ({ body, request }) => messages.readAll(actorOf(request), body.kind));
}
