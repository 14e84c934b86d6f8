import { PlusOutlined } from '@ant-design/icons';
import { type DeviceStatus, Limits, type TreeNode } from '@storelens/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Segmented, Skeleton, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { findNode, walkTree } from '../../../shared/lib/trees.ts';
import { ListFilters, ListSearch, TitleWithContext, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { SearchableTree } from '../../../shared/ui/SearchableTree.tsx';
import { fetchShopTree } from '../../session/api.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { fetchBoxPage, fetchCameraPage } from '../api.ts';
import { AlertSettingsPanel } from '../components/AlertSettingsPanel.tsx';
import { BoxesTable } from '../components/BoxesTable.tsx';
import { CamerasTable } from '../components/CamerasTable.tsx';
import { DeviceStatusFilter } from '../components/DeviceStatusTag.tsx';
import { RegisterBoxModal } from '../components/RegisterBoxModal.tsx';
import { useBoxToken } from '../hooks/useBoxToken.tsx';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';

type DeviceKind = 'cameras' | 'boxes';

/** Shops at or below a tree node; none selected means every shop the user sees (no filter). */
function shopIdsUnder(node: TreeNode | null): string[] | undefined {
  if (!node) return undefined;
  if (node.orgType === 1) return node.shopId ? [node.shopId] : [];
  const ids: string[] = [];
  walkTree(node.sublist, (child) => {
    if (child.orgType === 1 && child.shopId) ids.push(child.shopId);
  });
  return ids;
}

/**
 * Camera management (/settings/cameraMng): boxes and cameras per shop with their state, enabling
 * and disabling cameras, registering a box (its device token shown once), rotating a token; and
 * the camera-offline alert settings (tab `?tab=alerts`).
 */
export function CameraManagementPage() {
  const { t } = useTranslation();
  const cid = useCid();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'alerts' ? 'alerts' : 'devices';
  const shopTree = useQuery({ queryKey: deviceKeys.shopTree(cid), queryFn: () => fetchShopTree('all'), enabled: cid !== null });
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [kind, setKind] = useState<DeviceKind>('cameras');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const [status, setStatus] = useState<DeviceStatus | 'all'>('all');
  const [registering, setRegistering] = useState(false);
  const token = useBoxToken();

  const selected = selectedKey && shopTree.data ? findNode(shopTree.data, selectedKey) : null;
  const shopIds = useMemo(() => shopIdsUnder(selected), [selected]);
  const paging = usePaging(JSON.stringify([selectedKey, keyword, status, kind]));
  const { page, pageSize } = paging;
  const filter = {
    ...(shopIds ? { shopIds: shopIds.slice(0, 5000) } : {}),
    keyword: keyword || undefined,
    ...(status === 'all' ? {} : { status }),
    page,
    pageSize,
  };

  const noShops = shopIds !== undefined && shopIds.length === 0;
  const cameras = useQuery({
    queryKey: [...deviceKeys.cameras(cid), filter],
    queryFn: () => fetchCameraPage(filter),
    enabled: kind === 'cameras' && !noShops && cid !== null,
    placeholderData: keepPreviousData,
  });
  const boxes = useQuery({
    queryKey: [...deviceKeys.boxes(cid), filter],
    queryFn: () => fetchBoxPage({ ...filter, ...(filter.status === 'disabled' ? { status: undefined } : {}) }),
    enabled: kind === 'boxes' && !noShops && cid !== null,
    placeholderData: keepPreviousData,
  });
  const current = kind === 'cameras' ? cameras : boxes;
  const pagination = useTablePagination(paging, noShops ? 0 : (current.data?.total ?? 0));
  const selectedShopId = selected?.orgType === 1 ? (selected.shopId ?? null) : null;

  const devices = (
    <div className="sl-split">
      <div className="sl-split-side">
        <Card size="small" className="sl-side-card" title={t('devices:shops')}>
          {shopTree.isPending ? (
            <Skeleton active />
          ) : (
            <SearchableTree
              nodes={shopTree.data ?? []}
              selectedKey={selectedKey}
              onSelect={(node) => setSelectedKey(node.key === selectedKey ? null : node.key)}
              renderExtra={(node) => (node.isClosed ? <Typography.Text type="secondary">({t('devices:closed')})</Typography.Text> : null)}
              testId="device-shop-tree"
              expandDepth={1}
            />
          )}
        </Card>
      </div>
      <div className="sl-split-main">
        <Card
          size="small"
          title={<TitleWithContext title={t('devices:title')} context={selected ? selected.name : t('devices:allShops')} />}
          extra={
            <CanButton permission="config_page" type="primary" icon={<PlusOutlined />} onClick={() => setRegistering(true)} data-testid="register-box">
              {t('devices:register.open')}
            </CanButton>
          }
        >
          <ListFilters>
            <Segmented<DeviceKind>
              value={kind}
              onChange={setKind}
              options={[
                { value: 'cameras', label: <span data-testid="device-kind-cameras">{t('devices:cameras')}</span> },
                { value: 'boxes', label: <span data-testid="device-kind-boxes">{t('devices:boxes')}</span> },
              ]}
            />
            <ListSearch value={search} onChange={setSearch} placeholder={t('devices:search')} testId="device-search" width={240} />
            <DeviceStatusFilter value={status} onChange={setStatus} withDisabled={kind === 'cameras'} testId="device-status-filter" />
          </ListFilters>
          {kind === 'cameras' ? (
            <CamerasTable cameras={noShops ? [] : (cameras.data?.list ?? [])} loading={cameras.isFetching} pagination={pagination} />
          ) : (
            <BoxesTable
              boxes={noShops ? [] : (boxes.data?.list ?? [])}
              loading={boxes.isFetching}
              pagination={pagination}
              onRotate={(box) => void token.rotate(box).catch(() => undefined)}
            />
          )}
        </Card>
      </div>
    </div>
  );

  return (
    <div className="sl-page" data-testid="camera-management">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'alerts' ? { tab: 'alerts' } : {}, { replace: true })}
        items={[
          { key: 'devices', label: <span data-testid="camera-tab-devices">{t('devices:tabs.devices')}</span>, children: devices },
          { key: 'alerts', label: <span data-testid="camera-tab-alerts">{t('devices:tabs.alerts')}</span>, children: <AlertSettingsPanel /> },
        ]}
      />
      <RegisterBoxModal
        open={registering}
        shopTree={shopTree.data ?? []}
        defaultShopId={selectedShopId}
        onClose={() => setRegistering(false)}
        onRegistered={(result) => {
          setRegistering(false);
          setKind('boxes');
          token.show(result.token, result.name);
          void queryClient.invalidateQueries({ queryKey: deviceKeys.all(cid) });
        }}
      />
      {token.modal}
    </div>
  );
}
