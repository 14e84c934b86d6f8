/**
 * Plan states and actions (spec section 4). A plan's stored lifecycle is one of draft, active,
 * paused or deleted; the state people see follows from it, from the plan's validity and from its
 * assignments (see the server's plan-status.ts). The transition table below is THE rule: the server
 * refuses any action it does not list, the web shows only the buttons it lists (docs/API.md).
 */
export const PLAN_STATUSES = ['draft', 'notEffective', 'pending', 'inProgress', 'paused', 'expired', 'completed', 'completedExpired', 'deleted'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLAN_ACTIONS = ['modify', 'pause', 'reactivate', 'delete'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

export const PLAN_LIFECYCLES = ['draft', 'active', 'paused', 'deleted'] as const;
export type PlanLifecycle = (typeof PLAN_LIFECYCLES)[number];

/**
 * What each action does from each state: the stored lifecycle it leads to (a modified draft stays a
 * draft unless it is published). A state without an entry for an action refuses it.
 *
 * - Running work (pending, in progress) is paused before it is changed; in progress is paused
 *   before it is deleted, so nobody deletes a plan people are working on by one click.
 * - A plan whose validity is over (expired, completed) can only be deleted.
 */
export const PLAN_TRANSITIONS: Record<PlanStatus, Partial<Record<PlanAction, PlanLifecycle>>> = {
  draft: { modify: 'draft', delete: 'deleted' },
  notEffective: { modify: 'active', pause: 'paused', delete: 'deleted' },
  pending: { pause: 'paused', delete: 'deleted' },
  inProgress: { pause: 'paused' },
  paused: { modify: 'paused', reactivate: 'active', delete: 'deleted' },
  expired: { delete: 'deleted' },
  completed: { delete: 'deleted' },
  completedExpired: { delete: 'deleted' },
  deleted: {},
};

export function allowedPlanActions(status: PlanStatus): PlanAction[] {
  return PLAN_ACTIONS.filter((action) => PLAN_TRANSITIONS[status][action] !== undefined);
}

export function planActionAllowed(status: PlanStatus, action: PlanAction): boolean {
  return PLAN_TRANSITIONS[status][action] !== undefined;
}
