import type { ResultMedia, TodoDetail } from '@storelens/contracts';
import { Card, Descriptions, Empty, Flex, Image, Skeleton, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useBlobUrl } from '../../../../shared/hooks/useBlobUrl.ts';
import { formatDateTime } from '../../../../shared/lib/dateTime.ts';
import { detailPathFor } from '../../../rectification/routes.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { fetchResultMedia } from '../../api.ts';
import { useTodoDetail } from '../../hooks/useInspection.ts';

function Picture({ media, detail }: { media: ResultMedia; detail: TodoDetail }) {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  const { url } = useBlobUrl(media.mediaId, () => fetchResultMedia(media.mediaId));
  const camera = detail.cameras.find((one) => one.cameraId === media.cameraId)?.name ?? media.cameraId ?? '';
  const caption =
    media.kind === 'screenshot'
      ? `${camera} · ${t('todo.screenshotAt', { time: formatDateTime(media.capturedAt, locale, { timeZone: detail.timeZone, seconds: true }) })}`
      : t('todo.image');
  return (
    <figure style={{ margin: 0, width: 160 }} data-testid={`result-media-${media.mediaId}`} data-kind={media.kind}>
      {url ? <Image src={url} width={160} alt={caption} /> : <Skeleton.Image style={{ width: 160, height: 120 }} />}
      <figcaption>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {caption}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}

/**
 * A submitted inspection's result, read only (/myTodo/taskTodo/processRecord/detailsPatrol and
 * /myTodo/siteInspection/processRecord/detailsPatrol, hidden, their list highlighted): each item's
 * mark, remark, screenshots with camera and time, images, who and when, and the rectifications it
 * raised, each a link to its detail.
 */
export function ResultDetailsPage() {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  const [params] = useSearchParams();
  const assignmentId = params.get('assignmentId') ?? '';
  const detail = useTodoDetail(assignmentId);
  // Without an assignment (a bookmark cut short) the query never runs: say so rather than spin.
  if (!assignmentId || detail.isError) return <Empty description={t('todo.notFound')} />;
  const data = detail.data;
  if (!data) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="inspection-result" data-status={data.status}>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'plan', label: t('todo.columns.plan'), children: data.planName },
            { key: 'store', label: t('todo.columns.store'), children: data.shopName },
            { key: 'phase', label: t('todo.columns.phase'), children: data.batchId },
            { key: 'method', label: t('result.method'), children: data.method ? t(`result.methods.${data.method}`) : '—' },
            { key: 'by', label: t('result.completedBy'), children: data.completedBy?.name ?? '—' },
            {
              key: 'at',
              label: t('result.completedAt'),
              children: data.completedAt ? formatDateTime(data.completedAt, locale, { timeZone: data.timeZone }) : '—',
            },
          ]}
        />
      </Card>
      {data.items.map((item, index) => (
        <Card key={item.itemId} size="small" title={`${index + 1}. ${item.name}`} extra={<Tag>{item.categoryName}</Tag>} data-testid={`result-item-${index}`}>
          <Flex vertical gap={8}>
            <div>
              <Tag color={item.result === 'pass' ? 'success' : item.result === 'fail' ? 'error' : 'default'} data-testid={`result-mark-${index}`}>
                {item.result ? t(`todo.result.${item.result}`) : '—'}
              </Tag>
              {item.rectificationId && (
                <Link to={detailPathFor('created', item.rectificationId)} data-testid={`result-rectification-${index}`}>
                  {t('todo.rectificationRaised')}
                </Link>
              )}
            </div>
            {item.remark && <Typography.Text>{item.remark}</Typography.Text>}
            {item.media.length > 0 && (
              <Flex gap={8} wrap>
                {item.media.map((media) => (
                  <Picture key={media.mediaId} media={media} detail={data} />
                ))}
              </Flex>
            )}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
