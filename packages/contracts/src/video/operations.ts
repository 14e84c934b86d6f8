import { z } from 'zod';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { SETTINGS_PAGE_FLAGS } from '../platform/permissions.ts';
import { RoleId } from '../platform/roles.ts';
import {
  availabilityResponseSchema,
  cameraRequestSchema,
  liveLogPageSchema,
  liveLogRequestSchema,
  playbackStopSchema,
  playlistQuerySchema,
  screenshotRequestSchema,
  segmentQuerySchema,
  videoSourceSaveSchema,
  videoSourceSchema,
} from './index.ts';

const tags = ['video'];
/** Watching recorded video: the video tab's key. */
export const VIDEO_GUARD: OperationGuard = { auth: 'customer', permission: 'video_nav' };
/** Who watched what (the camera live log) is for administrators. */
const administrators: OperationGuard = { auth: 'customer', allowRoles: [RoleId.superManager, RoleId.manager] };
/** A camera's source is camera management (config_page); the observer is barred from it (spec section 6). */
const cameraManagement: OperationGuard = { auth: 'customer', permission: SETTINGS_PAGE_FLAGS.cameras, barRoles: [RoleId.observer] };

export const videoOperations = {
  availability: declareOperation({
    name: 'video.availability',
    method: 'POST',
    path: '/api/video/availability',
    summary: "A camera's recorded seconds per 10-minute bucket over the last 30 days (the playback time axis)",
    tags,
    guard: VIDEO_GUARD,
    body: cameraRequestSchema,
    response: availabilityResponseSchema,
  }),
  playbackRecord: declareOperation({
    name: 'video.playbackRecord',
    method: 'GET',
    path: '/api/playback/record',
    summary: 'An HLS playlist (fMP4) of a camera for a time range, gaps marked as discontinuities',
    tags,
    guard: VIDEO_GUARD,
    query: playlistQuerySchema,
    response: 'file',
  }),
  playbackStop: declareOperation({
    name: 'video.playbackStop',
    method: 'POST',
    path: '/api/playback/stop',
    summary: 'A viewer stopped watching a camera live or recorded: the camera live log keeps the range really watched',
    tags,
    guard: VIDEO_GUARD,
    body: playbackStopSchema,
    response: z.null(),
  }),
  segment: declareOperation({
    name: 'video.segment',
    method: 'GET',
    path: '/api/video/segment',
    summary: 'One recorded segment of a playlist, streamed from storage (Range requests answered 206)',
    tags,
    guard: VIDEO_GUARD,
    query: segmentQuerySchema,
    response: 'file',
  }),
  screenshot: declareOperation({
    name: 'video.screenshot',
    method: 'POST',
    path: '/api/video/screenshot',
    summary: 'The recorded frame of a camera at an instant as a JPEG, stamped with camera, frame time and SHA-256',
    tags,
    guard: VIDEO_GUARD,
    body: screenshotRequestSchema,
    response: 'file',
  }),
  cameraLiveLog: declareOperation({
    name: 'video.cameraLiveLog',
    method: 'POST',
    path: '/api/camera/liveLog/list',
    summary: 'Who watched which camera, what and when (administrators), newest first',
    tags,
    guard: administrators,
    body: liveLogRequestSchema,
    response: liveLogPageSchema,
  }),
  sourceGet: declareOperation({
    name: 'video.sourceGet',
    method: 'POST',
    path: '/api/video/source/get',
    summary: "A camera's video source (the URL without credentials) and recording mode",
    tags,
    guard: cameraManagement,
    body: cameraRequestSchema,
    response: videoSourceSchema.nullable(),
  }),
  sourceSave: declareOperation({
    name: 'video.sourceSave',
    method: 'POST',
    path: '/api/video/source/save',
    summary: "Set a camera's video source: a stream URL (rtsp, rtsps, rtmp, tcp) or an edge box, recorded continuously or on demand",
    tags,
    guard: cameraManagement,
    body: videoSourceSaveSchema,
    response: videoSourceSchema,
  }),
} as const;
