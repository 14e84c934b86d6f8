import { type PrivacySettings, privacySettingsSchema } from '@storelens/contracts';
import { Divider, Form, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { fetchPrivacySettings, savePrivacySettings } from '../api.ts';
import { requiredNumberRules } from '../components/numberRules.ts';
import { SettingsCard, SettingsSection } from '../components/SettingsSection.tsx';
import { calendarKeys } from '../hooks/calendarKeys.ts';
import { useSettingsForm } from '../hooks/useSettingsForm.ts';
import { numberLimitsOf } from '../numberLimits.ts';

const retentionLimits = numberLimitsOf(privacySettingsSchema.shape.retentionDays);

/**
 * Privacy (/settings/passengerFlow/privacy): face blurring on snapshots and how long visit-level
 * data is kept. The observer is barred by path (contracts OBSERVER_BARRED_ROUTES) and by the
 * server. Shortening the retention asks first: the next daily purge deletes what falls outside.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  const canManage = useCan('cueretail_privacy_manage');
  const wholeCustomer = useWholeCustomer();
  const { form, loaded, save, initialValues } = useSettingsForm<PrivacySettings>({
    keyOf: calendarKeys.privacy,
    fetch: fetchPrivacySettings,
    save: savePrivacySettings,
    savedText: t('calendar:privacy.saved'),
    confirm: async (next, saved) =>
      next.retentionDays >= saved.retentionDays ||
      (await requestConfirmation({
        title: t('calendar:privacy.shortenTitle'),
        body: t('calendar:privacy.shortenBody', { from: saved.retentionDays, to: next.retentionDays }),
        danger: true,
        onConfirm: () => true,
      })) === true,
  });
  const retentionDays = Form.useWatch('retentionDays', form);

  return (
    <SettingsCard title={t('calendar:privacy.title')} updatedAt={loaded.data?.updatedAt} loading={loaded.isPending} testId="privacy-settings">
      {loaded.data && (
        <Form<PrivacySettings>
          form={form}
          initialValues={initialValues}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={canManage !== 'shown' || !wholeCustomer}
          style={{ maxWidth: 760 }}
          onFinish={(values) => save.mutate(values)}
        >
          {!wholeCustomer && <CustomerWideNotice />}
          <Typography.Paragraph>{t('calendar:privacy.intro')}</Typography.Paragraph>

          <SettingsSection title={t('calendar:privacy.blurFaces.title')} help={t('calendar:privacy.blurFaces.help')} testId="privacy-section-blur">
            <Form.Item name="blurFaces" valuePropName="checked" label={t('calendar:privacy.blurFaces.label')}>
              <Switch data-testid="privacy-blur-faces" />
            </Form.Item>
          </SettingsSection>
          <Divider />

          <SettingsSection title={t('calendar:privacy.collectWifi.title')} help={t('calendar:privacy.collectWifi.help')} testId="privacy-section-wifi">
            <Form.Item name="collectWifi" valuePropName="checked" label={t('calendar:privacy.collectWifi.label')}>
              <Switch data-testid="privacy-collect-wifi" />
            </Form.Item>
          </SettingsSection>
          <Divider />

          <SettingsSection title={t('calendar:privacy.retention.title')} help={t('calendar:privacy.retention.help')} testId="privacy-section-retention">
            <Form.Item
              name="retentionDays"
              label={t('calendar:privacy.retention.label')}
              extra={t('calendar:privacy.retention.limits', { min: retentionLimits.lower?.value, max: retentionLimits.upper?.value })}
              rules={requiredNumberRules(privacySettingsSchema.shape.retentionDays)}
              validateFirst
            >
              <InputNumber precision={0} suffix={t('calendar:units.days')} style={{ width: 180 }} data-testid="privacy-retention-days" />
            </Form.Item>
            {typeof retentionDays === 'number' && (
              <Typography.Paragraph type="secondary" data-testid="privacy-retention-summary">
                {t('calendar:privacy.retention.summary', { days: retentionDays })}
              </Typography.Paragraph>
            )}
          </SettingsSection>

          <CanButton permission="cueretail_privacy_manage" type="primary" htmlType="submit" loading={save.isPending} data-testid="privacy-save">
            {t('common:save')}
          </CanButton>
        </Form>
      )}
    </SettingsCard>
  );
}
