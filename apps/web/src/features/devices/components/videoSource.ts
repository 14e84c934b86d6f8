import {
  type OperationInput,
  type OperationOutput,
  type PermissionMap,
  type RECORD_MODES,
  RoleId,
  SETTINGS_PAGE_FLAGS,
  type VIDEO_SOURCE_KINDS,
  type videoOperations,
} from '@storelens/contracts';
import { resolvePermission } from '../../session/permissions.ts';

/** A camera's video source as the server answers it: the address without its user and password. */
export type VideoSource = NonNullable<OperationOutput<typeof videoOperations.sourceGet>>;
export type VideoSourceInput = OperationInput<typeof videoOperations.sourceSave>;

export interface VideoSourceValues {
  kind: (typeof VIDEO_SOURCE_KINDS)[number];
  url: string;
  record: (typeof RECORD_MODES)[number];
}

/** The form's values for a camera's source; a camera without one starts as a stream recorded continuously (the contract's defaults). */
export function formValuesOf(source: VideoSource | null): VideoSourceValues {
  return { kind: source?.kind ?? 'stream', url: source?.url ?? '', record: source?.record ?? 'continuous' };
}

/**
 * What the form sends. The address shown is the stored one without its user and password, so
 * sending it back unchanged would drop them and the camera would stop answering: an unchanged
 * address is left out, and the server keeps the stored one whole. An edge box has no address.
 */
export function saveInputOf(cameraId: string, values: VideoSourceValues, current: VideoSource | null): VideoSourceInput {
  if (values.kind === 'edge') return { cameraId, kind: 'edge', record: values.record };
  const url = values.url.trim();
  const unchanged = current?.kind === 'stream' && current.url !== null && url === current.url;
  return unchanged ? { cameraId, kind: 'stream', record: values.record } : { cameraId, kind: 'stream', url, record: values.record };
}

/**
 * Whether the caller may read and change camera sources: the server's guard of video.sourceGet and
 * video.sourceSave (every camera-management key shown, the observer barred whatever the map says).
 * A key that is only disabled refuses too, so the form is not shown rather than shown empty.
 */
export function canManageVideoSource(map: Partial<PermissionMap> | null, rid: number | null): boolean {
  if (rid === null || rid === RoleId.observer) return false;
  return SETTINGS_PAGE_FLAGS.cameras.every((key) => resolvePermission(map, key) === 'shown');
}
