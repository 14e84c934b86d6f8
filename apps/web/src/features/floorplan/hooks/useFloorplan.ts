import { type FloorPlan, floorplanOperations as ops, RoleId } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { callOperation } from '../../../shared/lib/operations.ts';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useContainerWidth } from './useContainerWidth.ts';

/**
 * Store-level settings (floor plans, camera points, areas) are the super manager's (spec section
 * 6; the server's guard says the same): other roles read them and are told to contact the account
 * manager.
 */
export function useCanEditStorePlan(): boolean {
  const rid = useSessionStore((state) => state.rid);
  const update = useCan('heatmap_2d_update');
  return rid === RoleId.superManager && update === 'shown';
}

/** Refreshes every floor-plan query after a change (plans, points and drawings hang together). */
export function useRefreshFloorplan() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('floorplan.') }), [queryClient]);
}

export function usePlan(planId: string | null) {
  return useOperation(ops.planGet, { planId: planId ?? '' }, { enabled: Boolean(planId) });
}

export function useElements(planId: string | null) {
  return useOperation(ops.elementList, { planId: planId ?? '' }, { enabled: Boolean(planId) });
}

/** The plan's image as an element Konva can draw (fetched with the session's headers, kept as an object URL). */
export function usePlanImage(plan: FloorPlan | undefined): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const planId = plan?.id;
  const version = plan?.updatedAt;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image raises the plan's updatedAt, which must fetch it again
  useEffect(() => {
    if (!planId) return undefined;
    let url: string | null = null;
    let cancelled = false;
    void callOperation(ops.planImage, { planId }, { silent: true })
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        const element = new window.Image();
        element.onload = () => {
          if (!cancelled) setImage(element);
        };
        element.src = url;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [planId, version]);
  return image;
}

/**
 * What a page of one plan (?planId=) needs: the plan, its drawings and image, a refresh after
 * changes, and the width its drawing box offers (the ref goes on that box).
 */
export function usePlanFromQuery() {
  const [params] = useSearchParams();
  const planId = params.get('planId');
  const plan = usePlan(planId);
  const elements = useElements(planId);
  const image = usePlanImage(plan.data);
  const refresh = useRefreshFloorplan();
  const [box, width] = useContainerWidth();
  return { planId, plan, elements, image, refresh, box, width };
}
