import { Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/**
 * Beside a day's trajectories when the day shown has none: on the store's today (before opening, or
 * before the boxes' first tracks arrive) a way to the day before, which people open the page for in
 * the morning; on another day, only that there were none.
 */
export function EmptyDayHint({ date, today, total, onPick }: { date: string; today: string; total: number | undefined; onPick(date: string): void }) {
  const { t } = useTranslation('areaAnalysis');
  if (total !== 0) return null;
  if (date !== today) return <Typography.Text type="secondary">{t('noTracksThatDay')}</Typography.Text>;
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{t('noTracksYetToday')}</Typography.Text>
      <Button type="link" size="small" onClick={() => onPick(dayjs(today).subtract(1, 'day').format('YYYY-MM-DD'))} data-testid="area-flow-yesterday">
        {t('showYesterday')}
      </Button>
    </Space>
  );
}
