import { videoOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerDownload } from '../../platform/http/download.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { VideoService } from './video.service.ts';

export function registerVideoRoutes(app: FastifyInstance, video: VideoService): void {
  registerOperation(app, videoOperations.availability, ({ body, request }) => video.availability(actorOf(request), body));
  registerDownload(app, videoOperations.playbackRecord, ({ query, request }) => video.playlist(actorOf(request), query));
  registerDownload(app, videoOperations.segment, ({ query, request }) => video.segment(actorOf(request), query));
  registerDownload(app, videoOperations.screenshot, async ({ body, request }) => {
    const shot = await video.screenshot(actorOf(request), body);
    return {
      fileName: `${shot.cameraId}-${shot.at.replace(/[:.]/g, '-')}.jpg`,
      content: shot.jpeg,
      contentType: 'image/jpeg',
      inline: true,
      // The stamp: which camera, which instant, and the hash an inspection keeps as evidence.
      headers: { 'x-video-camera-id': shot.cameraId, 'x-video-time': shot.at, 'x-video-sha256': shot.sha256 },
    };
  });
  registerOperation(app, videoOperations.playbackStop, ({ body, request }) => video.stop(actorOf(request), body));
  registerOperation(app, videoOperations.cameraLiveLog, ({ body, request }) => video.liveLog(actorOf(request), body));
  registerOperation(app, videoOperations.sourceGet, ({ body, request }) => video.source(actorOf(request), body.cameraId));
  registerOperation(app, videoOperations.sourceSave, ({ body, request }) => video.saveSource(actorOf(request), body));
}
