/**
 * A cyclic plan's cycle as an iCalendar recurrence rule (RFC 5545 RRULE), the subset the plan form
 * offers: every day, every week on chosen weekdays, every month on chosen days of the month. Rules
 * are evaluated on a store's own local dates (each store in its own time zone), so the evaluator
 * works on 'YYYY-MM-DD' dates rather than instants: a daylight-saving change cannot move an
 * occurrence to another day. A month without the chosen day (the 31st in April) has no occurrence
 * that month, as RFC 5545 says.
 */
export const CYCLE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type CycleFrequency = (typeof CYCLE_FREQUENCIES)[number];

export interface Cycle {
  frequency: CycleFrequency;
  /** 1 Monday .. 7 Sunday (weekly). */
  weekdays?: number[] | undefined;
  /** 1 .. 31 (monthly). */
  monthDays?: number[] | undefined;
}

const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const DAY_MS = 86_400_000;

const sortedUnique = (values: readonly number[] | undefined) => [...new Set(values ?? [])].sort((a, b) => a - b);

/** The rule text stored with the plan: 'FREQ=WEEKLY;BYDAY=MO,WE'. */
export function cycleToRrule(cycle: Cycle): string {
  switch (cycle.frequency) {
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${sortedUnique(cycle.weekdays)
        .map((day) => RRULE_DAYS[day - 1])
        .join(',')}`;
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${sortedUnique(cycle.monthDays).join(',')}`;
  }
}

/** Reads a stored rule back; throws on anything outside the subset (a stored rule is ours, so that is a bug). */
export function rruleToCycle(rule: string): Cycle {
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
  const frequency = parts.get('FREQ');
  if (frequency === 'DAILY') return { frequency: 'daily' };
  if (frequency === 'WEEKLY') {
    const weekdays = (parts.get('BYDAY') ?? '').split(',').map((day) => RRULE_DAYS.indexOf(day as (typeof RRULE_DAYS)[number]) + 1);
    if (weekdays.some((day) => day < 1)) throw new Error(`unknown weekday in ${rule}`);
    return { frequency: 'weekly', weekdays };
  }
  if (frequency === 'MONTHLY') return { frequency: 'monthly', monthDays: (parts.get('BYMONTHDAY') ?? '').split(',').map(Number) };
  throw new Error(`unsupported recurrence rule ${rule}`);
}

/** 1 Monday .. 7 Sunday of a local date. */
export function isoWeekday(date: string): number {
  const day = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday (4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Whether the cycle has an occurrence on a local date. */
export function cycleMatches(cycle: Cycle, date: string): boolean {
  switch (cycle.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return (cycle.weekdays ?? []).includes(isoWeekday(date));
    case 'monthly':
      return (cycle.monthDays ?? []).includes(Number(date.slice(8, 10)));
  }
}

/** The local dates of a range on which the cycle occurs. */
export function cycleDates(cycle: Cycle, from: string, to: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    if (cycleMatches(cycle, date)) dates.push(date);
  }
  return dates;
}
