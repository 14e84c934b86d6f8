import { describe, expect, it } from 'vitest';
import { allowedPlanActions, PLAN_STATUSES, PLAN_TRANSITIONS, planAddRequestSchema } from '../index.ts';
import { cycleDates, cycleMatches, cycleToRrule, isoWeekday, rruleToCycle } from './recurrence.ts';

describe('cycles as recurrence rules', () => {
  it('write and read the RFC 5545 subset', () => {
    expect(cycleToRrule({ frequency: 'daily' })).toBe('FREQ=DAILY');
    expect(cycleToRrule({ frequency: 'weekly', weekdays: [4, 1, 4] })).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect(cycleToRrule({ frequency: 'monthly', monthDays: [15, 1] })).toBe('FREQ=MONTHLY;BYMONTHDAY=1,15');
    expect(rruleToCycle('FREQ=WEEKLY;BYDAY=MO,TH')).toEqual({ frequency: 'weekly', weekdays: [1, 4] });
    expect(rruleToCycle('FREQ=MONTHLY;BYMONTHDAY=1,15')).toEqual({ frequency: 'monthly', monthDays: [1, 15] });
    expect(() => rruleToCycle('FREQ=YEARLY')).toThrow();
  });

  it('match local dates: weekdays from Monday, month days that exist', () => {
    expect(isoWeekday('2026-05-04')).toBe(1);
    expect(isoWeekday('2026-05-10')).toBe(7);
    expect(cycleMatches({ frequency: 'weekly', weekdays: [1, 3] }, '2026-05-06')).toBe(true);
    expect(cycleMatches({ frequency: 'weekly', weekdays: [1, 3] }, '2026-05-07')).toBe(false);
    // The 31st: January and March have one, February and April do not.
    expect(cycleDates({ frequency: 'monthly', monthDays: [31] }, '2026-01-01', '2026-04-30')).toEqual(['2026-01-31', '2026-03-31']);
    expect(cycleDates({ frequency: 'daily' }, '2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

describe('plan states', () => {
  it('list the actions the table allows, and nothing for a deleted plan', () => {
    expect(allowedPlanActions('paused')).toEqual(['modify', 'reactivate', 'delete']);
    expect(allowedPlanActions('inProgress')).toEqual(['pause']);
    expect(allowedPlanActions('deleted')).toEqual([]);
    for (const status of PLAN_STATUSES)
      for (const target of Object.values(PLAN_TRANSITIONS[status])) expect(['draft', 'active', 'paused', 'deleted']).toContain(target);
  });

  it('refuse a validity of 366 days with the span in the message', () => {
    const plan = {
      name: 'x',
      kind: 'single',
      shopIds: ['s'],
      itemIds: ['i'],
      handlerIds: ['u'],
      validFrom: '2026-01-01',
      validTo: '2027-01-01',
      periodStart: '09:00',
      periodEnd: '18:00',
    } as const;
    expect(planAddRequestSchema.safeParse(plan).error?.issues[0]?.message).toBe('errors.timeSelectionError|{"days":365}');
    expect(planAddRequestSchema.safeParse({ ...plan, validTo: '2026-12-31' }).success).toBe(true);
  });
});
