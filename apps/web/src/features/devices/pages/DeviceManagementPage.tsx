import { type DeviceStatus, Limits } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { type DeviceOnline, fetchBoxPage, fetchDeviceOnline } from '../api.ts';
import { BoxesTable } from '../components/BoxesTable.tsx';
import { DeviceStatusFilter } from '../components/DeviceStatusTag.tsx';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';

function CountsCard({ title, counts, testId }: { title: string; counts: DeviceOnline['boxes'] | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title={t('devices:total')} value={counts?.total ?? '--'} />
        </Col>
        <Col span={6}>
          <Statistic title={t('devices:status.online')} value={counts?.online ?? '--'} styles={{ content: { color: '#2f9e44' } }} />
        </Col>
        <Col span={6}>
          <Statistic title={t('devices:status.offline')} value={counts?.offline ?? '--'} styles={{ content: { color: '#e03131' } }} />
        </Col>
        <Col span={6}>
          <Statistic title={t('devices:status.inactive')} value={counts?.inactive ?? '--'} />
        </Col>
      </Row>
    </Card>
  );
}

/** Device management: boxes and cameras by state across the user's shops, and every box, each opening its detail. */
export function DeviceManagementPage() {
  const { t } = useTranslation();
  const cid = useCid();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const [status, setStatus] = useState<DeviceStatus | 'all'>('all');
  const paging = usePaging(JSON.stringify([keyword, status]));
  const { page, pageSize } = paging;
  const online = useQuery({ queryKey: deviceKeys.online(cid), queryFn: () => fetchDeviceOnline(), enabled: cid !== null });
  const filter = { keyword: keyword || undefined, ...(status === 'all' ? {} : { status }), page, pageSize };
  const boxes = useQuery({
    queryKey: [...deviceKeys.boxes(cid), 'all', filter],
    queryFn: () => fetchBoxPage(filter),
    enabled: cid !== null,
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(paging, boxes.data?.total ?? 0);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="device-management">
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <CountsCard title={t('devices:boxes')} counts={online.data?.boxes} testId="device-counts-boxes" />
        </Col>
        <Col xs={24} lg={12}>
          <CountsCard title={t('devices:cameras')} counts={online.data?.cameras} testId="device-counts-cameras" />
        </Col>
      </Row>
      {online.data && <Typography.Text type="secondary">{t('devices:offlineAfter', { n: online.data.offlineAfterMinutes })}</Typography.Text>}
      <Card size="small" title={t('devices:boxes')}>
        <ListFilters>
          <ListSearch value={search} onChange={setSearch} placeholder={t('devices:search')} testId="device-search" width={240} />
          <DeviceStatusFilter value={status} onChange={setStatus} withDisabled={false} />
        </ListFilters>
        <BoxesTable boxes={boxes.data?.list ?? []} loading={boxes.isFetching} pagination={pagination} />
      </Card>
    </Space>
  );
}
