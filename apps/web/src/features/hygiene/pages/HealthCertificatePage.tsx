import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CERTIFICATE_STATUSES, type CertificateRow, type CertificateStatus, type EmployeeRow, type HygieneStatsRow, Limits } from '@storelens/contracts';
import { App, Button, Card, DatePicker, Popconfirm, Progress, Select, Space, Table, type TableColumnsType, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { deleteCertificate, deleteEmployee, downloadHygiene } from '../api.ts';
import { CertificateModal } from '../components/CertificateModal.tsx';
import { EmployeeModal } from '../components/EmployeeModal.tsx';
import { Thumb } from '../components/ImageField.tsx';
import { StatusTag } from '../components/StatusTag.tsx';
import { StoreFilter } from '../components/StoreFilter.tsx';
import { useCertificates, useEmployees, useHygieneRefresh, useHygieneStats } from '../hooks/useHygiene.ts';
import { percent } from '../hygieneShops.ts';
import { employeeDetailsPathFor } from '../routes.tsx';

const ALL = '';
const DATE = 'YYYY-MM-DD';

/** /hygieneLog/employeeHealthCertificate: the certificates, the staff they belong to, and the hygienic shop statistics. */
export function HealthCertificatePage() {
  const { t } = useTranslation('hygiene');
  const [tab, setTab] = useState('certificates');
  return (
    <Card size="small" data-testid="hygiene-certificate-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'certificates', label: t('tabs.certificates'), children: <CertificatesTab /> },
          { key: 'staff', label: t('tabs.staff'), children: <StaffTab /> },
          { key: 'stats', label: t('tabs.stats'), children: <StatsTab /> },
        ]}
      />
    </Card>
  );
}

