import { type PlanDetail, planAddRequestSchema } from '@storelens/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { emptyPlanForm, planFormOf, planRequestOf } from './planForm.ts';

describe('the plan form', () => {
  it('turns its values into a request the contracts accept, with the cycle of its frequency only', () => {
    const values = {
      ...emptyPlanForm(dayjs('2026-05-04T10:00:00')),
      name: '  Opening check ',
      shopIds: ['s1'],
      itemIds: ['i1'],
      handlerIds: ['u1'],
      frequency: 'weekly' as const,
      weekdays: [3, 1],
      monthDays: [5],
    };
    const request = planRequestOf(values, false);
    expect(request).toMatchObject({
      name: 'Opening check',
      validFrom: '2026-05-04',
      validTo: '2026-05-10',
      cycle: { frequency: 'weekly', weekdays: [1, 3] },
      periodStart: '09:00',
      periodEnd: '18:00',
      asDraft: false,
    });
    expect(request.cycle).not.toHaveProperty('monthDays');
    expect(planAddRequestSchema.safeParse(request).success).toBe(true);
    expect(planRequestOf({ ...values, kind: 'single' }, true)).not.toHaveProperty('cycle');
  });

  it('reads a stored plan back into the form', () => {
    const plan = {
      name: 'Monthly',
      kind: 'cyclic',
      description: '',
      shopIds: ['s1', 's2'],
      shopGroupIds: [],
      items: [{ itemId: 'i1', name: 'x', categoryName: 'c', status: 'available' }],
      validFrom: '2026-05-01',
      validTo: '2026-06-30',
      cycle: { frequency: 'monthly', monthDays: [1, 15] },
      periodStart: '08:30',
      periodEnd: '24:00',
      handlers: [{ userId: 'u1', name: 'A' }],
    } as unknown as PlanDetail;
    const form = planFormOf(plan);
    expect(form).toMatchObject({ shopIds: ['s1', 's2'], itemIds: ['i1'], frequency: 'monthly', monthDays: [1, 15], handlerIds: ['u1'] });
    expect(planRequestOf(form, false)).toMatchObject({ validFrom: '2026-05-01', validTo: '2026-06-30', periodStart: '08:30', periodEnd: '23:59' });
  });
});
