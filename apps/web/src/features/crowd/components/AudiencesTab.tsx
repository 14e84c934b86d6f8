import type { AudienceRow, GenerationStatus } from '@storelens/contracts';
import { App, Button, Input, Modal, Progress, Select, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { deleteAudience, evaluateAudience, exportAudience, generateAudience } from '../api.ts';
import { useAudiences, useChannels, useCrowdRefresh } from '../hooks/useCrowd.ts';
import { AudienceForm } from './AudienceForm.tsx';
import { UploadAudienceModal } from './UploadAudienceModal.tsx';

const STATUS_COLOURS: Record<GenerationStatus, string> = { notGenerated: 'default', generating: 'processing', generated: 'success', failed: 'error' };

/** The audiences list: state and progress, size and MAC quantity, stores, dates, conditions, evaluation; actions per row. */
export function AudiencesTab() {
  const { t } = useTranslation('crowd');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const [keyword, setKeyword] = useState('');
  const paging = usePaging(keyword);
  const list = useAudiences(paging.page, paging.pageSize, keyword);
  const channels = useChannels();
  const refresh = useCrowdRefresh();
  const [editing, setEditing] = useState<AudienceRow | 'new' | null>(null);
  const [uploading, setUploading] = useState(false);
  const [exporting, setExporting] = useState<AudienceRow | null>(null);
  const [channelId, setChannelId] = useState<string | null>(null);

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) message.success(done);
    } catch (error) {
      if (isHttpError(error) && error.kind === 'cancelled') return;
    } finally {
      void refresh();
    }
  };

  const conditionsText = (row: AudienceRow) => {
    const c = row.conditions;
    if (row.strategy === 'combined') return `${t(`operations.${c.operation ?? 'union'}`)}: ${row.sources.map((source) => source.name).join(', ')}`;
    if (row.strategy !== 'custom') return t(`strategyNotes.${row.strategy}`);
    const parts = [t('conditions.visits', { min: c.minVisits, max: c.maxVisits ?? '∞' })];
    if (c.minDwellMinutes !== undefined || c.maxDwellMinutes !== undefined)
      parts.push(t('conditions.dwell', { min: c.minDwellMinutes ?? 0, max: c.maxDwellMinutes ?? '∞' }));
    if (c.fromHour !== undefined || c.toHour !== undefined) parts.push(t('conditions.hours', { from: c.fromHour ?? 0, to: c.toHour ?? 24 }));
    return parts.join('; ');
  };

  const secondary = (text: string) => (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  const clipped = (text: string, secondaryText = false) => (
    <Typography.Text
      type={secondaryText ? 'secondary' : undefined}
      ellipsis={{ tooltip: text }}
      style={{ maxWidth: 190, fontSize: secondaryText ? 12 : undefined }}
    >
      {text}
    </Typography.Text>
  );
  const columns: TableColumnsType<AudienceRow> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          {clipped(row.name)}
          {secondary(formatDateTime(row.createdAt, locale))}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('columns.type'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span>{t(`strategies.${row.strategy}`)}</span>
          {secondary(t(`types.${row.type}`))}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, row) => (
        <Space orientation="vertical" size={2} style={{ minWidth: 120 }}>
          <Space
            orientation="vertical"
            size={2}
            style={{ width: '100%' }}
            data-testid={`audience-status-${row.audienceId}`}
            data-status={row.status}
            data-progress={row.progress}
          >
            <Tag color={STATUS_COLOURS[row.status]}>{t(`statuses.${row.status}`)}</Tag>
            {row.status === 'generating' && <Progress percent={row.progress} size="small" aria-label={t('columns.progress')} />}
            {row.failure && clipped(row.failure, true)}
          </Space>
          <span data-testid={`audience-evaluation-${row.audienceId}`} data-status={row.evaluation.status}>
            {clipped(
              row.evaluation.status === 'completed'
                ? t('evaluationSummary', {
                    size: row.evaluation.estimatedSize ?? '--',
                    overlaps:
                      row.evaluation.overlaps
                        .slice(0, 2)
                        .map((overlap) => `${overlap.name} ${overlap.shared}`)
                        .join(', ') || '--',
                  })
                : t(`evaluations.${row.evaluation.status}`),
              true,
            )}
          </span>
        </Space>
      ),
    },
    {
      key: 'size',
      title: t('columns.size'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span data-testid={`audience-size-${row.audienceId}`}>{row.size.toLocaleString(locale)}</span>
          {secondary(t('columns.macQuantityValue', { count: row.macQuantity, randomized: row.randomizedCount }))}
        </Space>
      ),
    },
    {
      key: 'shops',
      title: t('columns.stores'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          {clipped(row.shops.map((shop) => shop.name).join(', ') || '--')}
          {secondary(row.startDate && row.endDate ? `${row.startDate} ~ ${row.endDate}` : '--')}
          {clipped(conditionsText(row), true)}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      width: 176,
      render: (_, row) => (
        <Space size={0} wrap>
          <CanButton
            permission="crowd_create"
            type="link"
            size="small"
            onClick={() => void act(() => generateAudience(row.audienceId))}
            data-testid={`audience-generate-${row.audienceId}`}
          >
            {t('actions.generate')}
          </CanButton>
          <CanButton
            permission="crowd_create"
            type="link"
            size="small"
            onClick={() => void act(() => evaluateAudience(row.audienceId))}
            data-testid={`audience-evaluate-${row.audienceId}`}
          >
            {t('actions.evaluate')}
          </CanButton>
          <Tooltip title={row.editable ? undefined : t('intelligentLocked')}>
            <span>
              <CanButton
                permission="crowd_create"
                type="link"
                size="small"
                disabled={!row.editable || row.strategy === 'uploaded'}
                onClick={() => setEditing(row)}
              >
                {t('actions.edit')}
              </CanButton>
            </span>
          </Tooltip>
          <CanButton
            permission="crowd_create"
            type="link"
            size="small"
            disabled={row.status !== 'generated'}
            onClick={() => setExporting(row)}
            data-testid={`audience-export-${row.audienceId}`}
          >
            {t('actions.export')}
          </CanButton>
          <CanButton
            permission="crowd_create"
            type="link"
            size="small"
            danger
            onClick={() =>
              void requestConfirmation({ title: t('deleteTitle', { name: row.name }), body: t('deleteBody'), danger: true, onConfirm: () => true }).then(
                (yes) => {
                  if (yes) void act(() => deleteAudience(row.audienceId), t('deleted'));
                },
              )
            }
          >
            {t('actions.delete')}
          </CanButton>
        </Space>
      ),
    },
  ];

  const runExport = async () => {
    if (!exporting || !channelId) return;
    const channel = channels.data?.find((candidate) => candidate.channelId === channelId);
    await act(async () => {
      const blob = await exportAudience(exporting.audienceId, channelId);
      saveBlob(blob, `${exporting.name}-${channel?.name ?? 'export'}.${channel?.format ?? 'csv'}`);
    });
    setExporting(null);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Input.Search allowClear placeholder={t('search')} aria-label={t('search')} onSearch={setKeyword} style={{ width: 240 }} />
        <Space>
          <CanButton permission="crowd_create" onClick={() => setUploading(true)} data-testid="audience-upload">
            {t('actions.upload')}
          </CanButton>
          <CanButton permission="crowd_create" type="primary" onClick={() => setEditing('new')} data-testid="audience-add">
            {t('actions.add')}
          </CanButton>
        </Space>
      </Space>
      <Table<AudienceRow>
        rowKey="audienceId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isLoading}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
        scroll={{ x: 'max-content' }}
        data-testid="audience-list"
      />
      {editing && (
        <AudienceForm
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('saved'));
            void refresh();
          }}
        />
      )}
      {uploading && (
        <UploadAudienceModal
          onClose={() => setUploading(false)}
          onSaved={() => {
            setUploading(false);
            message.success(t('saved'));
            void refresh();
          }}
        />
      )}
      {exporting && (
        <Modal
          open
          title={t('exportTitle', { name: exporting.name })}
          okText={t('actions.export')}
          okButtonProps={{ disabled: !channelId, id: 'export-confirm' }}
          onOk={() => void runExport()}
          onCancel={() => setExporting(null)}
          maskClosable={false}
        >
          <Typography.Paragraph type="secondary">{t('exportHelp', { size: exporting.size, randomized: exporting.randomizedCount })}</Typography.Paragraph>
          <Select
            style={{ width: '100%' }}
            placeholder={t('channel')}
            aria-label={t('channel')}
            value={channelId}
            onChange={setChannelId}
            options={(channels.data ?? []).map((channel) => ({ value: channel.channelId, label: `${channel.name} (${channel.format})` }))}
            data-testid="export-channel"
          />
          {(channels.data ?? []).length === 0 && <Typography.Text type="secondary">{t('noChannels')}</Typography.Text>}
        </Modal>
      )}
      {list.data && list.data.total === 0 && (
        <Button type="link" onClick={() => setEditing('new')}>
          {t('empty')}
        </Button>
      )}
    </Space>
  );
}
