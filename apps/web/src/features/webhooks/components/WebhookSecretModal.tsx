import { CopyOutlined } from '@ant-design/icons';
import { Limits, WEBHOOKS } from '@storelens/contracts';
import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shows an endpoint's signing secret once (on creation and rotation): the receiver needs it to check
 * the signatures, and it is never shown again. Closing needs the button.
 */
export function WebhookSecretModal({ secret, rotated, onClose }: { secret: string | null; rotated: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      void message.success(t('webhooks:secret.copied'));
    } catch {
      // Without clipboard access (an insecure origin) the secret stays selectable on screen.
      void message.warning(t('webhooks:secret.copyFailed'));
    }
  };
  return (
    <Modal
      open={secret !== null}
      title={t('webhooks:secret.title')}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      closable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('webhooks:secret.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('webhooks:secret.once')} />
        <Typography.Text type="secondary">
          {t('webhooks:secret.usage', { header: WEBHOOKS.signatureHeader })}
          {rotated && ` ${t('webhooks:secret.rotated', { hours: WEBHOOKS.previousSecretHours })}`}
        </Typography.Text>
        <code className="sl-token" data-testid="webhook-secret">
          {secret}
        </code>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="webhook-secret-copy">
          {t('webhooks:secret.copy')}
        </Button>
      </Space>
    </Modal>
  );
}
