import type { DownloadRow, DownloadStatus } from '@storelens/contracts';
import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<DownloadStatus, string> = {
  toBeGenerated: 'default',
  generating: 'processing',
  generated: 'success',
  failed: 'error',
  expired: 'warning',
};

export const isBeingMade = (row: Pick<DownloadRow, 'status'>) => row.status === 'toBeGenerated' || row.status === 'generating';

/** A task's status: its tag, the progress bar while it is made, the reason when it failed. */
export function DownloadStatusCell({ row }: { row: DownloadRow }) {
  const { t } = useTranslation('videoDownloads');
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }} data-testid={`download-status-${row.id}`} data-status={row.status}>
      <Tag color={STATUS_COLOURS[row.status]}>{t(`statuses.${row.status}`)}</Tag>
      {isBeingMade(row) && <Progress percent={row.progress} size="small" aria-label={t('progress')} />}
      {row.status === 'failed' && row.failure && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {row.failure}
        </Typography.Text>
      )}
    </Space>
  );
}
