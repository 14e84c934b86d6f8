import { declareOperation, type OperationGuard, optionalBody } from '../platform/operation.ts';
import { SETTINGS_PAGE_FLAGS } from '../platform/permissions.ts';
import { RoleId } from '../platform/roles.ts';
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
  registerBoxRequestSchema,
  rotateTokenRequestSchema,
} from './index.ts';

const tags = ['devices'];
/** Device status (boxes, cameras, their state and MAC addresses): the page's own key. */
export const DEVICE_STATUS_GUARD: OperationGuard = { auth: 'customer', permission: 'cueretail_device_status' };
/** Camera management changes settings (config_page); the observer is barred from it (spec section 6). */
const cameraManagement: OperationGuard = { auth: 'customer', permission: SETTINGS_PAGE_FLAGS.cameras, barRoles: [RoleId.observer] };

export const devicesOperations = {
  deviceBoxPage: declareOperation({
    name: 'devices.deviceBoxPage',
    method: 'POST',
    path: '/api/device/boxPage',
    summary: "Boxes of the caller's shops: MAC, name, area, last report, activation, working, online, last status time",
    tags,
    guard: DEVICE_STATUS_GUARD,
    body: optionalBody(boxPageRequestSchema),
    response: boxPageSchema,
  }),
  deviceCameraPage: declareOperation({
    name: 'devices.deviceCameraPage',
    method: 'POST',
    path: '/api/device/cameraPage',
    summary: "Cameras of the caller's shops (optionally of one box) with their state",
    tags,
    guard: DEVICE_STATUS_GUARD,
    body: optionalBody(cameraPageRequestSchema),
    response: cameraPageSchema,
  }),
  deviceOnline: declareOperation({
    name: 'devices.deviceOnline',
    method: 'POST',
    path: '/api/device/online',
    summary: 'Boxes and cameras by status: online, offline, inactive, disabled',
    tags,
    guard: DEVICE_STATUS_GUARD,
    body: optionalBody(deviceOnlineRequestSchema),
    response: deviceOnlineResponseSchema,
  }),
  deviceRegisterBox: declareOperation({
    name: 'devices.deviceRegisterBox',
    method: 'POST',
    path: '/api/device/registerBox',
    summary: 'Register a box; answers its device token once (only the hash is kept)',
    tags,
    guard: cameraManagement,
    body: registerBoxRequestSchema,
    response: boxTokenResponseSchema,
  }),
  deviceRotateToken: declareOperation({
    name: 'devices.deviceRotateToken',
    method: 'POST',
    path: '/api/device/rotateToken',
    summary: 'Issue a new device token for a box; the old one stops working',
    tags,
    guard: cameraManagement,
    body: rotateTokenRequestSchema,
    response: boxTokenResponseSchema,
  }),
  cameraCameraDisable: declareOperation({
    name: 'devices.cameraCameraDisable',
    method: 'GET',
    path: '/api/camera/cameraDisable',
    summary: 'Enable (enabled=1) or disable (enabled=0) a camera',
    tags,
    guard: cameraManagement,
    query: cameraDisableQuerySchema,
    response: cameraDisableResponseSchema,
  }),
  alertSettingGet: declareOperation({
    name: 'devices.alertSettingGet',
    method: 'POST',
    path: '/api/alertSetting/get',
    summary: 'Camera-offline alert settings: modes, recipients, interval, offline threshold',
    tags,
    guard: cameraManagement,
    response: alertSettingResponseSchema,
  }),
  alertSettingSave: declareOperation({
    name: 'devices.alertSettingSave',
    method: 'POST',
    path: '/api/alertSetting/save',
    summary: 'Save the camera-offline alert settings (interval at least 5 minutes)',
    tags,
    guard: { ...cameraManagement, wholeCustomer: true },
    body: alertSettingSchema,
    response: alertSettingResponseSchema,
  }),
} as const;
