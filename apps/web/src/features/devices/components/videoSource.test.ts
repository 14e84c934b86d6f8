import { defaultPrivileges, RoleId } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { canManageVideoSource, formValuesOf, saveInputOf } from './videoSource.ts';

const stored = { cameraId: 'c1', kind: 'stream' as const, url: 'rtsp://10.0.0.5:554/stream1', record: 'onDemand' as const };

describe('the camera’s video source form', () => {
  it('starts from the answered source, or a continuously recorded stream for a camera without one', () => {
    expect(formValuesOf(stored)).toEqual({ kind: 'stream', url: 'rtsp://10.0.0.5:554/stream1', record: 'onDemand' });
    expect(formValuesOf(null)).toEqual({ kind: 'stream', url: '', record: 'continuous' });
    expect(formValuesOf({ cameraId: 'c1', kind: 'edge', url: null, record: 'continuous' })).toEqual({ kind: 'edge', url: '', record: 'continuous' });
  });

  it('leaves an unchanged address out, so the server keeps the stored user and password', () => {
    expect(saveInputOf('c1', { kind: 'stream', url: ' rtsp://10.0.0.5:554/stream1 ', record: 'continuous' }, stored)).toEqual({
      cameraId: 'c1',
      kind: 'stream',
      record: 'continuous',
    });
  });

  it('sends a new address, and none for an edge box', () => {
    expect(saveInputOf('c1', { kind: 'stream', url: 'rtsp://u:p@10.0.0.6/s', record: 'onDemand' }, stored)).toEqual({
      cameraId: 'c1',
      kind: 'stream',
      url: 'rtsp://u:p@10.0.0.6/s',
      record: 'onDemand',
    });
    // A first source has nothing stored to keep: its address is sent even when it reads like the answer.
    expect(saveInputOf('c1', { kind: 'stream', url: 'rtsp://10.0.0.5:554/stream1', record: 'onDemand' }, null)).toMatchObject({
      url: 'rtsp://10.0.0.5:554/stream1',
    });
    expect(saveInputOf('c1', { kind: 'edge', url: 'rtsp://10.0.0.5/x', record: 'onDemand' }, stored)).toEqual({
      cameraId: 'c1',
      kind: 'edge',
      record: 'onDemand',
    });
  });

  it('is for those the server lets manage cameras: every camera-management key shown, never the observer', () => {
    expect(canManageVideoSource(defaultPrivileges(RoleId.superManager), RoleId.superManager)).toBe(true);
    expect(canManageVideoSource(defaultPrivileges(RoleId.superManager), RoleId.observer)).toBe(false);
    expect(canManageVideoSource({ ...defaultPrivileges(RoleId.superManager), config_page: 1 }, RoleId.superManager)).toBe(false);
    expect(canManageVideoSource(null, RoleId.superManager)).toBe(false);
    expect(canManageVideoSource(defaultPrivileges(RoleId.superManager), null)).toBe(false);
  });
});
