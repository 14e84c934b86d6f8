import { useEffect, useRef, useState } from 'react';
import { layerStyle, type PlanView } from './PlanCanvas.tsx';
import { packTracks, strokeTracks, type Track, type TrajectoryReply, type TrajectoryRequest } from './trajectoryPaths.ts';

interface Drawing {
  packed: Float64Array;
  scale: number;
  width: number;
  height: number;
}

/** Draws tracks on the layer's canvas; `shown` gets the time (page clock) of the frame that shows them. */
interface TrackPainter {
  /** Where it draws: 'worker' or 'main' (the page's main thread), for the bench and the tests to tell. */
  where: 'worker' | 'main';
  draw(drawing: Drawing, shown: (shownAt: number) => void): void;
  dispose(): void;
}

/** The layer's canvas, over the plan's: made here rather than by React, as a canvas handed to a worker cannot be handed again (StrictMode mounts twice). */
function layerCanvas(host: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, layerStyle);
  host.append(canvas);
  return canvas;
}

function showAtSize(canvas: HTMLCanvasElement, { width, height }: Drawing) {
  Object.assign(canvas.style, { width: `${width}px`, height: `${height}px` });
}

/**
 * Draws in a worker on the layer's OffscreenCanvas: the strokes of a busy day (5,000 tracks, some
 * 7 million pixels of hairline) are rasterised there, while the page's main thread lays out and
 * paints the rest of the page. Null where the browser cannot.
 */
function workerPainter(host: HTMLElement, failed: () => void): TrackPainter | null {
  if (typeof Worker === 'undefined' || !('transferControlToOffscreen' in HTMLCanvasElement.prototype)) return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./trajectoryWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const canvas = layerCanvas(host);
  const offscreen = canvas.transferControlToOffscreen();
  worker.postMessage({ kind: 'canvas', canvas: offscreen } satisfies TrajectoryRequest, [offscreen]);
  worker.onerror = failed;
  let latest = 0;
  let shownLatest: ((shownAt: number) => void) | null = null;
  worker.onmessage = ({ data }: MessageEvent<TrajectoryReply>) => {
    if (data.shownAt === null) failed();
    // The worker's clock starts elsewhere: its epoch time on the page's clock.
    else if (data.drawing === latest) shownLatest?.(data.shownAt - performance.timeOrigin);
  };
  return {
    where: 'worker',
    draw(drawing, shown) {
      latest += 1;
      shownLatest = shown;
      showAtSize(canvas, drawing);
      // The packed tracks' buffer goes to the worker, not a copy of it.
      worker.postMessage({ kind: 'draw', drawing: latest, ...drawing } satisfies TrajectoryRequest, [drawing.packed.buffer]);
    },
    dispose() {
      worker.terminate();
      canvas.remove();
    },
  };
}

/** Draws on the page's main thread: where no worker can draw (and in jsdom, which has no canvas). */
function mainThreadPainter(host: HTMLElement): TrackPainter {
  const canvas = layerCanvas(host);
  let latest = 0;
  return {
    where: 'main',
    draw(drawing, shown) {
      latest += 1;
      const drawn = latest;
      showAtSize(canvas, drawing);
      // Setting the size clears the canvas, the same size too.
      [canvas.width, canvas.height] = [drawing.width, drawing.height];
      const context = canvas.getContext('2d');
      if (context) strokeTracks(context, drawing.packed, drawing.scale);
      // The canvas draws when the frame is made, not when its calls return.
      requestAnimationFrame(() => setTimeout(() => drawn === latest && shown(performance.now())));
    },
    dispose: () => canvas.remove(),
  };
}

/**
 * A day's tracks, drawn over the plan (its image below, what the page draws above) on a layer of
 * their own: the plan's image or the flow lines arriving do not draw them again. Each drawing is
 * timed by the performance measure `measure`, from its start until the frame that shows it, and
 * the layer's `data-tracks` says how many tracks that frame shows (`data-painter`: drawn in a 'worker' or on the 'main' thread).
 */
export function TrajectoryLayer({ tracks, view, measure, testId }: { tracks: readonly Track[] | undefined; view: PlanView; measure: string; testId: string }) {
  const host = useRef<HTMLDivElement>(null);
  const painter = useRef<TrackPainter | null>(null);
  const [inWorker, setInWorker] = useState(true);
  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const made = (inWorker ? workerPainter(element, () => setInWorker(false)) : null) ?? mainThreadPainter(element);
    painter.current = made;
    element.dataset.painter = made.where;
    return () => {
      made.dispose();
      painter.current = null;
    };
  }, [inWorker]);

  const { scale, width, height } = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a painter made again (the worker failed) draws again
  useEffect(() => {
    const started = performance.now();
    const list = tracks ?? [];
    painter.current?.draw({ packed: packTracks(list), scale, width, height }, (shownAt) => {
      if (host.current) host.current.dataset.tracks = String(list.length);
      performance.clearMeasures(measure);
      performance.measure(measure, { start: started, end: Math.max(started, shownAt), detail: { tracks: list.length } });
    });
  }, [tracks, scale, width, height, measure, inWorker]);

  return <div ref={host} data-testid={testId} style={layerStyle} />;
}
