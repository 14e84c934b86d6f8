/**
 * The drawing worker of the trajectories' layer (TrajectoryLayer.tsx): strokes a day's tracks on
 * the layer's OffscreenCanvas, so that the strokes are laid out and rasterised off the page's main
 * thread, beside whatever the page renders meanwhile (its tables, the plan's image), and says when the
 * frame that shows them was made.
 */
import { strokeTracks, type TrajectoryReply, type TrajectoryRequest } from './trajectoryPaths.ts';

let canvas: OffscreenCanvas | null = null;

/** After the next animation frame: the strokes were rasterised and handed to the compositor as the task that drew them ended. */
function afterNextFrame(then: () => void) {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(then));
  else setTimeout(then);
}

self.onmessage = ({ data }: MessageEvent<TrajectoryRequest>) => {
  if (data.kind === 'canvas') {
    canvas = data.canvas;
    return;
  }
  const context = canvas?.getContext('2d');
  if (!canvas || !context) {
    // A browser with OffscreenCanvas but no 2D context on it: the page draws the tracks itself.
    self.postMessage({ drawing: data.drawing, shownAt: null } satisfies TrajectoryReply);
    return;
  }
  // A new size also clears the bitmap; the same size keeps it, so clear it.
  if (canvas.width !== data.width || canvas.height !== data.height) [canvas.width, canvas.height] = [data.width, data.height];
  else context.clearRect(0, 0, data.width, data.height);
  strokeTracks(context, data.packed, data.scale);
  // In the epoch's milliseconds: the page's performance clock has another origin than the worker's.
  afterNextFrame(() => self.postMessage({ drawing: data.drawing, shownAt: performance.timeOrigin + performance.now() } satisfies TrajectoryReply));
};
