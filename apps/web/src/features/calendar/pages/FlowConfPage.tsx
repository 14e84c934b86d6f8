import type { FlowSettings } from '@storelens/contracts';
import { Alert, Button, Divider, Flex, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { fetchFlowSettings, saveFlowSettings } from '../api.ts';
import { requiredNumberRules } from '../components/numberRules.ts';
import { SettingsCard, SettingsSection } from '../components/SettingsSection.tsx';
import { activityBandRanges, type BandGroup, bandOrderError, bandsReady, defaultFlowSettings, depthBandRanges, FLOW_FIELD_SCHEMAS } from '../flowSettings.ts';
import { calendarKeys } from '../hooks/calendarKeys.ts';
import { useSettingsForm } from '../hooks/useSettingsForm.ts';
import { numberLimitsOf } from '../numberLimits.ts';

const NUMBER_BOX_WIDTH = 180;

const deepVisitLimits = numberLimitsOf(FLOW_FIELD_SCHEMAS.deepVisitMinutes);
const depthLimits = numberLimitsOf(FLOW_FIELD_SCHEMAS.depthBands.lightMinutes);
const activityLimits = numberLimitsOf(FLOW_FIELD_SCHEMAS.activityBands.highWeeks);
const timeToStoreLimits = numberLimitsOf(FLOW_FIELD_SCHEMAS.timeToStoreMinutes);

/** The group's ordering rule on its last field, re-checked when the other two change. */
function bandOrderRule(group: BandGroup) {
  return ({ getFieldValue }: { getFieldValue(name: string): unknown }) => ({
    validator: async () => {
      const error = bandOrderError(group, getFieldValue(group) as Partial<FlowSettings[BandGroup]>);
      if (error) throw new Error(translateMessageRef(error));
    },
  });
}

/**
 * Flow configuration (/settings/passengerFlow/flowConf, customer kv setting): deep-visit threshold,
 * visit depth and activity bands, time to store, each with what it changes. Changing needs
 * customerkvsetting_update (hidden on 2: read only; disabled on 1); the server checks the same.
 */
export function FlowConfPage() {
  const { t } = useTranslation();
  const canUpdate = useCan('customerkvsetting_update');
  const { form, loaded, save, initialValues } = useSettingsForm<FlowSettings>({
    keyOf: calendarKeys.flowSettings,
    fetch: fetchFlowSettings,
    save: saveFlowSettings,
    savedText: t('calendar:flow.saved'),
  });
  const depthBands = Form.useWatch('depthBands', form);
  const activityBands = Form.useWatch('activityBands', form);

  const wholeCustomer = useWholeCustomer();
  const readOnly = canUpdate !== 'shown' || !wholeCustomer;

  const minutesBox = (testId: string) => (
    <InputNumber precision={0} suffix={t('calendar:units.minutes')} style={{ width: NUMBER_BOX_WIDTH }} data-testid={testId} />
  );
  const weeksBox = (testId: string) => (
    <InputNumber precision={0} suffix={t('calendar:units.weeks')} style={{ width: NUMBER_BOX_WIDTH }} data-testid={testId} />
  );

  return (
    <SettingsCard title={t('calendar:flow.title')} updatedAt={loaded.data?.updatedAt} loading={loaded.isPending} testId="flow-settings">
      {loaded.data && (
        <Form<FlowSettings>
          form={form}
          initialValues={initialValues}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={readOnly}
          style={{ maxWidth: 760 }}
          onFinish={(values) => save.mutate(values)}
        >
          <Typography.Paragraph>{t('calendar:flow.intro')}</Typography.Paragraph>
          {canUpdate !== 'hidden' && !wholeCustomer && <CustomerWideNotice />}
          {canUpdate === 'hidden' && <Alert type="info" showIcon title={t('calendar:readOnly')} style={{ marginBottom: 16 }} data-testid="flow-read-only" />}

          <SettingsSection title={t('calendar:flow.deepVisit.title')} help={t('calendar:flow.deepVisit.help')} testId="flow-section-deep-visit">
            <Form.Item
              name="deepVisitMinutes"
              label={t('calendar:flow.deepVisit.label')}
              extra={t('calendar:flow.wholeMinutesLimits', { min: deepVisitLimits.lower?.value, max: deepVisitLimits.upper?.value })}
              rules={requiredNumberRules(FLOW_FIELD_SCHEMAS.deepVisitMinutes)}
              validateFirst
            >
              {minutesBox('flow-deep-visit')}
            </Form.Item>
          </SettingsSection>
          <Divider />

          <SettingsSection title={t('calendar:flow.depth.title')} help={t('calendar:flow.depth.help')} testId="flow-section-depth">
            <Flex gap={16} wrap>
              <Form.Item
                name={['depthBands', 'lightMinutes']}
                label={t('calendar:flow.depth.light')}
                rules={requiredNumberRules(FLOW_FIELD_SCHEMAS.depthBands.lightMinutes)}
                validateFirst
              >
                {minutesBox('flow-depth-light')}
              </Form.Item>
              <Form.Item
                name={['depthBands', 'moderateMinutes']}
                label={t('calendar:flow.depth.moderate')}
                rules={requiredNumberRules(FLOW_FIELD_SCHEMAS.depthBands.moderateMinutes)}
                validateFirst
              >
                {minutesBox('flow-depth-moderate')}
              </Form.Item>
              <Form.Item
                name={['depthBands', 'deepMinutes']}
                label={t('calendar:flow.depth.deep')}
                dependencies={[
                  ['depthBands', 'lightMinutes'],
                  ['depthBands', 'moderateMinutes'],
                ]}
                rules={[...requiredNumberRules(FLOW_FIELD_SCHEMAS.depthBands.deepMinutes), bandOrderRule('depthBands')]}
                validateFirst
              >
                {minutesBox('flow-depth-deep')}
              </Form.Item>
            </Flex>
            <Typography.Paragraph type="secondary" data-testid="flow-depth-summary">
              {bandsReady('depthBands', depthBands)
                ? [
                    ...depthBandRanges(depthBands).map((range) =>
                      range.to === null
                        ? t('calendar:flow.depth.summaryAbove', { band: t(`calendar:flow.depth.band.${range.band}`), from: range.from })
                        : t('calendar:flow.depth.summary', { band: t(`calendar:flow.depth.band.${range.band}`), from: range.from, to: range.to }),
                    ),
                    t('calendar:flow.depth.shorter', { from: depthBands.lightMinutes }),
                  ].join(' · ')
                : t('calendar:flow.bandLimits', { min: depthLimits.lower?.value, max: depthLimits.upper?.value })}
            </Typography.Paragraph>
          </SettingsSection>
          <Divider />

          <SettingsSection title={t('calendar:flow.activity.title')} help={t('calendar:flow.activity.help')} testId="flow-section-activity">
            <Flex gap={16} wrap>
              <Form.Item
                name={['activityBands', 'highWeeks']}
                label={t('calendar:flow.activity.high')}
                rules={requiredNumberRules(FLOW_FIELD_SCHEMAS.activityBands.highWeeks)}
                validateFirst
              >
                {weeksBox('flow-activity-high')}
              </Form.Item>
              <Form.Item
                name={['activityBands', 'moderateWeeks']}
                label={t('calendar:flow.activity.moderate')}
                rules={requiredNumberRules(FLOW_FIELD_SCHEMAS.activityBands.moderateWeeks)}
                validateFirst
              >
                {weeksBox('flow-activity-moderate')}
              </Form.Item>
              <Form.Item
                name={['activityBands', 'lowWeeks']}
                label={t('calendar:flow.activity.low')}
                dependencies={[
                  ['activityBands', 'highWeeks'],
                  ['activityBands', 'moderateWeeks'],
                ]}
                rules={[...requiredNumberRules(FLOW_FIELD_SCHEMAS.activityBands.lowWeeks), bandOrderRule('activityBands')]}
                validateFirst
              >
                {weeksBox('flow-activity-low')}
              </Form.Item>
            </Flex>
            <Typography.Paragraph type="secondary" data-testid="flow-activity-summary">
              {bandsReady('activityBands', activityBands)
                ? [
                    ...activityBandRanges(activityBands).map((range) =>
                      t('calendar:flow.activity.summary', { band: t(`calendar:flow.activity.band.${range.band}`), from: range.from, to: range.to }),
                    ),
                    t('calendar:flow.activity.older', { to: activityBands.lowWeeks }),
                  ].join(' · ')
                : t('calendar:flow.bandLimits', { min: activityLimits.lower?.value, max: activityLimits.upper?.value })}
            </Typography.Paragraph>
          </SettingsSection>
          <Divider />

          <SettingsSection title={t('calendar:flow.timeToStore.title')} help={t('calendar:flow.timeToStore.help')} testId="flow-section-time-to-store">
            <Form.Item
              name="timeToStoreMinutes"
              label={t('calendar:flow.timeToStore.label')}
              extra={t('calendar:flow.timeToStore.limits', { min: timeToStoreLimits.lower?.value, max: timeToStoreLimits.upper?.value })}
              rules={requiredNumberRules(FLOW_FIELD_SCHEMAS.timeToStoreMinutes)}
              validateFirst
            >
              <InputNumber suffix={t('calendar:units.minutes')} style={{ width: NUMBER_BOX_WIDTH }} data-testid="flow-time-to-store" />
            </Form.Item>
          </SettingsSection>

          {canUpdate !== 'hidden' && (
            <Space>
              <CanButton permission="customerkvsetting_update" type="primary" htmlType="submit" loading={save.isPending} data-testid="flow-save">
                {t('common:save')}
              </CanButton>
              <Button onClick={() => form.setFieldsValue(defaultFlowSettings())} data-testid="flow-defaults">
                {t('calendar:restoreDefaults')}
              </Button>
            </Space>
          )}
        </Form>
      )}
    </SettingsCard>
  );
}
