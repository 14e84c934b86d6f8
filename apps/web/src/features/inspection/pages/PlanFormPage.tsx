import { INSPECTION_LIMITS, messageRef, planAddRequestSchema } from '@storelens/contracts';
import { App, Button, Card, Checkbox, DatePicker, Form, Input, Radio, Select, Space, Spin, TimePicker, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { messageRule, schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { ApplicableShopsPicker } from '../../calendar/components/ApplicableShopsPicker.tsx';
import { addPlan, isPlanNameExist, updatePlan } from '../api.ts';
import { RangeLabels } from '../components/RangeLabels.tsx';
import { useInspectionRefresh, useInspectors, useItemGroups, usePlan, useShopGroups } from '../hooks/useInspection.ts';
import { emptyPlanForm, type PlanFormValues, planFormOf, planRequestOf, validityError } from '../planForm.ts';
import { PLANS_PATH } from '../routes.tsx';

const fields = planAddRequestSchema.shape;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
const NO_IDS: string[] = [];

/**
 * Add or modify a plan (/taskManagement/dailyPatrol/add and /editDailyInspection?planId=, hidden,
 * the list highlighted): name (checked with isPlanNameExist), single or cyclic, stores or store
 * groups, items (filed ones are not offered), validity (at most 365 days), cycle, the period of the
 * day in each store's own time, handlers who see the stores; saved as a draft or published.
 */
export function PlanFormPage() {
  const { t } = useTranslation('inspectionPlans');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = params.get('planId') ?? '';
  const [form] = Form.useForm<PlanFormValues>();
  const plan = usePlan(planId);
  const kind = Form.useWatch('kind', form);
  const frequency = Form.useWatch('frequency', form);
  const shopIds = Form.useWatch('shopIds', form) ?? NO_IDS;
  const shopGroupIds = Form.useWatch('shopGroupIds', form) ?? NO_IDS;
  const groups = useShopGroups();
  const itemGroups = useItemGroups(false);
  const inspectors = useInspectors(shopIds, shopGroupIds);
  const [saving, setSaving] = useState(false);
  const refresh = useInspectionRefresh();
  const stored = plan.data;

  useEffect(() => {
    if (stored) form.setFieldsValue(planFormOf(stored));
  }, [stored, form]);

  const itemTree = useMemo(() => {
    const tree = (itemGroups.data ?? [])
      .filter((group) => group.itemNum > 0)
      .map((group) => ({
        title: `${group.name} (${group.itemNum})`,
        value: `category:${group.categoryId}`,
        selectable: false,
        children: group.items.map((item) => ({ title: item.name, value: item.itemId })),
      }));
    // Filed items a plan already lists stay chosen (they stay in past plans) though no longer offered.
    const offered = new Set(tree.flatMap((group) => group.children.map((child) => child.value)));
    const kept = (stored?.items ?? []).filter((item) => !offered.has(item.itemId)).map((item) => ({ title: item.name, value: item.itemId }));
    return kept.length > 0 ? [...tree, { title: '—', value: 'category:kept', selectable: false, children: kept }] : tree;
  }, [itemGroups.data, stored]);

  const checkName = async () => {
    const name = form.getFieldValue('name') as string | undefined;
    if (!name?.trim()) return;
    const answer = await isPlanNameExist(name.trim(), planId || undefined).catch(() => ({ exists: false }));
    if (answer.exists) form.setFields([{ name: 'name', errors: [t('form.nameTaken')] }]);
  };

  /** The form's values once valid; a validation overtaken by a change (antd's outOfDate: a picker settling) is asked again. */
  const validValues = async (): Promise<PlanFormValues | null> => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      try {
        return await form.validateFields();
      } catch (error) {
        if ((error as { outOfDate?: boolean }).outOfDate) {
          // Let the change that overtook this validation settle (a macrotask), then ask again.
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        // The form shows each field's message; the first one is scrolled into view.
        const first = form.getFieldsError().find((field) => field.errors.length > 0);
        if (first) form.scrollToField(first.name);
        return null;
      }
    }
    // Still settling after half a second: the server validates the same rules, so saving goes
    // ahead rather than a click silently doing nothing.
    return form.getFieldsValue(true) as PlanFormValues;
  };

  const save = async (asDraft: boolean) => {
    const values = await validValues();
    if (!values) return;
    setSaving(true);
    try {
      const request = { ...planRequestOf(values, asDraft), itemIds: values.itemIds.filter((id) => !id.startsWith('category:')) };
      if (planId) await updatePlan({ ...request, planId });
      else await addPlan(request);
      void message.success(planId ? t('form.saved') : t('form.added'));
      await refresh();
      void navigate(PLANS_PATH);
    } finally {
      setSaving(false);
    }
  };

  if (planId && plan.isLoading) return <Spin />;
  const draft = !planId || stored?.status === 'draft';
  return (
    <Card size="small" data-testid="plan-form">
      <Form<PlanFormValues> form={form} layout="vertical" style={{ maxWidth: 720 }} initialValues={emptyPlanForm()} validateTrigger="onBlur" scrollToFirstError>
        <Form.Item name="name" label={t('form.name')} rules={[schemaFieldRule(fields.name)]}>
          <Input maxLength={INSPECTION_LIMITS.planNameMaxChars} onBlur={() => void checkName()} data-testid="plan-form-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('form.kind')}>
          <Radio.Group data-testid="plan-form-kind">
            <Radio value="single" data-testid="plan-form-kind-single">
              {t('kind.single')}
            </Radio>
            <Radio value="cyclic" data-testid="plan-form-kind-cyclic">
              {t('kind.cyclic')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="shopIds" label={t('form.stores')} extra={t('form.storesHint')} validateTrigger="onChange">
          <ApplicableShopsPicker testId="plan-form-shops" />
        </Form.Item>
        <Form.Item name="shopGroupIds" label={t('form.groups')}>
          <Select
            mode="multiple"
            allowClear
            options={(groups.data ?? []).map((group) => ({ value: group.groupId, label: `${group.name} (${group.shopIds.length})` }))}
            data-testid="plan-form-groups"
          />
        </Form.Item>
        <Form.Item name="itemIds" label={t('form.items')} extra={t('form.itemsHint')} rules={[schemaFieldRule(fields.itemIds)]} validateTrigger="onChange">
          <TreeSelect
            treeData={itemTree}
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_CHILD}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            style={{ width: '100%' }}
            data-testid="plan-form-items"
          />
        </Form.Item>
        <RangeLabels start={t('form.validityStart')} end={t('form.validityEnd')}>
          <Form.Item name="validity" label={t('form.validity')} extra={t('form.validityHint')} rules={[messageRule(validityError)]} validateTrigger="onChange">
            <DatePicker.RangePicker style={{ width: '100%' }} data-testid="plan-form-validity" />
          </Form.Item>
        </RangeLabels>
        {kind === 'cyclic' && (
          <Space align="start" wrap>
            <Form.Item name="frequency" label={t('form.frequency')}>
              <Select
                style={{ width: 140 }}
                options={(['daily', 'weekly', 'monthly'] as const).map((value) => ({ value, label: t(`frequency.${value}`) }))}
                data-testid="plan-form-frequency"
              />
            </Form.Item>
            {frequency === 'weekly' && (
              <Form.Item
                name="weekdays"
                label={t('form.weekdays')}
                rules={[messageRule((days: number[] | undefined) => (days?.length ? null : messageRef('inspection.cycleDaysRequired')))]}
                validateTrigger="onChange"
              >
                <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))} data-testid="plan-form-weekdays" />
              </Form.Item>
            )}
            {frequency === 'monthly' && (
              <Form.Item
                name="monthDays"
                label={t('form.monthDays')}
                rules={[messageRule((days: number[] | undefined) => (days?.length ? null : messageRef('inspection.cycleDaysRequired')))]}
                validateTrigger="onChange"
              >
                <Select
                  mode="multiple"
                  style={{ minWidth: 240 }}
                  options={MONTH_DAYS.map((day) => ({ value: day, label: String(day) }))}
                  data-testid="plan-form-month-days"
                />
              </Form.Item>
            )}
          </Space>
        )}
        <RangeLabels start={t('form.periodStart')} end={t('form.periodEnd')}>
          <Form.Item name="period" label={t('form.period')} extra={t('form.periodHint')} validateTrigger="onChange">
            <TimePicker.RangePicker format="HH:mm" minuteStep={5} order style={{ width: 260 }} data-testid="plan-form-period" />
          </Form.Item>
        </RangeLabels>
        <Form.Item
          name="handlerIds"
          label={t('form.handlers')}
          extra={t('form.handlersHint')}
          rules={[schemaFieldRule(fields.handlerIds)]}
          validateTrigger="onChange"
        >
          <Select
            mode="multiple"
            allowClear
            placeholder={shopIds.length + shopGroupIds.length === 0 ? t('form.chooseStoresFirst') : undefined}
            showSearch={{ optionFilterProp: 'label' }}
            options={(inspectors.data ?? []).map((person) => ({
              value: person.userId,
              label: person.coversAll ? person.name : `${person.name} (${t('form.coversSome')})`,
            }))}
            data-testid="plan-form-handlers"
          />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <Input.TextArea rows={2} maxLength={INSPECTION_LIMITS.descriptionMaxChars} data-testid="plan-form-description" />
        </Form.Item>
        <Space>
          {draft && (
            <Button onClick={() => void save(true)} loading={saving} data-testid="plan-form-draft">
              {t('form.saveDraft')}
            </Button>
          )}
          <Button type="primary" onClick={() => void save(false)} loading={saving} data-testid="plan-form-submit">
            {draft ? t('form.submit') : t('form.save')}
          </Button>
          <Button onClick={() => void navigate(PLANS_PATH)}>{t('form.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
