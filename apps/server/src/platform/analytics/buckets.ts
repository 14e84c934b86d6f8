import type { Granularity } from '@storelens/contracts';
import { addDays, monthOf, nextMonth, weekStart } from '../time/local-time.ts';

/** Every bucket key of a range at a granularity, in order, so charts get zeros where nothing happened. */
export function bucketKeys(granularity: Granularity, startDate: string, endDate: string): string[] {
  const keys: string[] = [];
  if (granularity === 'month') {
    for (let month = monthOf(startDate); month <= monthOf(endDate); month = nextMonth(month)) keys.push(month);
    return keys;
  }
  if (granularity === 'week') {
    for (let week = weekStart(startDate); week <= endDate; week = addDays(week, 7)) keys.push(week);
    return keys;
  }
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    if (granularity === 'day') keys.push(date);
    else for (let hour = 0; hour < 24; hour += 1) keys.push(`${date}T${String(hour).padStart(2, '0')}`);
  }
  return keys;
}
