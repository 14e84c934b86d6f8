import { FLOOR_PLAN, type HaltArea, floorplanOperations as ops, RoleId } from '@storelens/contracts';
import { App, Button, Card, Input, Modal, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectShopsFirst } from '../../../shared/analytics/SelectShopsFirst.tsx';
import { ShopTreePicker } from '../../../shared/analytics/ShopTreePicker.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { callOperation } from '../../../shared/lib/operations.ts';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useCanEditStorePlan, useRefreshFloorplan } from '../hooks/useFloorplan.ts';
import { TOOL_PATHS } from '../paths.ts';

/**
 * Dwell zones (/settings/passengerFlow/haltArea): a store's halt areas on its plans; renaming and
 * switching them on and off need the spec's 'stay region update' key (never the observer). Drawing
 * them is the super manager's store-plan tool.
 */
export function HaltAreaPage() {
  const { t } = useTranslation('floorplan');
  const { message } = App.useApp();
  const shops = useShopSelection('single');
  const shopId = shops.ready ? (shops.shopIds[0] ?? null) : null;
  const halts = useOperation(ops.haltAreaList, { shopId: shopId ?? '' }, { enabled: shopId !== null });
  const rid = useSessionStore((state) => state.rid);
  const canUpdate = useCan('stayregion_update') === 'shown' && rid !== RoleId.observer;
  const canDraw = useCanEditStorePlan();
  const refresh = useRefreshFloorplan();
  const [renaming, setRenaming] = useState<{ halt: HaltArea; name: string } | null>(null);

  const setEnabled = async (halt: HaltArea, enabled: boolean) => {
    await callOperation(ops.haltAreaStatus, { elementId: halt.elementId, enabled });
    await refresh();
    message.success(t('halt.statusSaved'));
  };
  const rename = async () => {
    if (!renaming) return;
    await callOperation(ops.haltAreaRename, { elementId: renaming.halt.elementId, name: renaming.name });
    setRenaming(null);
    await refresh();
    message.success(t('halt.renamed'));
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="halt-area-page">
      <ShopTreePicker selection={shops} />
      {!shops.ready && shops.tree ? <SelectShopsFirst /> : null}
      {shopId ? (
        <Card size="small" title={t('halt.title')}>
          <Table<HaltArea>
            rowKey="elementId"
            size="small"
            pagination={false}
            loading={halts.isFetching}
            dataSource={halts.data ?? []}
            locale={{ emptyText: t('halt.empty') }}
            data-testid="halt-table"
            columns={[
              { title: t('halt.name'), dataIndex: 'name' },
              {
                title: t('halt.plan'),
                dataIndex: 'planName',
                render: (name: string, halt) => (canDraw ? <Link to={`${TOOL_PATHS.halt}?planId=${halt.planId}`}>{name}</Link> : name),
              },
              { title: t('halt.minDwell'), dataIndex: 'minDwellSeconds', render: (seconds: number) => t('halt.minDwellValue', { seconds }) },
              {
                title: t('halt.enabled'),
                dataIndex: 'enabled',
                render: (enabled: boolean, halt) => (
                  <Switch
                    checked={enabled}
                    disabled={!canUpdate}
                    aria-label={`${t('halt.enabled')}: ${halt.name}`}
                    onChange={(next) => void setEnabled(halt, next).catch(() => undefined)}
                  />
                ),
              },
              {
                title: t('plans.actions'),
                key: 'actions',
                render: (_, halt) =>
                  canUpdate ? (
                    <Button size="small" type="link" onClick={() => setRenaming({ halt, name: halt.name })} data-testid={`halt-rename-${halt.elementId}`}>
                      {t('halt.rename')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Card>
      ) : null}
      <Modal
        open={renaming !== null}
        title={t('halt.rename')}
        onCancel={() => setRenaming(null)}
        onOk={() => void rename().catch(() => undefined)}
        okButtonProps={{ disabled: !renaming?.name.trim() }}
        destroyOnHidden
      >
        <Input
          aria-label={t('halt.name')}
          value={renaming?.name ?? ''}
          maxLength={FLOOR_PLAN.regionNameMaxChars}
          onChange={(event) => setRenaming((current) => (current ? { ...current, name: event.target.value } : current))}
          data-testid="halt-rename-input"
        />
      </Modal>
    </Space>
  );
}
