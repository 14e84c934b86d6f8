import type { RectificationDetail } from '@storelens/contracts';
import { Alert, Card, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { MediaImage } from './MediaImage.tsx';

/** The handler's latest answer with its photos, and the reason of a rejection still to be answered (unless the page shows it already). */
export function AnswerView({ item, showRejection = true }: { item: RectificationDetail; showRejection?: boolean }) {
  const { t } = useTranslation('rectification');
  const locale = useSessionStore((state) => state.locale);
  return (
    <Card size="small" data-testid="rectification-answer">
      <SectionHeading>{t('answer.title')}</SectionHeading>
      {showRejection && item.rejectReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('answer.rejected', { reason: item.rejectReason })}
          data-testid="rectification-reject-reason"
        />
      )}
      {item.feedback ? (
        <>
          <Typography.Paragraph data-testid="rectification-feedback">{item.feedback.text}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('answer.meta', { round: item.feedback.round, time: formatDateTime(item.feedback.at, locale), name: item.handler.name })}
          </Typography.Text>
          {item.feedback.images.length > 0 && (
            <Flex wrap gap={12} style={{ marginTop: 12 }}>
              {item.feedback.images.map((media) => (
                <MediaImage key={media.mediaId} media={media} caption={t('answer.photo')} />
              ))}
            </Flex>
          )}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('answer.none')} />
      )}
    </Card>
  );
}
