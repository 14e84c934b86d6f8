import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AudiencesTab } from '../components/AudiencesTab.tsx';
import { ChannelsTab } from '../components/ChannelsTab.tsx';
import { PromotionsTab } from '../components/PromotionsTab.tsx';

/**
 * Crowd data export (/settings/passengerFlow/crowdDataExport, issue 17): audiences with their
 * generation and evaluation, the advertising channels they are exported for, and promotions.
 */
export function CrowdDataExportPage() {
  const { t } = useTranslation('crowd');
  return (
    <Card size="small" data-testid="crowd-page">
      <Tabs
        items={[
          { key: 'audiences', label: t('tabs.audiences'), children: <AudiencesTab /> },
          { key: 'channels', label: t('tabs.channels'), children: <ChannelsTab /> },
          { key: 'promotions', label: t('tabs.promotions'), children: <PromotionsTab /> },
        ]}
      />
    </Card>
  );
}
