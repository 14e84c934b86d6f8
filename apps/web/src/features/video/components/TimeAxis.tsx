import type { AvailabilityResponse } from '@storelens/contracts';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface TimeAxisProps {
  availability: AvailabilityResponse | undefined;
  /** Alarm instants (ms) to mark; none until alarms exist. */
  alarms: readonly number[];
  /** The instant shown now, drawn as the playhead. */
  currentMs: number | null;
  onSeek: (atMs: number) => void;
}

const HEIGHT = 36;
const RECORDED = '#52c41a';
const EMPTY = '#f0f0f0';
const ALARM = '#cf1322';
const HEAD = '#1677ff';

/** The bucket index of a horizontal position on the axis. */
export function bucketAt(x: number, width: number, buckets: number): number {
  return Math.min(buckets - 1, Math.max(0, Math.floor((x / width) * buckets)));
}

/**
 * The playback time axis: about 30 days in 10-minute buckets (spec section 9), green where video
 * exists, red marks where alarms happened, the playhead in blue. Clicking a bucket seeks to its
 * start; arrow keys move one bucket, Page keys one day.
 */
export function TimeAxis({ availability, alarms, currentMs, onSeek }: TimeAxisProps) {
  const { t } = useTranslation('playback');
  const canvas = useRef<HTMLCanvasElement>(null);
  const buckets = availability?.recordedSeconds.length ?? 0;
  const fromMs = availability ? Date.parse(availability.from) : 0;
  const bucketMs = availability?.bucketMs ?? 600_000;

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !availability) return;
    const width = element.clientWidth;
    element.width = width * devicePixelRatio;
    element.height = HEIGHT * devicePixelRatio;
    context.scale(devicePixelRatio, devicePixelRatio);
    context.fillStyle = EMPTY;
    context.fillRect(0, 0, width, HEIGHT);
    context.fillStyle = RECORDED;
    availability.recordedSeconds.forEach((seconds, index) => {
      if (seconds > 0) context.fillRect((index / buckets) * width, 8, Math.max(1, width / buckets), HEIGHT - 16);
    });
    context.fillStyle = ALARM;
    for (const at of alarms) context.fillRect(((at - fromMs) / (buckets * bucketMs)) * width, 0, 2, 8);
    if (currentMs !== null) {
      context.fillStyle = HEAD;
      context.fillRect(((currentMs - fromMs) / (buckets * bucketMs)) * width - 1, 0, 2, HEIGHT);
    }
  }, [availability, alarms, currentMs, buckets, fromMs, bucketMs]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!availability) return;
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(fromMs + bucketAt(event.clientX - box.left, box.width, buckets) * bucketMs);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!availability) return;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageDown: -144, PageUp: 144 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const base = currentMs ?? Date.now();
    onSeek(Math.max(fromMs, base + step * bucketMs));
  };

  return (
    // A slider for assistive technology: the value is the instant shown; the canvas only draws.
    <div
      className="video-axis"
      role="slider"
      tabIndex={0}
      aria-label={t('axis.label')}
      aria-valuemin={fromMs}
      aria-valuemax={fromMs + buckets * bucketMs}
      aria-valuenow={currentMs ?? fromMs}
      aria-valuetext={currentMs === null ? t('axis.none') : new Date(currentMs).toLocaleString()}
      data-testid="video-axis"
      data-from={availability?.from}
      data-buckets={buckets}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <canvas ref={canvas} style={{ width: '100%', height: HEIGHT, display: 'block' }} />
    </div>
  );
}
