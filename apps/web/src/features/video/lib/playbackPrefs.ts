import { LIVE } from '@storelens/contracts';

const SPEED_KEY = 'storelens.playback.speed';

/** The playback speed chosen last (kept in this browser), 1x when none or not one offered. */
export function rememberedSpeed(): number {
  const value = Number(globalThis.localStorage?.getItem(SPEED_KEY));
  return (LIVE.speeds as readonly number[]).includes(value) ? value : 1;
}

export function rememberSpeed(speed: number): void {
  globalThis.localStorage?.setItem(SPEED_KEY, String(speed));
}

/** A camera's place in the camera tree: its name and its shop's. */
export interface CameraRef {
  cameraId: string;
  name: string;
  shopId: string;
  shopName: string;
  shopClosed: boolean;
  /** The store's time zone, where the tree gives it: the calendar of the camera's days. */
  timeZone?: string;
}
