import { TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';

const FORMAT = 'HH:mm';

function toDayjs(time: string): Dayjs | null {
  const [hours, minutes] = time.split(':').map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) return null;
  return dayjs().hour(hours).minute(minutes).second(0).millisecond(0);
}

export function parseTimeRange(value: string | undefined): [Dayjs, Dayjs] | null {
  if (!value) return null;
  const [start, end] = value.split('-');
  const from = start ? toDayjs(start) : null;
  const to = end ? toDayjs(end) : null;
  return from && to ? [from, to] : null;
}

/**
 * A time range as the API writes it, `HH:mm-HH:mm` in the shop's zone. The end may come before the
 * start (a range past midnight), so the picker does not reorder the two.
 */
export function TimeRangeInput({
  value,
  onChange,
  onBlur,
  id,
  testId,
}: {
  value?: string;
  onChange?(value: string): void;
  onBlur?(): void;
  id?: string;
  testId: string;
}) {
  // One value object per text: a new one on every render would reset what the picker is editing.
  const range = useMemo(() => parseTimeRange(value), [value]);
  return (
    <TimePicker.RangePicker
      id={id}
      format={FORMAT}
      order={false}
      minuteStep={5}
      value={range}
      onChange={(range) => {
        const [from, to] = range ?? [];
        onChange?.(from && to ? `${from.format(FORMAT)}-${to.format(FORMAT)}` : '');
      }}
      onBlur={onBlur}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
