import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/analytics/format.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import type { SavedReport } from '../../api.ts';

export interface SavedReportsCardProps {
  reports: SavedReport[];
  loading: boolean;
  openReportId: string | null;
  onOpen(report: SavedReport): void;
  onRename(report: SavedReport): void;
  onDelete(report: SavedReport): void;
}

/** The user's saved reports, most recently saved first: open one (its choices come back and it runs), rename it, delete it. */
export function SavedReportsCard({ reports, loading, openReportId, onOpen, onRename, onDelete }: SavedReportsCardProps) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const columns: TableColumnsType<SavedReport> = [
    {
      key: 'name',
      title: t('traffic:customTool.analysis.name'),
      render: (_, report) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Link onClick={() => onOpen(report)} data-testid={`saved-report-open-${report.name}`}>
              {report.name}
            </Typography.Link>
            {report.reportId === openReportId && <Tag color="blue">{t('traffic:customTool.analysis.current')}</Tag>}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`traffic:customTool.analysis.dimensions.${report.definition.dimension}`)} ·{' '}
            {report.definition.rolling ? `${t(`messages:reportFile.${report.definition.rolling}`)}: ` : ''}
            {report.definition.startDate} ~ {report.definition.endDate}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('traffic:customTool.analysis.savedAt', { time: formatDateTime(report.updatedAt, locale) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'actions',
      width: 80,
      align: 'right',
      render: (_, report) => (
        <Space size={0}>
          <Tooltip title={t('traffic:customTool.analysis.rename')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('traffic:customTool.analysis.rename')}
              onClick={() => onRename(report)}
              data-testid={`saved-report-rename-${report.name}`}
            />
          </Tooltip>
          <Tooltip title={t('common:delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common:delete')}
              onClick={() => onDelete(report)}
              data-testid={`saved-report-delete-${report.name}`}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" title={t('traffic:customTool.analysis.savedTitle')}>
      <Table<SavedReport>
        rowKey="reportId"
        size="small"
        showHeader={false}
        columns={columns}
        dataSource={reports}
        loading={loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        // antd's empty-table text is #bfbfbf (1.8:1): the secondary text colour reads.
        locale={{ emptyText: <Typography.Text type="secondary">{t('traffic:customTool.analysis.savedEmpty')}</Typography.Text> }}
        data-testid="saved-reports"
      />
    </Card>
  );
}
