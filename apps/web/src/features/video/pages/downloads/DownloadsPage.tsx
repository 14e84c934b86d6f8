import { DOWNLOAD_STATUSES, type DownloadRow, type DownloadStatus, VIDEO_DOWNLOADS } from '@storelens/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Select, Space, Table, type TableColumnsType, TreeSelect, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaging } from '../../../../shared/hooks/usePaging.ts';
import { differsFromViewer, formatDate, formatDateTime, formatTime, zoneName } from '../../../../shared/lib/dateTime.ts';
import { isHttpError } from '../../../../shared/lib/http.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { CanButton } from '../../../session/components/CanButton.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { type CameraChoiceNode, cameraChoices, cameraIdsOf } from '../../cameraChoice.ts';
import { DOWNLOAD_DETAIL_PATH } from '../../downloadRoutes.tsx';
import { addDownloads, fetchDownloads } from '../../downloadsApi.ts';
import { DownloadStatusCell, isBeingMade } from './downloadStatus.tsx';
import { useDownloadActions } from './useDownloadActions.ts';

/** The list is asked again this often while a task is queued or being made (its progress bar). */
const POLL_MS = 2000;
const HOUR_MS = 3_600_000;

/** A range picker's value when both ends are chosen. */
const bothEnds = (value: [Dayjs | null, Dayjs | null] | null): [Dayjs, Dayjs] | null => (value?.[0] && value[1] ? [value[0], value[1]] : null);

/**
 * Video download tasks (/download, spec sections 3, 4 and 8): the batch form (cameras from the
 * camera tree, one time range: one task per camera), and the list with its status and progress,
 * download, resynthesise and retry. The server checks every limit; the form says them first.
 */
