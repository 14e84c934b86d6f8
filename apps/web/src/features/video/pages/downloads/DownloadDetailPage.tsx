import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { CanButton } from '../../../session/components/CanButton.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { DOWNLOADS_PATH } from '../../downloadRoutes.tsx';
import { fetchDownloadDetail } from '../../downloadsApi.ts';
import { DownloadStatusCell, isBeingMade } from './downloadStatus.tsx';
import { useDownloadActions } from './useDownloadActions.ts';

const POLL_MS = 2000;
const MB = 1024 * 1024;

/** One download task (/download/viewDetails?id=, hidden): its fields, recorded seconds, and its actions. */
export function DownloadDetailPage() {
  const { t } = useTranslation('videoDownloads');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const { busy, save, rebuild } = useDownloadActions();
  const detail = useQuery({
    queryKey: ['videoDownloads', 'detail', cid, id],
    queryFn: () => fetchDownloadDetail(id),
    enabled: cid !== null && id !== '',
    refetchInterval: (query) => (query.state.data && isBeingMade(query.state.data) ? POLL_MS : false),
  });
  const row = detail.data;
  if (detail.isLoading) return <Spin />;
  if (!row) return <Empty description={<Link to={DOWNLOADS_PATH}>{t('back')}</Link>} />;
  const seconds = (Date.parse(row.end) - Date.parse(row.start)) / 1000;
  const inZone = (iso: string) => formatDateTime(iso, locale, { timeZone: row.timeZone, seconds: true });
  return (
    <Card size="small" data-testid="download-detail">
      <SectionHeading>{t('detailTitle', { id: row.id.slice(-8) })}</SectionHeading>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('columns.id')}>{row.id}</Descriptions.Item>
        <Descriptions.Item label={t('columns.status')}>
          <DownloadStatusCell row={row} />
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.shop')}>{row.shopName}</Descriptions.Item>
        <Descriptions.Item label={t('columns.camera')}>{row.cameraName}</Descriptions.Item>
        <Descriptions.Item label={t('start')}>{inZone(row.start)}</Descriptions.Item>
        <Descriptions.Item label={t('end')}>{inZone(row.end)}</Descriptions.Item>
        <Descriptions.Item label={t('recorded')}>
          <span data-testid="download-recorded">{t('recordedOf', { recorded: row.recordedSeconds, total: seconds })}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('size')}>{row.bytes === null ? '--' : `${(row.bytes / MB).toFixed(1)} MB`}</Descriptions.Item>
        <Descriptions.Item label={t('columns.creator')}>{row.creatorName}</Descriptions.Item>
        <Descriptions.Item label={t('createdAt')}>{formatDateTime(row.createdAt, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('columns.completedAt')}>{row.completedAt ? formatDateTime(row.completedAt, locale) : '--'}</Descriptions.Item>
        <Descriptions.Item label={t('expiresAt')}>{row.expiresAt ? formatDateTime(row.expiresAt, locale) : '--'}</Descriptions.Item>
        <Descriptions.Item label={t('attempts')}>{row.attempts}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 12 }}>
        <Link to={DOWNLOADS_PATH}>{t('back')}</Link>
        {row.status === 'generated' && (
          <Button type="primary" loading={busy === row.id} onClick={() => void save(row)} data-testid="download-detail-save">
            {t('download')}
          </Button>
        )}
        {(row.status === 'generated' || row.status === 'expired' || row.status === 'failed') && (
          <CanButton permission="video_download" onClick={() => void rebuild(row)} data-testid="download-detail-rebuild">
            {row.status === 'failed' ? t('retry') : t('resynthesise')}
          </CanButton>
        )}
      </Space>
    </Card>
  );
}
