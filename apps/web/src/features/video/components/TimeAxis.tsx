import type { AvailabilityResponse } from '@storelens/contracts';
import dayjs from 'dayjs';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface TimeAxisProps {
  availability: AvailabilityResponse | undefined;
  /** Alarm instants (ms) to mark; none until alarms exist. */
  alarms: readonly number[];
  /** The instant shown now, drawn as the playhead; the day row shows its day. */
  currentMs: number | null;
  onSeek: (atMs: number) => void;
}

const HEIGHT = 28;
const RECORDED = '#52c41a';
const EMPTY = '#f0f0f0';
const ALARM = '#cf1322';
const HEAD = '#1677ff';
const DAY_BUCKETS = 144;

/** The bucket index of a horizontal position on a row of `buckets` buckets. */
export function bucketAt(x: number, width: number, buckets: number): number {
  return Math.min(buckets - 1, Math.max(0, Math.floor((x / width) * buckets)));
}

/**
 * The day row's name: its date when it is a whole local day; otherwise (today, whose row ends at
 * now and so starts yesterday) the span it covers, so the label never names the wrong day.
 */
export function dayRowLabel(fromMs: number, spanMs: number): string {
  const start = dayjs(fromMs);
  if (start.valueOf() === start.startOf('day').valueOf()) return start.format('YYYY-MM-DD');
  return `${start.format('YYYY-MM-DD HH:mm')} – ${dayjs(fromMs + spanMs).format('YYYY-MM-DD HH:mm')}`;
}

/** The first bucket of the day row: the local day holding `atMs`, within the axis. */
export function dayRowStart(atMs: number, fromMs: number, bucketMs: number, buckets: number): number {
  const dayStart = dayjs(atMs).startOf('day').valueOf();
  return Math.min(Math.max(0, buckets - DAY_BUCKETS), Math.max(0, Math.floor((dayStart - fromMs) / bucketMs)));
}

function draw(
  canvas: HTMLCanvasElement | null,
  seconds: readonly number[],
  first: number,
  count: number,
  marks: { fromMs: number; spanMs: number; alarms: readonly number[]; head: number | null },
) {
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return;
  const width = canvas.clientWidth;
  canvas.width = width * devicePixelRatio;
  canvas.height = HEIGHT * devicePixelRatio;
  context.scale(devicePixelRatio, devicePixelRatio);
  context.fillStyle = EMPTY;
  context.fillRect(0, 0, width, HEIGHT);
  context.fillStyle = RECORDED;
  for (let index = 0; index < count; index += 1)
    if ((seconds[first + index] ?? 0) > 0) context.fillRect((index / count) * width, 6, Math.max(1, width / count), HEIGHT - 12);
  const x = (at: number) => ((at - marks.fromMs) / marks.spanMs) * width;
  context.fillStyle = ALARM;
  for (const at of marks.alarms) context.fillRect(x(at), 0, 2, 6);
  if (marks.head !== null) {
    context.fillStyle = HEAD;
    context.fillRect(x(marks.head) - 1, 0, 2, HEIGHT);
  }
}

/**
 * The playback time axis: about 30 days in 10-minute buckets (spec section 9), green where video
 * exists, red marks where alarms happened, the playhead in blue. A 30-day row is a few pixels per
 * hour, so a second row shows the current day's 144 buckets: clicking a bucket there seeks to its
 * start; clicking the 30-day row seeks to that moment (and shows its day). Arrow keys move one
 * bucket, Page keys one day.
 */
export function TimeAxis({ availability, alarms, currentMs, onSeek }: TimeAxisProps) {
  const { t } = useTranslation('playback');
  const month = useRef<HTMLCanvasElement>(null);
  const day = useRef<HTMLCanvasElement>(null);
  const buckets = availability?.recordedSeconds.length ?? 0;
  const fromMs = availability ? Date.parse(availability.from) : 0;
  const bucketMs = availability?.bucketMs ?? 600_000;
  const dayFirst = dayRowStart(currentMs ?? Date.now(), fromMs, bucketMs, buckets);
  const dayFromMs = fromMs + dayFirst * bucketMs;

  useEffect(() => {
    if (!availability) return;
    const seconds = availability.recordedSeconds;
    draw(month.current, seconds, 0, buckets, { fromMs, spanMs: buckets * bucketMs, alarms, head: currentMs });
    draw(day.current, seconds, dayFirst, DAY_BUCKETS, { fromMs: dayFromMs, spanMs: DAY_BUCKETS * bucketMs, alarms, head: currentMs });
  }, [availability, alarms, currentMs, buckets, fromMs, bucketMs, dayFirst, dayFromMs]);

  const clickOn = (first: number, count: number) => (event: MouseEvent<HTMLElement>) => {
    if (!availability) return;
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(fromMs + (first + bucketAt(event.clientX - box.left, box.width, count)) * bucketMs);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!availability) return;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageDown: -DAY_BUCKETS, PageUp: DAY_BUCKETS };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onSeek(Math.max(fromMs, (currentMs ?? Date.now()) + step * bucketMs));
  };

  return (
    // A slider for assistive technology: the value is the instant shown; the canvases only draw.
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
      onKeyDown={onKeyDown}
    >
      <canvas ref={month} className="video-axis-row" data-testid="video-axis-month" onClick={clickOn(0, buckets)} />
      <div className="video-axis-day-label">{dayRowLabel(dayFromMs, DAY_BUCKETS * bucketMs)}</div>
      <canvas
        ref={day}
        className="video-axis-row"
        data-testid="video-axis-day"
        data-first-bucket={dayFirst}
        data-day-buckets={DAY_BUCKETS}
        onClick={clickOn(dayFirst, DAY_BUCKETS)}
      />
    </div>
  );
}