export function DownloadsPage() {
  const { t } = useTranslation('videoDownloads');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const choices = useMemo(() => cameraChoices(cameraTree), [cameraTree]);
  const [picked, setPicked] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [adding, setAdding] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<DownloadStatus[]>([]);
  const [startedIn, setStartedIn] = useState<[Dayjs, Dayjs] | null>(null);
  const paging = usePaging(JSON.stringify({ statuses, startedIn: startedIn?.map((day) => day.valueOf()) }));
  const { busy, save, rebuild } = useDownloadActions();

  const request = {
    page: paging.page,
    pageSize: paging.pageSize,
    ...(statuses.length > 0 ? { statuses } : {}),
    ...(startedIn ? { from: startedIn[0].startOf('day').toISOString(), to: startedIn[1].endOf('day').toISOString() } : {}),
  };
  const list = useQuery({
    queryKey: ['videoDownloads', 'list', cid, request],
    queryFn: () => fetchDownloads(request),
    enabled: cid !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some(isBeingMade) ? POLL_MS : false),
  });

  const cameraIds = cameraIdsOf(picked);
  const tooLong = range !== null && range[1].valueOf() - range[0].valueOf() > VIDEO_DOWNLOADS.maxRangeHours * HOUR_MS;
  const tooMany = cameraIds.length > VIDEO_DOWNLOADS.maxCamerasPerBatch;

  const add = async () => {
    if (!range) return;
    setRefusal(null);
    setAdding(true);
    try {
      const answer = await addDownloads(cameraIds, range[0].toISOString(), range[1].toISOString());
      message.success(t('queued', { count: answer.ids.length }));
      setPicked([]);
    } catch (error) {
      setRefusal(isHttpError(error) ? error.message : t('addFailed'));
    } finally {
      setAdding(false);
      void queryClient.invalidateQueries({ queryKey: ['videoDownloads'] });
    }
  };

  const columns: TableColumnsType<DownloadRow> = [
    {
      key: 'id',
      title: t('columns.id'),
      render: (_, row) => (
        <Link to={`${DOWNLOAD_DETAIL_PATH}?id=${encodeURIComponent(row.id)}`} data-testid={`download-detail-${row.id}`}>
          {row.id.slice(-8)}
        </Link>
      ),
    },
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'camera', title: t('columns.camera'), dataIndex: 'cameraName', ellipsis: true },
    { key: 'date', title: t('columns.date'), render: (_, row) => formatDate(row.start, locale, { timeZone: row.timeZone }) },
    {
      key: 'range',
      title: t('columns.range'),
      // Times of the store's day; its zone once, under them, when it is not the viewer's.
      render: (_, row) => {
        const inStore = { timeZone: row.timeZone, viewerTimeZone: row.timeZone, seconds: true };
        return (
          <Space orientation="vertical" size={0}>
            <span style={{ whiteSpace: 'nowrap' }}>{`${formatTime(row.start, locale, inStore)} - ${formatTime(row.end, locale, inStore)}`}</span>
            {differsFromViewer(row.timeZone, new Date(row.start)) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {zoneName(row.timeZone, locale, new Date(row.start))}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    { key: 'status', title: t('columns.status'), width: 180, render: (_, row) => <DownloadStatusCell row={row} /> },
    { key: 'creator', title: t('columns.creator'), dataIndex: 'creatorName', ellipsis: true },
    { key: 'completedAt', title: t('columns.completedAt'), render: (_, row) => (row.completedAt ? formatDateTime(row.completedAt, locale) : '--') },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {row.status === 'generated' && (
            <Button type="link" size="small" loading={busy === row.id} onClick={() => void save(row)} data-testid={`download-save-${row.id}`}>
              {t('download')}
            </Button>
          )}
          {(row.status === 'generated' || row.status === 'expired') && (
            <CanButton permission="video_download" type="link" size="small" onClick={() => void rebuild(row)} data-testid={`download-rebuild-${row.id}`}>
              {t('resynthesise')}
            </CanButton>
          )}
          {row.status === 'failed' && (
            <CanButton permission="video_download" type="link" size="small" onClick={() => void rebuild(row)} data-testid={`download-retry-${row.id}`}>
              {t('retry')}
            </CanButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="downloads-page">
      <Card size="small">
        <SectionHeading>{t('addTitle')}</SectionHeading>
        <Space wrap align="start">
          <TreeSelect
            treeData={choices}
            value={picked}
            onChange={(values: string[]) => setPicked(values)}
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_CHILD}
            treeDefaultExpandAll
            placeholder={t('cameras')}
            aria-label={t('cameras')}
            style={{ width: 320 }}
            maxTagCount="responsive"
            data-testid="download-cameras"
            // Every node in the DOM (not a virtual window) with a handle per camera: tests and assistive tools find each one.
            virtual={false}
            treeTitleRender={(node: CameraChoiceNode) => <span data-testid={`camera-choice-${node.value}`}>{node.title}</span>}
          />
          {/* antd passes no data-testid to a picker's root: the wrapper carries it. */}
          <span data-testid="download-range">
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm:ss' }}
              format="YYYY-MM-DD HH:mm:ss"
              value={range}
              onChange={(value) => setRange(bothEnds(value))}
              aria-label={t('range')}
            />
          </span>
          <CanButton
            permission="video_download"
            type="primary"
            disabled={cameraIds.length === 0 || range === null || tooLong || tooMany}
            loading={adding}
            onClick={() => void add()}
            data-testid="download-add"
          >
            {t('add', { count: cameraIds.length })}
          </CanButton>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('limits', { hours: VIDEO_DOWNLOADS.maxRangeHours, cameras: VIDEO_DOWNLOADS.maxCamerasPerBatch, days: VIDEO_DOWNLOADS.keepDays })}
        </Typography.Paragraph>
        {tooLong && (
          <Alert type="error" showIcon style={{ marginTop: 8 }} title={t('messages:errors.downloadRange', { hours: VIDEO_DOWNLOADS.maxRangeHours })} />
        )}
        {tooMany && <Alert type="error" showIcon style={{ marginTop: 8 }} title={t('tooManyCameras', { max: VIDEO_DOWNLOADS.maxCamerasPerBatch })} />}
        {refusal && (
          <Alert type="error" showIcon closable style={{ marginTop: 8 }} title={refusal} data-testid="download-refusal" onClose={() => setRefusal(null)} />
        )}
      </Card>
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <SectionHeading style={{ margin: 0 }}>{t('listTitle')}</SectionHeading>
          <Space wrap>
            <Select<DownloadStatus[]>
              mode="multiple"
              allowClear
              placeholder={t('columns.status')}
              aria-label={t('columns.status')}
              style={{ minWidth: 180 }}
              value={statuses}
              onChange={setStatuses}
              options={DOWNLOAD_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
              data-testid="download-status-filter"
            />
            <DatePicker.RangePicker value={startedIn} onChange={(value) => setStartedIn(bothEnds(value))} aria-label={t('columns.date')} />
          </Space>
        </Space>
        <Table<DownloadRow>
          rowKey="id"
          size="small"
          style={{ marginTop: 12 }}
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
          scroll={{ x: 'max-content' }}
          data-testid="download-list"
        />
      </Card>
    </Space>
  );
}
