import { aiTaskOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { AiTasksService } from './ai-tasks.service.ts';

export function registerAiTaskRoutes(app: FastifyInstance, aiTasks: AiTasksService): void {
  registerOperation(app, ops.itemClasses, ({ request }) => aiTasks.itemClasses(request.locale));
  registerOperation(app, ops.items, ({ body, request }) => aiTasks.items(body, request.locale));
  registerOperation(app, ops.page, ({ body, request }) => aiTasks.page(actorOf(request), body, request.locale));
  registerOperation(app, ops.info, ({ body, request }) => aiTasks.info(actorOf(request), body.taskId, request.locale));
  registerOperation(app, ops.isNameExist, ({ body, request }) => aiTasks.isNameExist(actorOf(request), body.name, body.taskId));
  registerOperation(app, ops.add, ({ body, request }) => aiTasks.add(actorOf(request), body));
  registerOperation(app, ops.update, ({ body, request }) => aiTasks.update(actorOf(request), body));
  registerOperation(app, ops.setEnabled, ({ body, request }) => aiTasks.setEnabled(actorOf(request), body.taskId, body.enabled));
  registerOperation(app, ops.remove, ({ body, request }) => aiTasks.remove(actorOf(request), body.taskId));
}
