/**
 * Reading a range of dates from totals kept per day, month and year (the alarm totals of 0040/0043,
 * the inspection store totals of 0042/0046, the rectification totals of 0048): which period rows to
 * add and which to take away so the sum is exactly the range, in as few rows as possible.
 * Periods are written 'YYYY-MM-DD', 'YYYY-MM' and 'YYYY'.
 */

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Periods counted with a sign: added (`plus`) or taken away (`minus`). */
export interface PeriodPlan {
  plus: string[];
  minus: string[];
}

/**
 * Months and days only: a month wholly inside from its month row; a month partly inside from its
 * days inside, or from its month row less its days outside, whichever are fewer (the last 90 days to
 * today: three month rows less the rest of this month, whose days have no rows yet). In date order.
 */
export function monthPlan(startDate: string, endDate: string): PeriodPlan {
  const plan: PeriodPlan = { plus: [], minus: [] };
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  for (let first = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), 1); first <= end; ) {
    const next = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth() + 1, 1);
    const from = Math.max(first, start);
    const to = Math.min(next - DAY_MS, end);
    const inside = (to - from) / DAY_MS + 1;
    if (inside <= (next - first) / DAY_MS - inside) for (let at = from; at <= to; at += DAY_MS) plan.plus.push(dateOf(at));
    else {
      plan.plus.push(dateOf(first).slice(0, 7));
      for (let at = first; at < next; at += DAY_MS) if (at < from || at > to) plan.minus.push(dateOf(at));
    }
    first = next;
  }
  return plan;
}

/**
 * With years too: per calendar year, its part of the range as months and days (`monthPlan`), or its
 * year row less the months and days of its part outside the range, whichever are fewer. The last
 * 365 days to yesterday: the first month's last days, the next month, and this year less this
 * month's days from today and the months to come (7 periods instead of 16).
 */
export function yearPlan(startDate: string, endDate: string): PeriodPlan {
  const plan: PeriodPlan = { plus: [], minus: [] };
  const size = (one: PeriodPlan) => one.plus.length + one.minus.length;
  for (let year = Number(startDate.slice(0, 4)); year <= Number(endDate.slice(0, 4)); year += 1) {
    const first = `${year}-01-01`;
    const last = `${year}-12-31`;
    const from = startDate > first ? startDate : first;
    const to = endDate < last ? endDate : last;
    const inside = monthPlan(from, to);
    const outside: PeriodPlan = { plus: [String(year)], minus: [] };
    for (const [gapFrom, gapTo] of [
      [first, dateOf(Date.parse(from) - DAY_MS)],
      [dateOf(Date.parse(to) + DAY_MS), last],
    ] as const)
      if (gapFrom <= gapTo) {
        const gap = monthPlan(gapFrom, gapTo);
        outside.plus.push(...gap.minus);
        outside.minus.push(...gap.plus);
      }
    // Each period once: the two gaps lie in different months unless the range is inside one, where the days win.
    const best = size(outside) < size(inside) && new Set([...outside.plus, ...outside.minus]).size === size(outside) ? outside : inside;
    plan.plus.push(...best.plus);
    plan.minus.push(...best.minus);
  }
  return plan;
}

/** The periods a date's figures count in: the date, its month and its year (the rows `yearPlan` reads). */
export function periodsOfDate(date: string): [string, string, string] {
  return [date, date.slice(0, 7), date.slice(0, 4)];
}

/** Every date of a range. */
export function daysOf(range: { startDate: string; endDate: string }): string[] {
  const days: string[] = [];
  for (let at = Date.parse(range.startDate); at <= Date.parse(range.endDate); at += DAY_MS) days.push(dateOf(at));
  return days;
}
