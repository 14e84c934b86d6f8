import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Says why customer-wide settings are read only for a user limited to part of the customer. */
export function CustomerWideNotice() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('common:customerWideOnly')} data-testid="customer-wide-notice" />;
}
