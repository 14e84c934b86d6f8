import { type DateRange, RANGE_LIMITS } from '@storelens/contracts';
import { App, DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATE_PRESETS, type DatePreset, presetRange, rangeProblem, rangeProblemMessage, todayLocal } from './dateRange.ts';

export interface DateRangePickerProps {
  value: DateRange;
  onChange(range: DateRange): void;
  /**
   * The longest range allowed, in days (both ends counted). 90 by default (spec section 5); pages
   * that group by week or month pass more (see maxDaysFor).
   */
  maxDays?: number;
  presets?: readonly DatePreset[];
  testId?: string;
  /** The last day that can be picked and the presets' "today"; the viewer's by default. */
  today?: string;
}

/**
 * A date range with the spec's presets (today ... same period last year). A range longer than
 * `maxDays` is refused with the spec's 'Time selection error' naming the span, the message the
 * server gives for the same range; the previous range stays. Days after today cannot be picked.
 */
export function DateRangePicker({
  value,
  onChange,
  maxDays = RANGE_LIMITS.days,
  presets = DATE_PRESETS,
  testId = 'date-range',
  today = todayLocal(),
}: DateRangePickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const choose = (range: DateRange) => {
    const problem = rangeProblem(range, maxDays);
    if (problem) {
      const { key, params } = rangeProblemMessage(problem);
      void message.error({ content: t(key, params), key: 'time-selection-error' });
      return;
    }
    onChange(range);
  };

  const asDays = (range: DateRange): [Dayjs, Dayjs] => [dayjs(range.startDate, DATE_FORMAT), dayjs(range.endDate, DATE_FORMAT)];

  return (
    <span data-testid={testId}>
      <DatePicker.RangePicker
        value={asDays(value)}
        allowClear={false}
        disabledDate={(day) => day.format(DATE_FORMAT) > today}
        presets={presets.map((preset) => ({
          label: <span data-testid={`${testId}-preset-${preset}`}>{t(`analytics:range.presets.${preset}`)}</span>,
          value: asDays(presetRange(preset, today, value)),
        }))}
        onChange={(days) => {
          const [start, end] = days ?? [];
          if (start && end) choose({ startDate: start.format(DATE_FORMAT), endDate: end.format(DATE_FORMAT) });
        }}
      />
    </span>
  );
}
