import { type CycleFrequency, INSPECTION_LIMITS, messageRef, type PlanDetail, type PlanKind, validityDays } from '@storelens/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { PlanInput } from './api.ts';

/** The plan form's values (antd Form): pickers hold dayjs values, the request holds dates and HH:mm. */
export interface PlanFormValues {
  name: string;
  kind: PlanKind;
  description: string;
  shopIds: string[];
  shopGroupIds: string[];
  itemIds: string[];
  validity: [Dayjs, Dayjs] | null;
  frequency: CycleFrequency;
  weekdays: number[];
  monthDays: number[];
  period: [Dayjs, Dayjs] | null;
  handlerIds: string[];
}

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';

/** A new plan: a daily cyclic plan for the coming week, 09:00-18:00 in each store's own time. */
export function emptyPlanForm(today: Dayjs = dayjs()): PlanFormValues {
  return {
    name: '',
    kind: 'cyclic',
    description: '',
    shopIds: [],
    shopGroupIds: [],
    itemIds: [],
    validity: [today.startOf('day'), today.startOf('day').add(6, 'day')],
    frequency: 'daily',
    weekdays: [],
    monthDays: [],
    period: [today.hour(9).minute(0).second(0), today.hour(18).minute(0).second(0)],
    handlerIds: [],
  };
}

/** The request of the form; the server checks it again with the same contracts rules. */
export function planRequestOf(values: PlanFormValues, asDraft: boolean): PlanInput {
  const cycle =
    values.kind === 'cyclic'
      ? {
          frequency: values.frequency,
          ...(values.frequency === 'weekly' ? { weekdays: [...values.weekdays].sort((a, b) => a - b) } : {}),
          ...(values.frequency === 'monthly' ? { monthDays: [...values.monthDays].sort((a, b) => a - b) } : {}),
        }
      : undefined;
  return {
    name: values.name.trim(),
    kind: values.kind,
    description: values.description ?? '',
    shopIds: values.shopIds,
    shopGroupIds: values.shopGroupIds,
    itemIds: values.itemIds,
    validFrom: values.validity?.[0].format(DATE) ?? '',
    validTo: values.validity?.[1].format(DATE) ?? '',
    ...(cycle ? { cycle } : {}),
    periodStart: values.period?.[0].format(TIME) ?? '',
    periodEnd: values.period?.[1].format(TIME) ?? '',
    handlerIds: values.handlerIds,
    asDraft,
  };
}

/** The form of a stored plan (editing). */
export function planFormOf(plan: PlanDetail): PlanFormValues {
  const time = (value: string) => dayjs(`2000-01-01T${value === '24:00' ? '23:59' : value}`);
  return {
    name: plan.name,
    kind: plan.kind,
    description: plan.description,
    shopIds: plan.shopGroupIds.length > 0 ? [] : plan.shopIds,
    shopGroupIds: plan.shopGroupIds,
    itemIds: plan.items.map((item) => item.itemId),
    validity: [dayjs(plan.validFrom), dayjs(plan.validTo)],
    frequency: plan.cycle?.frequency ?? 'daily',
    weekdays: plan.cycle?.weekdays ?? [],
    monthDays: plan.cycle?.monthDays ?? [],
    period: [time(plan.periodStart), time(plan.periodEnd)],
    handlerIds: plan.handlers.map((handler) => handler.userId),
  };
}

/** A plan's validity (patrol and warehouse plans alike): required, at most the engine's 365 days; a contracts message reference or null. */
export function validityError(range: [Dayjs, Dayjs] | null): string | null {
  if (!range) return messageRef('validation.required');
  const days = validityDays(range[0].format(DATE), range[1].format(DATE));
  return days > INSPECTION_LIMITS.validityMaxDays ? messageRef('errors.timeSelectionError', { days: INSPECTION_LIMITS.validityMaxDays }) : null;
}