function CertificatesTab() {
  const { t } = useTranslation('hygiene');
  const { message } = App.useApp();
  const refresh = useHygieneRefresh();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), Limits.treeSearchDebounceMs);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [status, setStatus] = useState<CertificateStatus | typeof ALL>(ALL);
  const [editing, setEditing] = useState<CertificateRow | 'new' | null>(null);
  const filter = { ...(search ? { keyword: search } : {}), ...(shopIds.length > 0 ? { shopIds } : {}), ...(status ? { status } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const list = useCertificates({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);

  const columns: TableColumnsType<CertificateRow> = [
    {
      key: 'employee',
      title: t('columns.employee'),
      render: (_, row) => (
        <Link to={employeeDetailsPathFor(row.employeeId)} data-testid={`hygiene-certificate-${row.number}`}>
          {row.employeeName}
        </Link>
      ),
    },
    { key: 'store', title: t('columns.store'), dataIndex: 'shopName' },
    { key: 'number', title: t('columns.number'), dataIndex: 'number' },
    { key: 'issuer', title: t('columns.issuer'), dataIndex: 'issuer' },
    { key: 'issuedOn', title: t('columns.issuedOn'), dataIndex: 'issuedOn', width: 110 },
    { key: 'expiresOn', title: t('columns.expiresOn'), dataIndex: 'expiresOn', width: 110 },
    { key: 'status', title: t('columns.status'), width: 110, render: (_, row) => <StatusTag status={row.status} /> },
    { key: 'picture', title: t('columns.picture'), width: 80, render: (_, row) => <Thumb mediaId={row.imageId} /> },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={() => setEditing(row)} />
          <Popconfirm
            title={t('actions.confirmDelete')}
            onConfirm={async () => {
              await deleteCertificate(row.certificateId);
              void message.success(t('actions.deleted'));
              await refresh();
            }}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListFilters>
        <ListSearch value={keyword} onChange={setKeyword} placeholder={t('filters.searchCertificates')} testId="hygiene-certificate-search" width={200} />
        <StoreFilter value={shopIds} onChange={setShopIds} testId="hygiene-certificate-stores" />
        <Select
          value={status}
          onChange={setStatus}
          style={{ width: 140 }}
          aria-label={t('columns.status')}
          options={[{ value: ALL, label: t('filters.allStatuses') }, ...CERTIFICATE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="hygiene-certificate-add">
          {t('certificates.add')}
        </Button>
        <DownloadButton log="certificates" shopIds={shopIds} />
      </ListFilters>
      <Table<CertificateRow>
        data-testid="hygiene-certificate-table"
        rowKey="certificateId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {editing && <CertificateModal open certificate={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function StaffTab() {
  const { t } = useTranslation('hygiene');
  const { message } = App.useApp();
  const refresh = useHygieneRefresh();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), Limits.treeSearchDebounceMs);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [editing, setEditing] = useState<EmployeeRow | 'new' | null>(null);
  const filter = { ...(search ? { keyword: search } : {}), ...(shopIds.length > 0 ? { shopIds } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const list = useEmployees({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);
  const columns: TableColumnsType<EmployeeRow> = [
    {
      key: 'name',
      title: t('columns.employee'),
      render: (_, row) => (
        <Link to={employeeDetailsPathFor(row.employeeId)} data-testid={`hygiene-employee-${row.name}`}>
          {row.name}
        </Link>
      ),
    },
    { key: 'position', title: t('columns.position'), dataIndex: 'position' },
    { key: 'store', title: t('columns.store'), dataIndex: 'shopName' },
    { key: 'expiresOn', title: t('columns.expiresOn'), width: 110, render: (_, row) => row.certificateExpiresOn ?? '–' },
    { key: 'status', title: t('columns.status'), width: 110, render: (_, row) => <StatusTag status={row.certificateStatus} /> },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 110,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={() => setEditing(row)} />
          <Popconfirm
            title={t('staff.confirmDelete')}
            onConfirm={async () => {
              await deleteEmployee(row.employeeId);
              void message.success(t('actions.deleted'));
              await refresh();
            }}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListFilters>
        <ListSearch value={keyword} onChange={setKeyword} placeholder={t('filters.searchStaff')} testId="hygiene-staff-search" width={200} />
        <StoreFilter value={shopIds} onChange={setShopIds} testId="hygiene-staff-stores" />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="hygiene-employee-add">
          {t('staff.add')}
        </Button>
      </ListFilters>
      <Table<EmployeeRow>
        data-testid="hygiene-staff-table"
        rowKey="employeeId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        scroll={{ x: 'max-content' }}
      />
      {editing && <EmployeeModal open employee={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function StatsTab() {
  const { t } = useTranslation('hygiene');
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  const stats = useHygieneStats({ ...(shopIds.length > 0 ? { shopIds } : {}), startDate: range[0].format(DATE), endDate: range[1].format(DATE) });
  const columns: TableColumnsType<HygieneStatsRow> = [
    { key: 'store', title: t('columns.store'), render: (_, row) => `${row.shopName} (${row.shopNumber})` },
    {
      key: 'completeness',
      title: t('stats.completeness'),
      width: 160,
      render: (_, row) => <Progress percent={Math.round(row.completeness * 100)} size="small" status={row.completeness < 1 ? 'active' : 'success'} />,
    },
    {
      key: 'certificates',
      title: t('stats.certificates'),
      render: (_, row) => t('stats.certificatesValue', { valid: row.validCertificates, employees: row.employees, share: percent(row.certificateShare) }),
    },
    { key: 'expiring', title: t('stats.expiring'), dataIndex: 'expiringCertificates' },
    { key: 'disinfection', title: t('stats.disinfectionDays'), render: (_, row) => `${row.disinfectionDays} / ${row.periodDays}` },
    { key: 'training', title: t('stats.training'), dataIndex: 'trainingRecords' },
    { key: 'waste', title: t('stats.waste'), render: (_, row) => t('stats.wasteValue', { count: row.wasteRecords, kg: row.wasteKg }) },
  ];
  return (
    <>
      <ListFilters>
        <StoreFilter value={shopIds} onChange={setShopIds} testId="hygiene-stats-stores" />
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          inputReadOnly
          onChange={(next) => {
            if (next?.[0] && next[1]) setRange([next[0], next[1]]);
          }}
        />
      </ListFilters>
      <Table<HygieneStatsRow>
        rowKey="shopId"
        size="small"
        columns={columns}
        dataSource={stats.data ?? []}
        loading={stats.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="hygiene-stats"
      />
    </>
  );
}

/** The Excel download of the certificates or one log, with the page's stores and days. */
export function DownloadButton({
  log,
  shopIds,
  range,
}: {
  log: 'certificates' | 'training' | 'disinfection' | 'waste';
  shopIds: string[];
  range?: [string, string] | null;
}) {
  const { t } = useTranslation('hygiene');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await downloadHygiene({ log, ...(shopIds.length > 0 ? { shopIds } : {}), ...(range ? { startDate: range[0], endDate: range[1] } : {}) });
      saveBlob(blob, t(`download.${log}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid={`hygiene-download-${log}`}>
      {t('download.button')}
    </Button>
  );
}
