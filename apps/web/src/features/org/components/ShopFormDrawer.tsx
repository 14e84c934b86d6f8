import { type CityNode, CURRENCY_CODES, Limits, messageRef, SHOP_TYPES, type ShopRow, type TreeNode } from '@storelens/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Cascader, Divider, Drawer, Form, Input, InputNumber, Select, Space, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addShop, updateShop } from '../api.ts';
import { orgOptionsOf, useCityTree, useShopLabels } from '../hooks/useOrgAdminData.ts';
import {
  closesShop,
  emptyShopForm,
  playbackError,
  regionPath,
  SHOP_FIELD_SCHEMAS,
  type ShopFormValues,
  shopAddRequestOf,
  shopFormOf,
  shopUpdateRequestOf,
  statusChoices,
} from '../shopForm.ts';
import { timeZoneOptions } from '../timeZones.ts';
import { ClosingWarning } from './ClosingWarning.tsx';
import { TimeRangeInput } from './TimeRangeInput.tsx';

type CascaderOption = { value: string; label: string; children?: CascaderOption[] };

function cascaderOptions(nodes: readonly CityNode[]): CascaderOption[] {
  return nodes.map((node) => ({ value: node.code, label: node.name, ...(node.children?.length ? { children: cascaderOptions(node.children) } : {}) }));
}

export interface ShopFormDrawerProps {
  open: boolean;
  /** The shop being edited; null adds a shop. */
  shop: ShopRow | null;
  /** Parent organisation preselected for a new shop (the org selected in the tree). */
  defaultOrgId: string | null;
  orgTree: readonly TreeNode[];
  onClose(): void;
  onSaved(): void;
}

/**
 * Add or edit a shop with every field of spec section 3, checked on blur with the contracts rules
 * (spec section 5). Choosing 'closed' asks for the warning's confirmation on save; a closed shop
 * offers no other status.
 */
