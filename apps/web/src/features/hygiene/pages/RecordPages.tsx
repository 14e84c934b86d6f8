import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { HygieneRecordKind, HygieneRecordRow } from '@storelens/contracts';
import { App, Button, Card, DatePicker, Popconfirm, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { ListFilters, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { deleteRecord } from '../api.ts';
import { Thumb } from '../components/ImageField.tsx';
import { RecordModal } from '../components/RecordModal.tsx';
import { StoreFilter } from '../components/StoreFilter.tsx';
import { useHygieneRefresh, useRecords } from '../hooks/useHygiene.ts';
import { DownloadButton } from './HealthCertificatePage.tsx';

const DATE = 'YYYY-MM-DD';

/** One log's page: its records of the chosen stores and days, newest first, with adding, deleting and the Excel download. */
function RecordsPage({ kind }: { kind: HygieneRecordKind }) {
  const { t } = useTranslation('hygiene');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const refresh = useHygieneRefresh();
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [adding, setAdding] = useState(false);
  const days: [string, string] | null = range?.[0] && range[1] ? [range[0].format(DATE), range[1].format(DATE)] : null;
  const filter = { kind, ...(shopIds.length > 0 ? { shopIds } : {}), ...(days ? { startDate: days[0], endDate: days[1] } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const list = useRecords({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);

  const when: TableColumnsType<HygieneRecordRow>[number] =
    kind === 'training'
      ? { key: 'date', title: t('columns.date'), dataIndex: 'localDate', width: 110 }
      : { key: 'time', title: t('columns.time'), width: 150, render: (_, row) => formatDateTime(row.occurredAt, locale) };
  const own: TableColumnsType<HygieneRecordRow> =
    kind === 'training'
      ? [
          { key: 'topic', title: t('columns.topic'), dataIndex: 'topic' },
          { key: 'trainer', title: t('columns.trainer'), dataIndex: 'trainer' },
          { key: 'attendees', title: t('columns.attendees'), render: (_, row) => row.attendees.map((attendee) => attendee.name).join(', ') },
        ]
      : kind === 'disinfection'
        ? [
            { key: 'area', title: t('columns.area'), dataIndex: 'area' },
            { key: 'method', title: t('columns.method'), dataIndex: 'method' },
            { key: 'agent', title: t('columns.agent'), dataIndex: 'agent' },
            { key: 'person', title: t('columns.person'), dataIndex: 'person' },
          ]
        : [
            { key: 'wasteType', title: t('columns.wasteType'), dataIndex: 'wasteType' },
            { key: 'weight', title: t('columns.weight'), dataIndex: 'weightKg', width: 100 },
            { key: 'collector', title: t('columns.collector'), dataIndex: 'collector' },
          ];
  const columns: TableColumnsType<HygieneRecordRow> = [
    when,
    { key: 'store', title: t('columns.store'), dataIndex: 'shopName' },
    ...own,
    { key: 'picture', title: t(`records.${kind}.picture`), width: 80, render: (_, row) => <Thumb mediaId={row.imageId} /> },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 70,
      render: (_, row) => (
        <Popconfirm
          title={t('actions.confirmDelete')}
          onConfirm={async () => {
            await deleteRecord(row.recordId);
            void message.success(t('actions.deleted'));
            await refresh();
          }}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card size="small" data-testid={`hygiene-records-${kind}`}>
      <ListFilters>
        <StoreFilter value={shopIds} onChange={setShopIds} testId={`hygiene-${kind}-stores`} />
        <DatePicker.RangePicker value={range} onChange={(next) => setRange(next)} inputReadOnly />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={`hygiene-${kind}-add`}>
          {t(`records.${kind}.add`)}
        </Button>
        <DownloadButton log={kind} shopIds={shopIds} range={days} />
      </ListFilters>
      <Table<HygieneRecordRow>
        rowKey="recordId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {adding && <RecordModal kind={kind} open onClose={() => setAdding(false)} />}
    </Card>
  );
}

/** /hygieneLog/staffTraining */
export const TrainingPage = () => <RecordsPage kind="training" />;
/** /hygieneLog/disinfectionRecords */
export const DisinfectionPage = () => <RecordsPage kind="disinfection" />;
/** /hygieneLog/wasteDisposal */
export const WastePage = () => <RecordsPage kind="waste" />;
