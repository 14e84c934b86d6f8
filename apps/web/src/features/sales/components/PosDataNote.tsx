import type { PosData } from '@storelens/contracts';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The store-days a figure sums over that have no POS data (issue 11: no data is not zero): 'no POS
 * data' when none has any (the figure is '--', the chart leaves a gap), 'n of m store-days without
 * POS data' when some lack it. Nothing when every store-day has data.
 */
export function PosDataNote({ posData }: { posData: PosData | undefined }) {
  const { t } = useTranslation();
  if (!posData || posData.missing === 0) return null;
  if (posData.missing >= posData.storeDays)
    return (
      <Tooltip title={t('sales:posData.help')}>
        <Typography.Text type="secondary" data-testid="pos-data-none">{` (${t('sales:posData.none')})`}</Typography.Text>
      </Tooltip>
    );
  return (
    <Tooltip title={t('sales:posData.help')}>
      <Typography.Text type="warning" data-testid="pos-data-missing">
        {` (${t('sales:posData.missing', { missing: posData.missing, storeDays: posData.storeDays })})`}
      </Typography.Text>
    </Tooltip>
  );
}
