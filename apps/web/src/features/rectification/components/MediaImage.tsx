import type { RectificationMedia } from '@storelens/contracts';
import { Image, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useMediaUrl } from '../hooks/useMediaUrl.ts';

/** One picture of an item, fetched with the session, with what it shows under it (camera and time); a click enlarges it. */
export function MediaImage({ media, width = 160, caption, timeZone }: { media: RectificationMedia; width?: number; caption?: string; timeZone?: string }) {
  const { t } = useTranslation('rectification');
  const locale = useSessionStore((state) => state.locale);
  const { url, failed } = useMediaUrl(media.mediaId);
  const height = media.width > 0 && media.height > 0 ? Math.round((width * media.height) / media.width) : Math.round((width * 3) / 4);
  const described =
    caption ??
    (media.kind === 'screenshot'
      ? t('media.screenshot', { camera: media.cameraName ?? '', time: formatDateTime(media.capturedAt, locale, timeZone ? { timeZone } : {}) })
      : t('media.image'));
  return (
    <figure style={{ margin: 0, width }} data-testid={`media-${media.mediaId}`} data-role={media.role}>
      {url ? (
        <Image src={url} width={width} height={height} alt={described} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ) : failed ? (
        <div style={{ width, height, display: 'grid', placeItems: 'center', background: '#f5f5f5', borderRadius: 4 }}>
          <Typography.Text type="secondary">{t('media.unavailable')}</Typography.Text>
        </div>
      ) : (
        <Skeleton.Image active style={{ width, height }} />
      )}
      <figcaption>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {described}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}
