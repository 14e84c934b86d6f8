import { INSPECTION_LIMITS, messageRef, WAREHOUSE_LIMITS, warehousePlanAddRequestSchema } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import { cameraChoicesOfShop, shopChoicesOf } from '../../../shared/lib/shopChoices.ts';
import { messageRule, schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { isPlanNameExist } from '../../inspection/api.ts';
import { useInspectors } from '../../inspection/hooks/useInspection.ts';
import { validityError } from '../../inspection/planForm.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addWarehousePlan } from '../api.ts';
import {
  checkTimeChoices,
  emptyWarehousePlanForm,
  storesWithoutCamera,
  timesPastMidnight,
  type WarehousePlanFormValues,
  warehousePlanRequestOf,
} from '../planForm.ts';
import { PATROL_ANALYSIS_PATH } from '../routes.tsx';

const fields = warehousePlanAddRequestSchema.shape;
const NO_IDS: string[] = [];
const TIME_OPTIONS = checkTimeChoices().map((time) => ({ value: time, label: time }));

/**
 * A new warehouse plan (/warehousePatrol/plan/add, hidden, the analysis highlighted): name, stores,
 * their stock-room cameras, the check times of each store's day with the window for a result, the
 * validity and the handlers who judge what the box's AI leaves open. The form checks what the
 * server refuses (a store none of whose cameras is chosen, a window past midnight) before sending;
 * the server checks all of it again. A warehouse plan is not changed afterwards: it is paused or
 * deleted in the plan list and made anew (docs/decisions/extensions.md).
 */
export function WarehousePlanFormPage() {
  const { t } = useTranslation(['warehouse', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WarehousePlanFormValues>();
  const [saving, setSaving] = useState(false);
  const shopTree = useSessionStore((state) => state.shopTree);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const shops = useMemo(() => shopChoicesOf(shopTree), [shopTree]);
  const shopIds = Form.useWatch('shopIds', form) ?? NO_IDS;
  const windowMinutes = Form.useWatch('windowMinutes', form) ?? WAREHOUSE_LIMITS.windowMinutesDefault;
  const inspectors = useInspectors(shopIds, NO_IDS);
  const camerasOfShop = (shopId: string) => cameraChoicesOfShop(cameraTree, shopId).map((camera) => camera.value);
  const cameraGroups = shopIds.map((shopId) => ({
    label: shops.find((shop) => shop.value === shopId)?.label ?? shopId,
    options: cameraChoicesOfShop(cameraTree, shopId),
  }));
  const shopName = (shopId: string) => shops.find((shop) => shop.value === shopId)?.label ?? shopId;

  const checkName = async () => {
    const name = (form.getFieldValue('name') as string | undefined)?.trim();
    if (!name) return;
    const answer = await isPlanNameExist(name).catch(() => ({ exists: false }));
    if (answer.exists) form.setFields([{ name: 'name', errors: [translateMessageRef(messageRef('inspection.planNameExists'))] }]);
  };

  const save = async (values: WarehousePlanFormValues) => {
    setSaving(true);
    try {
      await addWarehousePlan(warehousePlanRequestOf(values, camerasOfShop));
      void message.success(t('warehouse:planForm.added'));
      // The plan list and the analysis read the engine's plans again.
      await queryClient.invalidateQueries({ predicate: (query) => /^(inspection|warehousePatrol)\./.test(String(query.queryKey[0])) });
      void navigate(PATROL_ANALYSIS_PATH);
    } catch {
      // The server's message is shown by the operation call; the form keeps every value.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size="small" title={t('warehouse:planForm.title')} data-testid="warehouse-plan-form">
      <Form<WarehousePlanFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={emptyWarehousePlanForm()}
        onFinish={(values) => void save(values)}
        scrollToFirstError
      >
        <Form.Item name="name" label={t('warehouse:planForm.name')} rules={[schemaFieldRule(fields.name)]} validateTrigger="onBlur">
          <Input maxLength={INSPECTION_LIMITS.planNameMaxChars} onBlur={() => void checkName()} data-testid="warehouse-plan-name" />
        </Form.Item>
        <Form.Item
          name="shopIds"
          label={t('warehouse:planForm.stores')}
          rules={[messageRule((ids: string[] | undefined) => (ids?.length ? null : messageRef('inspection.noShops')))]}
        >
          <Select mode="multiple" options={shops} optionFilterProp="label" data-testid="warehouse-plan-shops" />
        </Form.Item>
        <Form.Item
          name="cameraIds"
          label={t('warehouse:planForm.cameras')}
          extra={t('warehouse:planForm.camerasHint')}
          dependencies={['shopIds']}
          rules={[
            messageRule((ids: string[] | undefined) => {
              if (!ids?.length) return messageRef('warehouse.noCameras');
              const missing = storesWithoutCamera(form.getFieldValue('shopIds') ?? [], ids, camerasOfShop);
              return missing.length > 0 ? messageRef('warehouse.storeWithoutCamera', { shop: missing.map(shopName).join(', ') }) : null;
            }),
          ]}
        >
          <Select mode="multiple" options={cameraGroups} optionFilterProp="label" data-testid="warehouse-plan-cameras" />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item
            name="checkTimes"
            label={t('warehouse:planForm.checkTimes')}
            extra={t('warehouse:planForm.checkTimesHint', { max: WAREHOUSE_LIMITS.checkTimesMax })}
            dependencies={['windowMinutes']}
            rules={[
              messageRule((times: string[] | undefined) => {
                if (!times?.length) return messageRef('warehouse.noCheckTimes');
                if (times.length > WAREHOUSE_LIMITS.checkTimesMax) return messageRef('validation.maxItems', { n: WAREHOUSE_LIMITS.checkTimesMax });
                return timesPastMidnight(times, form.getFieldValue('windowMinutes') ?? 0).length > 0 ? messageRef('warehouse.windowPastMidnight') : null;
              }),
            ]}
          >
            <Select mode="multiple" style={{ minWidth: 320 }} options={TIME_OPTIONS} data-testid="warehouse-plan-times" />
          </Form.Item>
          <Form.Item name="windowMinutes" label={t('warehouse:planForm.window')} extra={t('warehouse:planForm.windowHint', { minutes: windowMinutes })}>
            <InputNumber
              min={WAREHOUSE_LIMITS.windowMinutesMin}
              max={WAREHOUSE_LIMITS.windowMinutesMax}
              step={5}
              precision={0}
              suffix={t('warehouse:planForm.minutes')}
              data-testid="warehouse-plan-window"
            />
          </Form.Item>
        </Space>
        <Form.Item name="validity" label={t('warehouse:planForm.validity')} rules={[messageRule(validityError)]}>
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            placeholder={[t('warehouse:planForm.validityStart'), t('warehouse:planForm.validityEnd')]}
            data-testid="warehouse-plan-validity"
          />
        </Form.Item>
        <Form.Item
          name="handlerIds"
          label={t('warehouse:planForm.handlers')}
          extra={t('warehouse:planForm.handlersHint')}
          rules={[messageRule((ids: string[] | undefined) => (ids?.length ? null : messageRef('inspection.noHandlers')))]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={shopIds.length === 0 ? t('warehouse:planForm.chooseStoresFirst') : undefined}
            options={(inspectors.data ?? []).map((person) => ({ value: person.userId, label: person.name }))}
            data-testid="warehouse-plan-handlers"
          />
        </Form.Item>
        <Form.Item name="description" label={t('warehouse:planForm.description')} rules={[schemaFieldRule(fields.description)]}>
          <Input.TextArea rows={2} maxLength={INSPECTION_LIMITS.descriptionMaxChars} data-testid="warehouse-plan-description" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="warehouse-plan-save">
            {t('common:save')}
          </Button>
          <Button onClick={() => void navigate(PATROL_ANALYSIS_PATH)}>{t('common:cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
