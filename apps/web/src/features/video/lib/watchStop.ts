import { type OperationInput, videoOperations } from '@storelens/contracts';
import { callOperation } from '../../../shared/lib/operations.ts';

export type WatchStop = OperationInput<typeof videoOperations.playbackStop>;

/**
 * Tells the server a view stopped (the spec's "playback stop"), so the camera live log keeps what
 * was really watched. Quiet: a lost report costs a log row its end, never the viewer an error.
 */
export function reportWatchStop(stop: WatchStop, options: { keepalive?: boolean } = {}): void {
  void callOperation(videoOperations.playbackStop, stop, { silent: true, keepalive: options.keepalive }).catch(() => undefined);
}

/**
 * Reports the stop when the page goes away with the view still open (a closed tab runs no React
 * clean-up). Answers the function that removes the listener.
 */
export function reportStopOnPageHide(stopOf: () => WatchStop | null): () => void {
  const onPageHide = () => {
    const stop = stopOf();
    if (stop) reportWatchStop(stop, { keepalive: true });
  };
  window.addEventListener('pagehide', onPageHide);
  return () => window.removeEventListener('pagehide', onPageHide);
}
