import { ALARM_ALERT_CHANNELS, ALARM_ALERT_DEFAULTS, ALARM_PRIORITIES, type AlarmAlertSetting, alarmAlertSettingSchema, RoleId } from '@storelens/contracts';
import { Alert, App, Button, Checkbox, Form, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useMemberOptions } from '../../users/hooks/useMemberOptions.ts';
import { saveAlarmAlertSetting, useAlarmAlertSetting, useAlarmRefresh } from '../api.ts';

/**
 * Alarm alert settings (spec 'alert setting' for alarms): which channels (text message, phone,
 * e-mail) tell which people of new alarms of the chosen priorities, at most one notice per channel
 * per interval (at least 5 minutes: 'The time interval cannot be less than 5 minutes'). The
 * setting is the whole customer's: someone limited to part of it reads it but cannot save it.
 */
export function AlarmAlertSettingsButton() {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const observer = useSessionStore((state) => state.rid === RoleId.observer);
  const wholeCustomer = useWholeCustomer();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AlarmAlertSetting>();
  const setting = useAlarmAlertSetting(open);
  const refresh = useAlarmRefresh();
  const recipients = useMemberOptions(setting.data?.recipientIds ?? []);
  const [saving, setSaving] = useState(false);
  const readOnly = observer || !wholeCustomer;

  useEffect(() => {
    if (open && setting.data) form.setFieldsValue(setting.data);
  }, [open, setting.data, form]);

  const save = async (values: AlarmAlertSetting) => {
    setSaving(true);
    try {
      await saveAlarmAlertSetting({ ...values, channels: values.channels ?? [], priorities: values.priorities ?? [], recipientIds: values.recipientIds ?? [] });
      void message.success(t('alerts.saved'));
      setOpen(false);
      await refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="alarm-alert-settings">
        {t('alerts.button')}
      </Button>
      <Modal
        open={open}
        title={t('alerts.title')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          readOnly
            ? null
            : [
                <Button key="cancel" onClick={() => setOpen(false)}>
                  {t('common:cancel')}
                </Button>,
                <Button key="save" type="primary" loading={saving} onClick={() => form.submit()} data-testid="alarm-alert-save">
                  {t('common:save')}
                </Button>,
              ]
        }
      >
        {!wholeCustomer && <CustomerWideNotice />}
        <Form<AlarmAlertSetting>
          form={form}
          layout="vertical"
          disabled={readOnly || !setting.data}
          onFinish={(values) => void save(values)}
          initialValues={{ enabled: false, channels: [], priorities: ['high'], recipientIds: [], intervalMinutes: ALARM_ALERT_DEFAULTS.intervalMinutes }}
        >
          <Typography.Paragraph type="secondary">{t('alerts.intro')}</Typography.Paragraph>
          <Form.Item name="enabled" label={t('alerts.enabled')} valuePropName="checked">
            <Switch data-testid="alarm-alert-enabled" />
          </Form.Item>
          <Form.Item name="channels" label={t('alerts.channels')}>
            <Checkbox.Group
              options={ALARM_ALERT_CHANNELS.map((value) => ({ value, label: t(`alerts.channel.${value}`) }))}
              data-testid="alarm-alert-channels"
            />
          </Form.Item>
          <Form.Item name="priorities" label={t('columns.priority')}>
            <Checkbox.Group options={ALARM_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))} data-testid="alarm-alert-priorities" />
          </Form.Item>
          <Form.Item name="recipientIds" label={t('alerts.recipients')} extra={t('alerts.recipientsHint')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={recipients.loading}
              options={recipients.options}
              data-testid="alarm-alert-recipients"
            />
          </Form.Item>
          <Form.Item
            name="intervalMinutes"
            label={t('alerts.interval')}
            rules={[schemaFieldRule(alarmAlertSettingSchema.shape.intervalMinutes)]}
            validateTrigger={['onBlur', 'onChange']}
          >
            <InputNumber min={1} precision={0} addonAfter={t('alerts.minutes')} style={{ width: 220 }} data-testid="alarm-alert-interval" />
          </Form.Item>
          {setting.data?.updatedAt ? (
            <Typography.Paragraph type="secondary">{t('alerts.updatedAt', { time: formatDateTime(setting.data.updatedAt, locale) })}</Typography.Paragraph>
          ) : null}
          {observer ? <Alert type="info" showIcon title={t('messages:errors.noAuthority')} /> : null}
        </Form>
      </Modal>
    </>
  );
}
