import type { RectificationDetail } from '@storelens/contracts';
import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { MediaImage } from './MediaImage.tsx';

const FRAME_WIDTH = 420;

/**
 * Before and after, side by side: the camera's frame that showed the problem and the same camera's
 * frame at the deadline (taken by the server from the recording once the deadline has passed), then
 * the other evidence pictures. Where a frame is still to come or could not be taken, it says so.
 */
export function BeforeAfter({ item }: { item: RectificationDetail }) {
  const { t } = useTranslation('rectification');
  const locale = useSessionStore((state) => state.locale);
  const inStore = { timeZone: item.timeZone };
  const before = item.evidence.find((media) => media.kind === 'screenshot');
  const others = item.evidence.filter((media) => media !== before);
  const frameAt = item.frame.at ? formatDateTime(item.frame.at, locale, inStore) : '';

  const placeholder = (text: string, testId: string) => (
    <Flex
      align="center"
      justify="center"
      style={{ width: FRAME_WIDTH, maxWidth: '100%', aspectRatio: '16 / 9', background: '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 4 }}
    >
      <Typography.Text type="secondary" data-testid={testId} style={{ padding: 16, textAlign: 'center' }}>
        {text}
      </Typography.Text>
    </Flex>
  );
  const beforeNote =
    item.evidenceFrame.status === 'pending'
      ? t('frames.evidencePending')
      : item.evidenceFrame.status === 'missing'
        ? (item.evidenceFrame.note ?? '')
        : t('frames.noCamera');
  const afterNote =
    item.frame.status === 'pending'
      ? t('frames.afterPending', { time: frameAt })
      : item.frame.status === 'missing'
        ? (item.frame.note ?? '')
        : t('frames.noCamera');

  return (
    <Card size="small" data-testid="rectification-comparison">
      <SectionHeading>{t('frames.title')}</SectionHeading>
      {item.frame.status === 'none' && !before ? (
        <Typography.Paragraph type="secondary">{t('frames.noCameraLong')}</Typography.Paragraph>
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12}>
            <Typography.Text strong>{t('frames.before')}</Typography.Text>
            <div style={{ marginTop: 8 }} data-testid="rectification-before">
              {before ? <MediaImage media={before} width={FRAME_WIDTH} timeZone={item.timeZone} /> : placeholder(beforeNote, 'rectification-before-note')}
            </div>
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Text strong>{t('frames.after', { time: frameAt })}</Typography.Text>
            <div style={{ marginTop: 8 }} data-testid="rectification-after" data-status={item.frame.status}>
              {item.frame.media ? (
                <MediaImage media={item.frame.media} width={FRAME_WIDTH} timeZone={item.timeZone} />
              ) : (
                placeholder(afterNote, 'rectification-after-note')
              )}
            </div>
          </Col>
        </Row>
      )}
      <div style={{ marginTop: 16 }}>
        <Typography.Text strong>{t('frames.evidence')}</Typography.Text>
        {others.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('frames.noPhotos')} />
        ) : (
          <Flex wrap gap={12} style={{ marginTop: 8 }} data-testid="rectification-evidence">
            {others.map((media) => (
              <MediaImage key={media.mediaId} media={media} timeZone={item.timeZone} />
            ))}
          </Flex>
        )}
      </div>
    </Card>
  );
}
