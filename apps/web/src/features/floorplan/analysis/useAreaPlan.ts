import { type AreaPlans, type DateRange, type FloorPlan, areaAnalysisOperations as ops } from '@storelens/contracts';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { defaultRange } from '../../../shared/analytics/dateRange.ts';
import { type ShopSelection, useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useStoresToday } from '../../../shared/analytics/useStoreDay.ts';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { usePlanImage } from '../hooks/useFloorplan.ts';

export type AreaPlan = AreaPlans[number];

export interface AreaPlanChoice {
  shops: ShopSelection;
  shopId: string | null;
  plans: AreaPlans;
  plan: AreaPlan | null;
  setPlanId(planId: string): void;
  range: DateRange;
  setRange(range: DateRange): void;
  /** The store's today: the last day of its default range and of the pickers. */
  today: string;
  hours: [number, number];
  setHours(hours: [number, number]): void;
  /** True once a store with a plan is chosen. */
  ready: boolean;
  loading: boolean;
  /** The store or its plans are still being chosen (not yet known whether it has a plan). */
  settling: boolean;
}

/**
 * The choice every area page starts from: one store, one of its floor plans (the active one
 * first), a date range and an hour range.
 */
export function useAreaPlan(): AreaPlanChoice {
  const shops = useShopSelection('single');
  const shopId = shops.ready ? (shops.shopIds[0] ?? null) : null;
  const plans = useOperation(ops.plans, { shopId: shopId ?? '' }, { enabled: Boolean(shopId) });
  const [planId, setPlanId] = useState<string | null>(null);
  // The store's last 7 days until the person picks a range (a store a day ahead of the viewer has its new day).
  const today = useStoresToday(shops.timeZones);
  const [pickedRange, setRange] = useState<DateRange | null>(null);
  const range = pickedRange ?? defaultRange(today);
  const [hours, setHours] = useState<[number, number]>([0, 23]);
  const list = shopId ? (plans.data ?? []) : [];
  useEffect(() => {
    if (list.length > 0 && !list.some((plan) => plan.id === planId)) setPlanId(list[0]?.id ?? null);
  }, [list, planId]);
  const plan = list.find((candidate) => candidate.id === planId) ?? null;
  const settling = !shops.ready || (shopId !== null && (plans.isPending || (list.length > 0 && plan === null)));
  return { shops, shopId, plans: list, plan, setPlanId, range, setRange, today, hours, setHours, ready: plan !== null, loading: plans.isFetching, settling };
}

/** The query of the area operations for the current choice. */
export function areaQueryOf(choice: AreaPlanChoice) {
  return { planId: choice.plan?.id ?? '', ...choice.range, fromHour: choice.hours[0], toHour: choice.hours[1] };
}

/** The plan's image (the floor-plan feature's loader reads only the plan's id and updatedAt, which an area plan has). */
export function useAreaPlanImage(plan: AreaPlan | null): HTMLImageElement | null {
  return usePlanImage((plan ?? undefined) as Pick<FloorPlan, 'id' | 'updatedAt'> as FloorPlan | undefined);
}

/** The local dates of a range, oldest first. */
export function datesIn(range: DateRange): string[] {
  const dates: string[] = [];
  for (let day = dayjs(range.startDate); !day.isAfter(dayjs(range.endDate), 'day'); day = day.add(1, 'day')) dates.push(day.format('YYYY-MM-DD'));
  return dates;
}
