import { devicesOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { DevicesService } from './devices.service.ts';

export function registerDevicesRoutes(app: FastifyInstance, devices: DevicesService): void {
  registerOperation(app, devicesOperations.deviceBoxPage, ({ body, request }) => devices.boxPage(actorOf(request), body));
  registerOperation(app, devicesOperations.deviceCameraPage, ({ body, request }) => devices.cameraPage(actorOf(request), body));
  registerOperation(app, devicesOperations.deviceOnline, ({ body, request }) => devices.online(actorOf(request), body));
  registerOperation(app, devicesOperations.deviceRegisterBox, ({ body, request }) => devices.registerBoxFor(actorOf(request), body));
  registerOperation(app, devicesOperations.deviceRotateToken, ({ body, request }) => devices.rotateToken(actorOf(request), body.boxId));
  registerOperation(app, devicesOperations.cameraCameraDisable, ({ query, request }) =>
    devices.setCameraEnabled(actorOf(request), query.cameraId, query.enabled === '1'),
  );
  registerOperation(app, devicesOperations.alertSettingGet, ({ request }) => devices.alertSetting(actorOf(request)));
  registerOperation(app, devicesOperations.alertSettingSave, ({ body, request }) => devices.saveAlertSetting(actorOf(request), body));
}
