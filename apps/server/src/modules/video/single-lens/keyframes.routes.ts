import { videoKeyframeOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../platform/authz/guard.ts';
import { registerDownload } from '../../../platform/http/download.ts';
import { registerOperation } from '../../../platform/http/operation.ts';
import type { KeyframesService } from './keyframes.service.ts';

export function registerKeyframesRoutes(app: FastifyInstance, keyframes: KeyframesService): void {
  registerOperation(app, ops.keyframes, ({ body, request }) => keyframes.keyframes(actorOf(request), body));
  registerDownload(app, ops.keyframe, ({ query, request }) => keyframes.keyframe(actorOf(request), query));
}
