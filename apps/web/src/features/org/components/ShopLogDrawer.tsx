import { Limits, type ShopLogChange, type ShopLogValue, type ShopRow } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Pagination, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchShopLogs } from '../api.ts';
import { orgAdminKeys } from '../hooks/useOrgAdminData.ts';

const PAGE_SIZE = 10;
const EMPTY = '--';

/** Field names of the log are the API's; those the form shows have a label, others show as written. */
const LABELLED_FIELDS = new Set([
  'number',
  'name',
  'orgId',
  'province',
  'city',
  'district',
  'address',
  'latitude',
  'longitude',
  'status',
  'shopType',
  'floorArea',
  'currency',
  'staffCount',
  'businessHours',
  'videoPlaybackHours',
  'trafficDisplayHours',
  'visitInterval',
  'timeZone',
  'indoorPositioning',
  'positioningEngine',
  'campus',
  'building',
  'labels',
  'closeTime',
  'analytics',
  'monitoring',
  'inspections',
  'liveVideo',
]);

/** The change log of one shop (spec section 7, getShopLogList): who, when, and each field's old and new value. */
export function ShopLogDrawer({ shop, orgNames, onClose }: { shop: ShopRow | null; orgNames: ReadonlyMap<string, string>; onClose(): void }) {
  const { t } = useTranslation();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const [page, setPage] = useState(1);
  const shopId = shop?.shopId ?? '';
  const logs = useQuery({
    queryKey: [...orgAdminKeys.shopLogs(cid, shopId), page],
    queryFn: () => fetchShopLogs(shopId, page, PAGE_SIZE),
    enabled: shop !== null,
  });

  const fieldLabel = (field: string) => (LABELLED_FIELDS.has(field) ? t(`org:fields.${field}`) : field);
  const valueText = (field: string, value: ShopLogValue): string => {
    if (value === null || value === '') return EMPTY;
    if (Array.isArray(value)) return value.length ? value.join(', ') : EMPTY;
    if (typeof value === 'boolean') return value ? t('org:log.on') : t('org:log.off');
    // The log keeps ids; people read the organisation's name.
    if (field === 'orgId' && typeof value === 'string') return orgNames.get(value) ?? value;
    // A closing time is a moment of the shop's own day: written on its clock, its zone named if not the viewer's.
    if (field === 'closeTime' && typeof value === 'string') return formatDateTime(value, locale, { timeZone: shop?.timeZone });
    if (field === 'status' && typeof value === 'string') return t(`org:status.${value}`, { defaultValue: value });
    if (field === 'shopType' && typeof value === 'string') return t(`org:shopType.${value}`, { defaultValue: value });
    return String(value);
  };
  const change = (entry: ShopLogChange) => (
    <li key={entry.field}>
      <Typography.Text strong>{fieldLabel(entry.field)}</Typography.Text>: {valueText(entry.field, entry.old)} → {valueText(entry.field, entry.new)}
    </li>
  );

  return (
    <Drawer
      open={shop !== null}
      size={Math.max(Limits.drawerWidth, 460)}
      title={shop ? t('org:log.title', { name: shop.name }) : ''}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      destroyOnHidden
    >
      <div data-testid="shop-log">
        {logs.isPending && <Skeleton active />}
        {logs.data && logs.data.list.length === 0 && <Empty description={t('org:log.empty')} />}
        {logs.data && logs.data.list.length > 0 && (
          <>
            <Timeline
              items={logs.data.list.map((row) => ({
                key: row.id,
                content: (
                  <div data-testid="shop-log-entry">
                    <Tag color={row.action === 'status' ? 'orange' : row.action === 'add' || row.action === 'import' ? 'green' : 'blue'}>
                      {t(`org:log.actions.${row.action}`)}
                    </Tag>
                    <Typography.Text type="secondary">
                      {formatDateTime(row.createdAt, locale)} · {row.userName ?? EMPTY}
                    </Typography.Text>
                    {row.changes.length > 0 && <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }}>{row.changes.map(change)}</ul>}
                  </div>
                ),
              }))}
            />
            {logs.data.total > PAGE_SIZE && (
              <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={logs.data.total} onChange={setPage} showSizeChanger={false} />
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
