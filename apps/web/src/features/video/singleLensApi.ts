import { type KeyframesResponse, type SingleLensResponse, singleLensOperations, videoKeyframeOperations } from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Single-lens analysis: the traffic figures (traffic key) and the keyframe strip (video_nav). */
export const fetchCameraStatistics = (cameraId: string, date: string): Promise<SingleLensResponse> =>
  callOperation(singleLensOperations.cameraStatistics, { cameraId, date });
export const fetchKeyframes = (cameraId: string, date: string): Promise<KeyframesResponse> =>
  callOperation(videoKeyframeOperations.keyframes, { cameraId, date });
/** A thumbnail fetched with the session (no token in an image URL), shown from an object URL. */
export const fetchKeyframe = (cameraId: string, segmentId: string): Promise<Blob> =>
  callOperation(videoKeyframeOperations.keyframe, { cameraId, segmentId }, { silent: true }) as Promise<Blob>;