export function ShopFormDrawer({ open, shop, defaultOrgId, orgTree, onClose, onSaved }: ShopFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ShopFormValues>();
  const cityTree = useCityTree();
  const labels = useShopLabels();
  const customerTimeZone = useSessionStore((state) => state.cusInfo?.defaultTimeZone ?? 'Asia/Shanghai');
  const status = Form.useWatch('status', form);
  const indoorPositioning = Form.useWatch('indoorPositioning', form);
  const timeZone = Form.useWatch('timeZone', form);
  const orgOptions = useMemo(() => orgOptionsOf(orgTree), [orgTree]);
  const regionOptions = useMemo(() => cascaderOptions(cityTree.data ?? []), [cityTree.data]);

  // The form is filled when it opens on a shop (or on a new one), not again when the list behind it
  // refetches and hands over an equal shop as a new object: that reset the user's changes (a
  // status just chosen went back to open).
  const latest = useRef({ shop, defaultOrgId, customerTimeZone });
  latest.current = { shop, defaultOrgId, customerTimeZone };
  const shopId = shop?.shopId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: shopId is the trigger (another shop opened); the values come from `latest`.
  useEffect(() => {
    if (!open) return;
    const current = latest.current;
    form.resetFields();
    form.setFieldsValue(current.shop ? shopFormOf(current.shop, []) : emptyShopForm(current.defaultOrgId ?? '', current.customerTimeZone));
  }, [open, shopId, form]);
  // The region's cascader path needs the city tree; it may arrive after the form opened, and must
  // not reset what the user has typed meanwhile.
  const cities = cityTree.data;
  useEffect(() => {
    if (!open || !shop || !cities || form.isFieldTouched('region')) return;
    form.setFieldValue('region', regionPath(cities, shop.province, shop.city, shop.district));
  }, [open, shop, cities, form]);

  const save = useMutation({
    mutationFn: async (values: ShopFormValues) => {
      if (!shop) return addShop(shopAddRequestOf(values));
      if (closesShop(shop, values)) {
        const confirmed = await requestConfirmation({
          title: t('org:close.title', { name: shop.name }),
          body: <ClosingWarning />,
          danger: true,
          onConfirm: () => true,
        });
        if (!confirmed) return null;
        return updateShop(shopUpdateRequestOf(shop, values, true));
      }
      return updateShop(shopUpdateRequestOf(shop, values, false));
    },
    onSuccess: (result) => {
      if (result === null) return;
      void message.success(shop ? t('org:shop.saved') : t('org:shop.added'));
      onSaved();
    },
  });

  const required = schemaFieldRule(SHOP_FIELD_SCHEMAS.name);
  const isClosed = shop?.status === 'closed';

  return (
    <Drawer
      open={open}
      size={Math.max(Limits.drawerWidth, 460)}
      title={shop ? t('org:shop.editTitle', { name: shop.name }) : t('org:shop.addTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="shop-form-submit">
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      <Form<ShopFormValues> form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => save.mutate(values)} data-testid="shop-form">
        <Divider titlePlacement="start" plain>
          {t('org:shop.sections.basics')}
        </Divider>
        <Form.Item name="number" label={t('org:fields.number')} rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.number)]} validateFirst>
          <Input data-testid="shop-form-number" maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('org:fields.name')} rules={[required]} validateFirst>
          <Input data-testid="shop-form-name" />
        </Form.Item>
        <Form.Item name="orgId" label={t('org:fields.parentOrg')} rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.orgId)]} validateTrigger={['onBlur', 'onChange']}>
          <TreeSelect
            treeData={orgOptions}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('org:shop.chooseOrg')}
            data-testid="shop-form-org"
          />
        </Form.Item>
        <Form.Item name="status" label={t('org:fields.status')} extra={isClosed ? t('org:close.final') : undefined}>
          <Select
            disabled={isClosed}
            options={statusChoices(shop).map((value) => ({ value, label: t(`org:status.${value}`) }))}
            data-testid="shop-form-status"
          />
        </Form.Item>
        {closesShop(shop, { status: status ?? 'open' }) && <Alert type="warning" showIcon title={<ClosingWarning />} style={{ marginBottom: 16 }} />}
        <Form.Item name="shopType" label={t('org:fields.shopType')}>
          <Select options={SHOP_TYPES.map((value) => ({ value, label: t(`org:shopType.${value}`) }))} data-testid="shop-form-type" />
        </Form.Item>
        <Form.Item name="labels" label={t('org:fields.labels')} rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.labels, { optional: true })]}>
          <Select
            mode="tags"
            tokenSeparators={[',', ';']}
            options={(labels.data ?? []).map((entry) => ({ value: entry.label, label: `${entry.label} (${entry.count})` }))}
            data-testid="shop-form-labels"
          />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('org:shop.sections.location')}
        </Divider>
        <Form.Item name="region" label={t('org:fields.region')}>
          <Cascader
            options={regionOptions}
            changeOnSelect
            placeholder={t('org:shop.chooseRegion')}
            loading={cityTree.isPending}
            data-testid="shop-form-region"
          />
        </Form.Item>
        <Form.Item name="address" label={t('org:fields.address')} rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.address, { optional: true })]}>
          <Input data-testid="shop-form-address" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="latitude"
            label={t('org:fields.latitude')}
            rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.latitude, { optional: true })]}
            style={{ flex: 1 }}
          >
            <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="shop-form-latitude" />
          </Form.Item>
          <Form.Item
            name="longitude"
            label={t('org:fields.longitude')}
            rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.longitude, { optional: true })]}
            style={{ flex: 1, marginInlineStart: 8 }}
          >
            <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="shop-form-longitude" />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="timeZone"
          label={t('org:fields.timeZone')}
          rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.timeZone)]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Select showSearch options={timeZoneOptions(timeZone ?? shop?.timeZone)} data-testid="shop-form-timezone" />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('org:shop.sections.operation')}
        </Divider>
        <Space.Compact block>
          <Form.Item
            name="floorArea"
            label={t('org:fields.floorArea')}
            rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.floorArea, { optional: true })]}
            style={{ flex: 1 }}
          >
            <InputNumber style={{ width: '100%' }} min={0} data-testid="shop-form-floor-area" />
          </Form.Item>
          <Form.Item name="currency" label={t('org:fields.currency')} style={{ flex: 1, marginInlineStart: 8 }} tooltip={t('org:shop.currencyHint')}>
            <Select
              showSearch
              allowClear
              placeholder={t('org:shop.currencyFromCountry')}
              options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
              data-testid="shop-form-currency"
            />
          </Form.Item>
          <Form.Item
            name="staffCount"
            label={t('org:fields.staffCount')}
            rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.staffCount, { optional: true })]}
            style={{ flex: 1, marginInlineStart: 8 }}
          >
            <InputNumber style={{ width: '100%' }} min={0} precision={0} data-testid="shop-form-staff" />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="businessHours"
          label={t('org:fields.businessHours')}
          rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.businessHours)]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <TimeRangeInput testId="shop-form-business-hours" />
        </Form.Item>
        <Form.Item
          name="videoPlaybackHours"
          label={t('org:fields.videoPlaybackHours')}
          dependencies={['businessHours']}
          validateTrigger={['onBlur', 'onChange']}
          validateFirst
          rules={[
            schemaFieldRule(SHOP_FIELD_SCHEMAS.videoPlaybackHours),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                const error = playbackError(value, getFieldValue('businessHours'));
                if (error) throw new Error(translateMessageRef(error));
              },
            }),
          ]}
        >
          <TimeRangeInput testId="shop-form-playback-hours" />
        </Form.Item>
        <Form.Item
          name="trafficDisplayHours"
          label={t('org:fields.trafficDisplayHours')}
          rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.trafficDisplayHours)]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <TimeRangeInput testId="shop-form-traffic-hours" />
        </Form.Item>
        <Form.Item
          name="visitInterval"
          label={t('org:fields.visitInterval')}
          extra={t('org:shop.visitIntervalHint')}
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (value === null || value === undefined) throw new Error(translateMessageRef(messageRef('validation.required')));
              },
            },
            schemaFieldRule(SHOP_FIELD_SCHEMAS.visitInterval),
          ]}
          validateFirst
        >
          <InputNumber style={{ width: '100%' }} precision={0} data-testid="shop-form-visit-interval" />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          {t('org:shop.sections.positioning')}
        </Divider>
        <Form.Item name="indoorPositioning" label={t('org:fields.indoorPositioning')} valuePropName="checked">
          <Switch data-testid="shop-form-indoor" />
        </Form.Item>
        <Form.Item
          name="positioningEngine"
          label={t('org:fields.positioningEngine')}
          rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.positioningEngine, { optional: true })]}
        >
          <Input disabled={!indoorPositioning} data-testid="shop-form-engine" />
        </Form.Item>
        <Form.Item name="campus" label={t('org:fields.campus')} rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.campus, { optional: true })]}>
          <Input data-testid="shop-form-campus" />
        </Form.Item>
        <Form.Item name="building" label={t('org:fields.building')} rules={[schemaFieldRule(SHOP_FIELD_SCHEMAS.building, { optional: true })]}>
          <Input data-testid="shop-form-building" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
