import { Limits, messageRef, WEBHOOK_EVENT_TYPES, WEBHOOKS } from '@storelens/contracts';
import { Alert, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageRef } from '../../../shared/i18n/i18n.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import type { WebhookEndpoint, WebhookForm } from '../api.ts';
import { EVENT_NAME_KEYS } from './eventNames.ts';

/**
 * Adds or edits an endpoint: its https address, what it is for, the events it receives and whether
 * it is on. A refusal of the server (a private address, plain http) is shown in the form.
 */
export function WebhookFormModal({
  editing,
  onSave,
  onClose,
}: {
  editing: WebhookEndpoint | 'new' | null;
  onSave(form: WebhookForm): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebhookForm>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Each opening starts from the endpoint edited (or a new one's defaults) and no earlier refusal.
  const openedFor = editing === null ? null : editing === 'new' ? 'new' : editing.endpointId;
  useEffect(() => {
    if (openedFor !== null) setRefusal(null);
  }, [openedFor]);
  const initial: WebhookForm =
    editing && editing !== 'new'
      ? { url: editing.url, description: editing.description, events: editing.events, enabled: editing.enabled }
      : { url: '', description: '', events: ['alarm.raised'], enabled: true };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setRefusal(null);
    try {
      await onSave({ ...values, url: values.url.trim(), description: values.description?.trim() ?? '' });
    } catch (error) {
      setRefusal(isHttpError(error) && error.message ? error.message : translateMessageRef(messageRef('errors.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={editing === 'new' ? t('webhooks:add') : t('webhooks:edit')}
      width={Limits.modalWidth}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, 'data-testid': 'webhook-form-save' }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} data-testid="webhook-form">
        <Form.Item
          name="url"
          label={t('webhooks:form.url')}
          extra={t('webhooks:form.urlHint')}
          rules={[
            { required: true, whitespace: true, message: translateMessageRef(messageRef('validation.required')) },
            { max: WEBHOOKS.urlMaxChars, message: translateMessageRef(messageRef('validation.maxChars', { n: WEBHOOKS.urlMaxChars })) },
          ]}
        >
          <Input placeholder="https://example.com/hooks/storelens" data-testid="webhook-form-url" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('webhooks:form.description')}
          rules={[{ max: 200, message: translateMessageRef(messageRef('validation.maxChars', { n: 200 })) }]}
        >
          <Input data-testid="webhook-form-description" />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks:form.events')}
          rules={[{ required: true, type: 'array', min: 1, message: translateMessageRef(messageRef('webhooks.eventsRequired')) }]}
        >
          <Checkbox.Group
            options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: t(EVENT_NAME_KEYS[type]) }))}
            className="sl-webhook-events"
            data-testid="webhook-form-events"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('webhooks:form.enabled')} valuePropName="checked">
          <Switch data-testid="webhook-form-enabled" />
        </Form.Item>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="webhook-form-refusal" />}
      </Form>
    </Modal>
  );
}
