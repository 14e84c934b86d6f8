import { ALERT_DEFAULTS, ALERT_MODES, type AlertSetting, alertSettingSchema } from '@storelens/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, InputNumber, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useMemberOptions } from '../../users/hooks/useMemberOptions.ts';
import { fetchAlertSetting, saveAlertSetting } from '../api.ts';
import { deviceKeys, useCid } from '../hooks/useDevices.ts';

/**
 * Camera-offline alarms (spec sections 3 and 5): alert modes (text message, phone, e-mail), the
 * recipients, the interval between alarms for one camera (at least 5 minutes: 'The time interval
 * cannot be less than 5 minutes') and how long a silent device takes to count as offline.
 */
export function AlertSettingsPanel() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const { message } = App.useApp();
  const cid = useCid();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AlertSetting>();
  const canConfigure = useCan('config_page');
  const setting = useQuery({ queryKey: deviceKeys.alertSetting(cid), queryFn: fetchAlertSetting, enabled: cid !== null });
  const recipients = useMemberOptions(setting.data?.recipientIds ?? []);

  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);

  const save = useMutation({
    mutationFn: saveAlertSetting,
    onSuccess: async (saved) => {
      void message.success(t('devices:alerts.saved'));
      queryClient.setQueryData(deviceKeys.alertSetting(cid), saved);
    },
  });

  const wholeCustomer = useWholeCustomer();
  const readOnly = canConfigure !== 'shown' || !wholeCustomer;

  return (
    <Card size="small" title={t('devices:alerts.title')} data-testid="alert-settings">
      {setting.isPending && <Skeleton active />}
      {setting.data && !wholeCustomer && <CustomerWideNotice />}
      {setting.data && (
        <Form<AlertSetting>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={readOnly}
          style={{ maxWidth: 560 }}
          onFinish={(values) => save.mutate({ ...values, modes: values.modes ?? [], recipientIds: values.recipientIds ?? [] })}
          initialValues={{
            enabled: true,
            modes: [],
            recipientIds: [],
            intervalMinutes: ALERT_DEFAULTS.intervalMinutes,
            offlineAfterMinutes: ALERT_DEFAULTS.offlineAfterMinutes,
          }}
        >
          <Typography.Paragraph type="secondary">{t('devices:alerts.intro')}</Typography.Paragraph>
          <Form.Item name="enabled" label={t('devices:alerts.enabled')} valuePropName="checked">
            <Switch data-testid="alert-enabled" />
          </Form.Item>
          <Form.Item name="modes" label={t('devices:alerts.modes')}>
            <Checkbox.Group options={ALERT_MODES.map((mode) => ({ value: mode, label: t(`devices:alerts.mode.${mode}`) }))} data-testid="alert-modes" />
          </Form.Item>
          <Form.Item name="recipientIds" label={t('devices:alerts.recipients')} extra={t('devices:alerts.recipientsHint')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={recipients.loading}
              options={recipients.options}
              data-testid="alert-recipients"
            />
          </Form.Item>
          <Form.Item
            name="intervalMinutes"
            label={t('devices:alerts.interval')}
            rules={[schemaFieldRule(alertSettingSchema.shape.intervalMinutes)]}
            validateTrigger={['onBlur', 'onChange']}
          >
            <InputNumber min={1} precision={0} addonAfter={t('devices:alerts.minutes')} style={{ width: 220 }} data-testid="alert-interval" />
          </Form.Item>
          <Form.Item
            name="offlineAfterMinutes"
            label={t('devices:alerts.offlineAfter')}
            rules={[schemaFieldRule(alertSettingSchema.shape.offlineAfterMinutes)]}
            validateTrigger={['onBlur', 'onChange']}
          >
            <InputNumber min={1} precision={0} addonAfter={t('devices:alerts.minutes')} style={{ width: 220 }} data-testid="alert-offline-after" />
          </Form.Item>
          {setting.data.updatedAt && (
            <Typography.Paragraph type="secondary">
              {t('devices:alerts.updatedAt', { time: formatDateTime(setting.data.updatedAt, locale) })}
            </Typography.Paragraph>
          )}
          {readOnly ? (
            <Alert type="info" showIcon title={t('messages:errors.noAuthority')} />
          ) : (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="alert-save">
              {t('common:save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
