import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * One local day, the store's today at the latest (a day's trajectories, a camera's day): the days
 * after `today` cannot be picked, and the day cannot be cleared.
 */
export function DayPicker({
  value,
  today,
  onChange,
  label,
  testId,
}: {
  value: string;
  today: string;
  onChange(date: string): void;
  label: string;
  testId?: string;
}) {
  return (
    <DatePicker
      value={dayjs(value)}
      onChange={(day) => day && onChange(day.format('YYYY-MM-DD'))}
      disabledDate={(day) => day.format('YYYY-MM-DD') > today}
      allowClear={false}
      aria-label={label}
      data-testid={testId}
    />
  );
}
