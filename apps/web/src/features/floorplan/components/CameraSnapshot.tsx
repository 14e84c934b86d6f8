import { videoKeyframeOperations, videoOperations } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callOperation } from '../../../shared/lib/operations.ts';
import type { PairRow } from '../editor/calibrationPairs.ts';

/**
 * The camera's newest recorded frame at full size: the last keyframe instant of today or yesterday
 * (the browser's days; the shop's may differ by one, hence both), taken as a screenshot (video_nav,
 * recorded in the camera live log like any screenshot). Null when the camera recorded nothing then.
 */
async function newestFrame(cameraId: string): Promise<Blob | null> {
  for (const daysBack of [0, 1]) {
    const date = dayjs().subtract(daysBack, 'day').format('YYYY-MM-DD');
    const day = await callOperation(videoKeyframeOperations.keyframes, { cameraId, date }, { silent: true });
    const last = day.frames.at(-1);
    if (last) return (await callOperation(videoOperations.screenshot, { cameraId, at: last.at }, { silent: true })) as Blob;
  }
  return null;
}

/**
 * The camera snapshot of the clicked-point calibration: a click on a floor point fills the pixel side
 * (u, v at the calibration size, whatever size the frame was recorded or is drawn at) of the pair being
 * picked; the pairs' pixels are marked with their numbers. Without a frame (no recording, no video key)
 * the pixels are typed.
 */
export function CameraSnapshot({
  cameraId,
  calibration,
  rows,
  pickRow,
  onPick,
}: {
  cameraId: string;
  calibration: { width: number; height: number } | null;
  rows: readonly PairRow[];
  pickRow: number;
  onPick: (pixel: { u: number; v: number }) => void;
}) {
  const { t } = useTranslation('floorplan');
  const frame = useQuery({
    queryKey: ['floorplan', 'calibrationSnapshot', cameraId],
    queryFn: () => newestFrame(cameraId),
    enabled: Boolean(cameraId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!frame.data) return undefined;
    const made = URL.createObjectURL(frame.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [frame.data]);

  if (frame.isLoading) return <Spin size="small" />;
  if (!url || !frame.data || !calibration) return <Typography.Text type="secondary">{t('calibration.snapshotNone')}</Typography.Text>;
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onPick({ u: ((event.clientX - box.left) / box.width) * calibration.width, v: ((event.clientY - box.top) / box.height) * calibration.height });
  };
  return (
    <div>
      <Typography.Text type="secondary">{t('calibration.snapshotHint', { n: pickRow + 1 })}</Typography.Text>
      <div style={{ position: 'relative', marginTop: 4 }}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the pixels can also be typed in the rows beside */}
        <img
          src={url}
          alt={t('calibration.snapshot')}
          onClick={pick}
          style={{ display: 'block', width: '100%', cursor: 'crosshair' }}
          data-testid="camera-point-snapshot"
        />
        {rows.map((row, index) =>
          row.u === null || row.v === null ? null : (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a marker is its pair's position
              key={index}
              aria-hidden
              className="sl-snapshot-marker"
              style={{ left: `${(row.u / calibration.width) * 100}%`, top: `${(row.v / calibration.height) * 100}%` }}
            >
              {index + 1}
            </span>
          ),
        )}
      </div>
    </div>
  );
}
