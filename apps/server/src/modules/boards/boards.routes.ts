import { boardsOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { BoardsService } from './boards.service.ts';

export function registerBoardsRoutes(app: FastifyInstance, boards: BoardsService): void {
  registerOperation(app, ops.boardEmbed, ({ body, request }) => boards.embed(actorOf(request), body.board, request.locale));
  registerOperation(app, ops.boardSettings, ({ request }) => boards.settings(actorOf(request)));
  registerOperation(app, ops.boardSave, ({ body, request }) => boards.save(actorOf(request), body));
  app.addHook('onReady', async () => boards.refreshOrigins());
}
