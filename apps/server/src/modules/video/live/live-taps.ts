import type { Fmp4Feed } from './fmp4-feed.ts';

/**
 * The live feeds of the cameras this process records: each recorder run publishes the second
 * output of its ffmpeg here, and the live relay reads it, so a recorded camera is pulled once for
 * recording and every live viewer (a demo stream, like many cameras, accepts one client).
 */
export function createLiveTaps() {
  const feeds = new Map<string, Fmp4Feed>();
  return {
    publish(cameraId: string, feed: Fmp4Feed) {
      // An ended feed is never answered (below) and the camera's next run replaces it.
      feeds.set(cameraId, feed);
    },
    /** The recorder's running feed of a camera, if it is recorded in this process. */
    feed(cameraId: string): Fmp4Feed | undefined {
      const feed = feeds.get(cameraId);
      return feed && !feed.ended ? feed : undefined;
    },
  };
}
export type LiveTaps = ReturnType<typeof createLiveTaps>;

/**
 * The taps of this process: the recorders (started with the background work) and the HTTP app
 * are built apart in main.ts, and when ROLE=all they share them through this one registry. With a
 * separate worker the relay finds no tap and pulls the camera itself.
 */
export const processLiveTaps: LiveTaps = createLiveTaps();
