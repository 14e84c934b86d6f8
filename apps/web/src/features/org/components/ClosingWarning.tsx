import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The warning of spec section 4: closing is final and switches off four features of the shop. */
export function ClosingWarning() {
  const { t } = useTranslation();
  return (
    <div data-testid="shop-close-warning">
      <Typography.Paragraph style={{ marginBottom: 8 }}>{t('messages:errors.confirmCloseRequired')}</Typography.Paragraph>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('org:close.features.analytics')}</li>
        <li>{t('org:close.features.monitoring')}</li>
        <li>{t('org:close.features.inspections')}</li>
        <li>{t('org:close.features.liveVideo')}</li>
      </ul>
    </div>
  );
}
