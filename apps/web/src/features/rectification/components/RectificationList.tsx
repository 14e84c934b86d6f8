import { DownloadOutlined } from '@ant-design/icons';
import {
  Limits,
  RECTIFICATION_SOURCES,
  RECTIFICATION_STATES,
  type RectificationRow,
  type RectificationSource,
  type RectificationState,
} from '@storelens/contracts';
import { App, Button, Card, Checkbox, DatePicker, Select, Table, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { shopChoicesOf } from '../../../shared/lib/shopChoices.ts';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { StackedCell } from '../../../shared/ui/TableCells.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { downloadRectifications } from '../api.ts';
import { type ListRequest, type RectificationListKind, useRectificationList } from '../hooks/useRectification.ts';
import { detailPathFor, disposePathFor } from '../routes.tsx';
import { StateTags } from './StateTags.tsx';

const ALL = '';

/**
 * One of the three rectification lists (my to-do, created by me, all) with its filters (keyword,
 * stores, states, source, overdue only, creation dates), server-side paging and the Excel download
 * of everything the filters match. `extra` holds the page's own buttons (create).
 */
export function RectificationList({ kind, extra }: { kind: RectificationListKind; extra?: ReactNode }) {
  const { t } = useTranslation('rectification');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const locale = useSessionStore((state) => state.locale);
  const shopTree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopChoicesOf(shopTree), [shopTree]);
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), Limits.treeSearchDebounceMs);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [states, setStates] = useState<RectificationState[]>([]);
  const [source, setSource] = useState<RectificationSource | typeof ALL>(ALL);
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [created, setCreated] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [downloading, setDownloading] = useState(false);

  const filter = {
    ...(search ? { keyword: search } : {}),
    ...(shopIds.length > 0 ? { shopIds } : {}),
    ...(states.length > 0 ? { states } : {}),
    ...(source ? { source } : {}),
    ...(overdueOnly ? { overdueOnly } : {}),
    ...(created?.[0] ? { createdFrom: created[0].startOf('day').toISOString() } : {}),
    ...(created?.[1] ? { createdTo: created[1].add(1, 'day').startOf('day').toISOString() } : {}),
  } satisfies Omit<ListRequest, 'page' | 'pageSize'>;
  const paging = usePaging(JSON.stringify(filter));
  const list = useRectificationList(kind, { ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadRectifications({ ...filter, list: kind }), t('list.fileName', { list: t(`lists.${kind}`) }));
      void message.success(t('list.downloaded'));
    } finally {
      setDownloading(false);
    }
  };

  const columns: TableColumnsType<RectificationRow> = [
    {
      key: 'item',
      title: t('columns.item'),
      render: (_, row) => (
        <StackedCell
          primary={
            <Link to={detailPathFor(kind, row.rectificationId)} data-testid={`rectification-item-${row.itemName}`}>
              {row.itemName}
            </Link>
          }
          secondary={
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.problem }} style={{ maxWidth: '100%' }}>
              {row.problem}
            </Typography.Text>
          }
        />
      ),
    },
    { key: 'store', title: t('columns.store'), width: 190, render: (_, row) => <StackedCell primary={row.shopName} secondary={row.shopNumber} /> },
    { key: 'state', title: t('columns.state'), width: 150, render: (_, row) => <StateTags row={row} /> },
    {
      key: 'people',
      title: t('columns.handler'),
      width: 140,
      render: (_, row) => <StackedCell primary={row.handler.name} secondary={row.founder ? t('list.foundedBy', { name: row.founder.name }) : undefined} />,
    },
    {
      key: 'deadline',
      title: t('columns.deadline'),
      width: 190,
      render: (_, row) => (
        <Typography.Text type={row.overdue ? 'danger' : undefined}>{formatDateTime(row.deadline, locale, { timeZone: row.timeZone })}</Typography.Text>
      ),
    },
    {
      key: 'source',
      title: t('columns.source'),
      width: 130,
      render: (_, row) => <StackedCell primary={t(`source.${row.source}`)} secondary={row.originName ?? undefined} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 100,
      render: (_, row) =>
        kind === 'mine' && (row.state === 'pending' || row.state === 'rejected') ? (
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(disposePathFor(row.rectificationId))}
            data-testid={`rectification-answer-${row.itemName}`}
          >
            {t('actions.answer')}
          </Button>
        ) : (
          <Button type="link" size="small" onClick={() => void navigate(detailPathFor(kind, row.rectificationId))}>
            {t('actions.details')}
          </Button>
        ),
    },
  ];

  return (
    <Card size="small" data-testid={`rectification-list-${kind}`}>
      <ListFilters>
        <ListSearch value={keyword} onChange={setKeyword} placeholder={t('list.search')} testId={`rectification-search-${kind}`} width={220} />
        <Select
          mode="multiple"
          allowClear
          value={shopIds}
          onChange={setShopIds}
          options={shops}
          optionFilterProp="label"
          maxTagCount="responsive"
          placeholder={t('list.allStores')}
          aria-label={t('columns.store')}
          style={{ width: 200 }}
        />
        <Select
          mode="multiple"
          allowClear
          value={states}
          onChange={setStates}
          options={RECTIFICATION_STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
          maxTagCount="responsive"
          placeholder={kind === 'mine' ? t('list.openStates') : t('list.allStates')}
          aria-label={t('columns.state')}
          style={{ width: 190 }}
          data-testid={`rectification-states-${kind}`}
        />
        <Select
          value={source}
          onChange={setSource}
          options={[{ value: ALL, label: t('list.allSources') }, ...RECTIFICATION_SOURCES.map((value) => ({ value, label: t(`source.${value}`) }))]}
          aria-label={t('columns.source')}
          style={{ width: 130 }}
        />
        <DatePicker.RangePicker
          value={created}
          onChange={(value) => setCreated(value)}
          allowClear
          placeholder={[t('list.createdFrom'), t('list.createdTo')]}
          aria-label={t('list.created')}
          style={{ width: 240 }}
        />
        <Checkbox checked={overdueOnly} onChange={(event) => setOverdueOnly(event.target.checked)} data-testid={`rectification-overdue-${kind}`}>
          {t('list.overdueOnly')}
        </Checkbox>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid={`rectification-download-${kind}`}>
          {t('list.download')}
        </Button>
        {extra}
      </ListFilters>
      <Table<RectificationRow>
        rowKey="rectificationId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        data-testid={`rectification-table-${kind}`}
      />
    </Card>
  );
}
