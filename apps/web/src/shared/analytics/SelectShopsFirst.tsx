import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a page shows while no shop is chosen: it asks for one rather than showing empty figures. */
export function SelectShopsFirst() {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="select-shops-first">
      <Empty description={t('analytics:shopPicker.selectFirst')} />
    </Card>
  );
}
