import {
  alertSettingResponseSchema,
  alertSettingSchema,
  boxPageRequestSchema,
  boxPageSchema,
  boxTokenResponseSchema,
  cameraDisableQuerySchema,
  cameraDisableResponseSchema,
  cameraPageRequestSchema,
  cameraPageSchema,
  deviceOnlineRequestSchema,
  deviceOnlineResponseSchema,
  RoleId,
  registerBoxRequestSchema,
  rotateTokenRequestSchema,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { DevicesService } from './devices.service.ts';

const tags = ['devices'];
const customer: OperationGuard = { auth: 'customer' };
/** Camera management changes settings (config_page); the observer is barred from it (spec section 6). */
const cameraManagement: OperationGuard = { auth: 'customer', permission: 'config_page', barRoles: [RoleId.observer] };

export function registerDevicesRoutes(app: FastifyInstance, devices: DevicesService): void {
  defineOperation(app, {
    method: 'POST',
    url: '/api/device/boxPage',
    summary: "Boxes of the caller's shops: MAC, name, area, last report, activation, working, online, last status time",
    tags,
    guard: customer,
    body: optionalBody(boxPageRequestSchema),
    response: boxPageSchema,
    handler: ({ body, request }) => devices.boxPage(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/device/cameraPage',
    summary: "Cameras of the caller's shops (optionally of one box) with their state",
    tags,
    guard: customer,
    body: optionalBody(cameraPageRequestSchema),
    response: cameraPageSchema,
    handler: ({ body, request }) => devices.cameraPage(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/device/online',
    summary: 'Boxes and cameras by status: online, offline, inactive, disabled',
    tags,
    guard: customer,
    body: optionalBody(deviceOnlineRequestSchema),
    response: deviceOnlineResponseSchema,
    handler: ({ body, request }) => devices.online(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/device/registerBox',
    summary: 'Register a box; answers its device token once (only the hash is kept)',
    tags,
    guard: cameraManagement,
    body: registerBoxRequestSchema,
    response: boxTokenResponseSchema,
    handler: ({ body, request }) => devices.registerBoxFor(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/device/rotateToken',
    summary: 'Issue a new device token for a box; the old one stops working',
    tags,
    guard: cameraManagement,
    body: rotateTokenRequestSchema,
    response: boxTokenResponseSchema,
    handler: ({ body, request }) => devices.rotateToken(actorOf(request), body.boxId),
  });
  defineOperation(app, {
    method: 'GET',
    url: '/api/camera/cameraDisable',
    summary: 'Enable (enabled=1) or disable (enabled=0) a camera',
    tags,
    guard: cameraManagement,
    query: cameraDisableQuerySchema,
    response: cameraDisableResponseSchema,
    handler: ({ query, request }) => devices.setCameraEnabled(actorOf(request), query.cameraId, query.enabled === '1'),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/alertSetting/get',
    summary: 'Camera-offline alert settings: modes, recipients, interval, offline threshold',
    tags,
    guard: cameraManagement,
    response: alertSettingResponseSchema,
    handler: ({ request }) => devices.alertSetting(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/alertSetting/save',
    summary: 'Save the camera-offline alert settings (interval at least 5 minutes)',
    tags,
    guard: cameraManagement,
    body: alertSettingSchema,
    response: alertSettingResponseSchema,
    handler: ({ body, request }) => devices.saveAlertSetting(actorOf(request), body),
  });
}
