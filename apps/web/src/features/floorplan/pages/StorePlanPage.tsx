import { PlusOutlined } from '@ant-design/icons';
import { type FloorPlan, floorplanOperations as ops } from '@storelens/contracts';
import { Alert, App, Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectShopsFirst } from '../../../shared/analytics/SelectShopsFirst.tsx';
import { ShopTreePicker } from '../../../shared/analytics/ShopTreePicker.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { callOperation } from '../../../shared/lib/operations.ts';
import { PlanFormModal } from '../components/PlanFormModal.tsx';
import { useCanEditStorePlan, useRefreshFloorplan } from '../hooks/useFloorplan.ts';
import { GET_STORE_PLAN_PATH } from '../paths.ts';

/**
 * A store's floor plans (/settings/passengerFlow/storePlan): several floors, one active plan per
 * floor; add, edit, delete and switch for the super manager, a read-only list with the
 * 'contact the account manager' notice for everyone else.
 */
export function StorePlanPage() {
  const { t } = useTranslation('floorplan');
  const { message } = App.useApp();
  const shops = useShopSelection('single');
  const shopId = shops.ready ? (shops.shopIds[0] ?? null) : null;
  const plans = useOperation(ops.planList, { shopIds: shopId ? [shopId] : [] }, { enabled: shopId !== null });
  const canEdit = useCanEditStorePlan();
  const refresh = useRefreshFloorplan();
  const [editing, setEditing] = useState<{ plan: FloorPlan | null } | null>(null);

  const remove = (plan: FloorPlan) =>
    requestConfirmation({
      title: t('plans.deleteConfirm', { name: plan.name }),
      danger: true,
      onConfirm: async () => {
        await callOperation(ops.planDelete, { planId: plan.id });
        await refresh();
        message.success(t('plans.deleted'));
      },
    });
  const activate = async (plan: FloorPlan) => {
    await callOperation(ops.planSwitch, { planId: plan.id });
    await refresh();
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="store-plan-page">
      <ShopTreePicker selection={shops} />
      {!canEdit ? (
        <Alert type="info" showIcon title={`${t('plans.readOnly')} ${t('messages:errors.contactAccountManager')}`} data-testid="contact-account-manager" />
      ) : null}
      {!shops.ready && shops.tree ? <SelectShopsFirst /> : null}
      {shopId ? (
        <Card
          size="small"
          title={t('plans.title')}
          extra={
            canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ plan: null })} data-testid="plan-add">
                {t('plans.add')}
              </Button>
            ) : null
          }
        >
          <Table<FloorPlan>
            rowKey="id"
            size="small"
            loading={plans.isFetching}
            dataSource={plans.data ?? []}
            pagination={false}
            locale={{ emptyText: t('plans.empty') }}
            data-testid="plan-table"
            columns={[
              {
                title: t('plans.name'),
                dataIndex: 'name',
                render: (name: string, plan) => <Link to={`${GET_STORE_PLAN_PATH}?planId=${plan.id}`}>{name}</Link>,
              },
              { title: t('plans.number'), dataIndex: 'number' },
              { title: t('plans.floor'), dataIndex: 'floor' },
              {
                title: t('plans.size'),
                key: 'size',
                render: (_, plan) => t('plans.sizeValue', { width: plan.widthM.toFixed(1), height: plan.heightM.toFixed(1) }),
              },
              {
                title: t('plans.status'),
                key: 'active',
                render: (_, plan) =>
                  plan.active ? (
                    <Tag color="green">{t('plans.active')}</Tag>
                  ) : canEdit ? (
                    <Button size="small" onClick={() => void activate(plan).catch(() => undefined)} data-testid={`plan-activate-${plan.id}`}>
                      {t('plans.makeActive')}
                    </Button>
                  ) : (
                    <Tag>{t('plans.inactive')}</Tag>
                  ),
              },
              {
                title: t('plans.actions'),
                key: 'actions',
                render: (_, plan) => (
                  <Space size={4} wrap>
                    <Link to={`${GET_STORE_PLAN_PATH}?planId=${plan.id}`}>{t('plans.open')}</Link>
                    {canEdit ? (
                      <>
                        <Button size="small" type="link" onClick={() => setEditing({ plan })}>
                          {t('plans.edit')}
                        </Button>
                        <Button size="small" type="link" danger onClick={() => void remove(plan)}>
                          {t('plans.delete')}
                        </Button>
                      </>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ) : null}
      {shopId && editing ? (
        <PlanFormModal
          shopId={shopId}
          plan={editing.plan}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
            message.success(t('plans.saved'));
          }}
        />
      ) : null}
    </Space>
  );
}
