import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** One local day, the store's today at the latest (trajectories and a camera's day are per day). */
export function DayPicker({ value, today, onChange, testId }: { value: string; today: string; onChange(date: string): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <DatePicker
      value={dayjs(value)}
      onChange={(day) => day && onChange(day.format('YYYY-MM-DD'))}
      disabledDate={(day) => day.format('YYYY-MM-DD') > today}
      allowClear={false}
      aria-label={t('areaAnalysis:date')}
      data-testid={testId}
    />
  );
}
