import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../shared/analytics/dateRange.ts';

export interface EventDatesInputProps {
  /** Local dates `YYYY-MM-DD` (an antd Form control: value and onChange come from Form.Item). */
  value?: readonly [string, string] | null;
  onChange?(range: [string, string] | null): void;
  onBlur?(): void;
  testId: string;
}

/**
 * The date range of a calendar event. Unlike the analytics range, it may lie in the future and
 * has no length limit: a planned promotion is entered before it starts.
 */
export function EventDatesInput({ value, onChange, onBlur, testId }: EventDatesInputProps) {
  return (
    <span data-testid={testId}>
      <DatePicker.RangePicker
        style={{ width: '100%' }}
        format={DATE_FORMAT}
        value={value ? [dayjs(value[0], DATE_FORMAT), dayjs(value[1], DATE_FORMAT)] : null}
        onChange={(days) => {
          const [start, end] = days ?? [];
          onChange?.(start && end ? [start.format(DATE_FORMAT), end.format(DATE_FORMAT)] : null);
        }}
        onBlur={onBlur}
      />
    </span>
  );
}
