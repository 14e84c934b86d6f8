import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayRowLabel, dayRowStart } from './TimeAxis.tsx';

const TEN_MINUTES = 600_000;
const DAY = 144 * TEN_MINUTES;

describe('the time axis day row', () => {
  // A 30-day axis in the test's own zone, ending at 04:30 local on the 25th.
  const end = dayjs('2026-11-25T04:30:00').valueOf();
  const buckets = 30 * 144;
  const from = end - buckets * TEN_MINUTES;

  it('shows a whole past day by its date', () => {
    const first = dayRowStart(dayjs('2026-11-20T13:00:00').valueOf(), from, TEN_MINUTES, buckets);
    const rowFrom = from + first * TEN_MINUTES;
    expect(rowFrom).toBe(dayjs('2026-11-20T00:00:00').valueOf());
    expect(dayRowLabel(rowFrom, DAY)).toBe('2026-11-20');
  });

  it('shows today as the 24 hours up to now, named by its span, not by yesterday’s date', () => {
    const first = dayRowStart(dayjs('2026-11-25T04:00:00').valueOf(), from, TEN_MINUTES, buckets);
    const rowFrom = from + first * TEN_MINUTES;
    expect(rowFrom).toBe(end - DAY);
    expect(dayRowLabel(rowFrom, DAY)).toBe('2026-11-24 04:30 – 2026-11-25 04:30');
  });
});
