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
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

/** Boxes, cameras, device tokens and camera-offline alert settings (spec section 7, "Others"; cameraDisable). */

export type BoxPageRequest = z.input<typeof boxPageRequestSchema>;
export type CameraPageRequest = z.input<typeof cameraPageRequestSchema>;
export type DeviceOnline = z.infer<typeof deviceOnlineResponseSchema>;
export type RegisterBoxInput = z.input<typeof registerBoxRequestSchema>;
export type AlertSettingSaved = AlertSetting & { updatedAt: string | null };
export type { AlertSetting, BoxRow, CameraRow };

export function fetchBoxPage(request: BoxPageRequest): Promise<Page<BoxRow>> {
  return http.post<Page<BoxRow>>('/device/boxPage', request);
}

export function fetchCameraPage(request: CameraPageRequest): Promise<Page<CameraRow>> {
  return http.post<Page<CameraRow>>('/device/cameraPage', request);
}

export function fetchDeviceOnline(shopIds?: string[]): Promise<DeviceOnline> {
  return http.post<DeviceOnline>('/device/online', shopIds ? { shopIds } : {});
}

/** The answer carries the device token: it is shown once and never again. */
export function registerBox(request: RegisterBoxInput): Promise<{ boxId: string; token: string }> {
  return http.post('/device/registerBox', request);
}

export function rotateBoxToken(boxId: string): Promise<{ boxId: string; token: string }> {
  return http.post('/device/rotateToken', { boxId });
}

/** A GET, as the spec names it (cameraDisable): enabled=1 enables, 0 disables. */
export function setCameraEnabled(cameraId: string, enabled: boolean): Promise<{ cameraId: string; enabled: boolean }> {
  return http.get('/camera/cameraDisable', { cameraId, enabled: enabled ? '1' : '0' });
}

export function fetchAlertSetting(): Promise<AlertSettingSaved> {
  return http.post<AlertSettingSaved>('/alertSetting/get');
}

export function saveAlertSetting(setting: AlertSetting): Promise<AlertSettingSaved> {
  return http.post<AlertSettingSaved>('/alertSetting/save', setting);
}
