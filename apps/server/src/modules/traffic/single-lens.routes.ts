import { singleLensOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import type { DB } from '../../platform/db/database.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import { createSingleLensService } from './single-lens.service.ts';

export function registerSingleLensRoutes(app: FastifyInstance, deps: { db: DB }): void {
  const singleLens = createSingleLensService(deps);
  registerOperation(app, singleLensOperations.cameraStatistics, ({ body, request }) => singleLens.cameraStatistics(actorOf(request), body));
}
