import { temperatureOperations as ops } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { TemperatureService } from './temperature.service.ts';

export function registerTemperatureRoutes(app: FastifyInstance, temperature: TemperatureService): void {
  registerOperation(app, ops.deviceTree, ({ body, request }) => temperature.deviceTree(actorOf(request), body.shopIds));
  registerOperation(app, ops.page, ({ body, request }) => temperature.page(actorOf(request), body));
  registerOperation(app, ops.last, ({ body, request }) => temperature.last(actorOf(request), body.shopIds));
  registerOperation(app, ops.numList, ({ body, request }) => temperature.numList(actorOf(request), body.shopIds));
  registerOperation(app, ops.curve, ({ body, request }) => temperature.curve(actorOf(request), body));
  registerOperation(app, ops.compliance, ({ body, request }) => temperature.compliance(actorOf(request), body));
  registerOperation(app, ops.alertPage, ({ body, request }) => temperature.alertPage(actorOf(request), body));
  registerOperation(app, ops.alertAction, ({ body, request }) => temperature.alertAction(actorOf(request), body));
  registerOperation(app, ops.sensorSave, ({ body, request }) => temperature.sensorSave(actorOf(request), body));
  registerOperation(app, ops.boxes, ({ body, request }) => temperature.boxes(actorOf(request), body.shopIds));
  registerDownload(app, ops.exportReadings, ({ body, request }) => temperature.exportReadings(actorOf(request), body, request.locale));
}
