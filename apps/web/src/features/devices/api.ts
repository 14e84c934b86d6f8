import type {
  AlertSetting,
  BoxRow,
  boxPageRequestSchema,
  CameraRow,
  cameraPageRequestSchema,
  deviceOnlineResponseSchema,
  Page,
  registerBoxRequestSchema,
} from '@storelens/contracts';
import { devicesOperations, videoOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';
import type { VideoSource, VideoSourceInput } from './components/videoSource.ts';

/** Boxes, cameras, device tokens and camera-offline alert settings (spec section 7, "Others"; cameraDisable). */

export type BoxPageRequest = z.input<typeof boxPageRequestSchema>;
export type CameraPageRequest = z.input<typeof cameraPageRequestSchema>;
export type DeviceOnline = z.infer<typeof deviceOnlineResponseSchema>;
export type RegisterBoxInput = z.input<typeof registerBoxRequestSchema>;
export type AlertSettingSaved = AlertSetting & { updatedAt: string | null };
export type { AlertSetting, BoxRow, CameraRow };

export function fetchBoxPage(request: BoxPageRequest): Promise<Page<BoxRow>> {
  return callOperation(devicesOperations.deviceBoxPage, request);
}

export function fetchCameraPage(request: CameraPageRequest): Promise<Page<CameraRow>> {
  return callOperation(devicesOperations.deviceCameraPage, request);
}

export function fetchDeviceOnline(shopIds?: string[]): Promise<DeviceOnline> {
  return callOperation(devicesOperations.deviceOnline, shopIds ? { shopIds } : {});
}

/** The answer carries the device token: it is shown once and never again. */
export function registerBox(request: RegisterBoxInput): Promise<{ boxId: string; token: string }> {
  return callOperation(devicesOperations.deviceRegisterBox, request);
}

export function rotateBoxToken(boxId: string): Promise<{ boxId: string; token: string }> {
  return callOperation(devicesOperations.deviceRotateToken, { boxId });
}

/** A GET, as the spec names it (cameraDisable): enabled=1 enables, 0 disables. */
export function setCameraEnabled(cameraId: string, enabled: boolean): Promise<{ cameraId: string; enabled: boolean }> {
  return callOperation(devicesOperations.cameraCameraDisable, { cameraId, enabled: enabled ? '1' : '0' });
}

export function fetchAlertSetting(): Promise<AlertSettingSaved> {
  return callOperation(devicesOperations.alertSettingGet, undefined);
}

export function saveAlertSetting(setting: AlertSetting): Promise<AlertSettingSaved> {
  return callOperation(devicesOperations.alertSettingSave, setting);
}

/** A camera's video source (the video module's operations; camera management edits it): null when it has none. */
export function fetchVideoSource(cameraId: string): Promise<VideoSource | null> {
  return callOperation(videoOperations.sourceGet, { cameraId });
}

export function saveVideoSource(input: VideoSourceInput): Promise<VideoSource> {
  return callOperation(videoOperations.sourceSave, input);
}
