import { CopyOutlined } from '@ant-design/icons';
import { Limits } from '@storelens/contracts';
import { Alert, App, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shows a box's device token once (the server keeps only its hash): copy it now, it will not be
 * shown again. Closing needs the button, so it is not dismissed by a stray click.
 */
export function DeviceTokenModal({ token, boxName, onClose }: { token: string | null; boxName: string; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      void message.success(t('devices:token.copied'));
    } catch {
      // Without clipboard access (an insecure origin) the token stays selectable on screen.
      void message.warning(t('devices:token.copyFailed'));
    }
  };
  return (
    <Modal
      open={token !== null}
      title={t('devices:token.title', { name: boxName })}
      width={Limits.modalWidth}
      mask={{ closable: false }}
      closable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="device-token-done">
          {t('devices:token.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('devices:token.once')} data-testid="device-token-warning" />
        <Typography.Text type="secondary">{t('devices:token.usage')}</Typography.Text>
        <code className="sl-token" data-testid="device-token">
          {token}
        </code>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="device-token-copy">
          {t('devices:token.copy')}
        </Button>
      </Space>
    </Modal>
  );
}
