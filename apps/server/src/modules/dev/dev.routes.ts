import { devOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../../platform/db/database.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import { outboxRepo } from '../../platform/mail/outbox.repo.ts';

export function registerDevRoutes(app: FastifyInstance, db: DB): void {
  registerOperation(app, devOperations.outbox, ({ query }) => outboxRepo(db).latest(50, query.recipient));
}
