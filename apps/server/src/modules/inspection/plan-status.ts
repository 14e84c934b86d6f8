import type { PlanKind, PlanLifecycle, PlanStatus } from '@storelens/contracts';

/** What a plan's state is read from: its stored lifecycle, its validity and its assignments. */
export interface PlanFacts {
  lifecycle: PlanLifecycle;
  kind: PlanKind;
  /** The validity as instants (first day's start in the earliest store zone, last day's end in the latest). */
  startsAt: string;
  endsAt: string;
  /** Assignments made so far (cancelled ones not counted), completed ones, and completed ones finished after their window. */
  total: number;
  done: number;
  late: number;
}

/**
 * The state people see (spec section 4), derived rather than stored, so that time moving on
 * (a plan becoming effective, expiring) needs no job to flip a column:
 * - draft, paused and deleted are what the plan's lifecycle says (paused until its validity ends);
 * - after the validity: completed when every assignment was done in its window, completed
 *   (expired) when every one was done but some after their window, expired otherwise;
 * - before the validity: not yet effective;
 * - within it: a single plan whose every assignment is done is completed; otherwise pending
 *   until the first assignment is done, in progress after.
 */
export function planStatusOf(facts: PlanFacts, nowMs: number): PlanStatus {
  if (facts.lifecycle === 'deleted') return 'deleted';
  if (facts.lifecycle === 'draft') return 'draft';
  const allDone = facts.total > 0 && facts.done === facts.total;
  const finished = (): PlanStatus => (facts.late > 0 ? 'completedExpired' : 'completed');
  if (nowMs >= Date.parse(facts.endsAt)) return allDone ? finished() : 'expired';
  if (facts.lifecycle === 'paused') return 'paused';
  if (nowMs < Date.parse(facts.startsAt)) return 'notEffective';
  if (facts.kind === 'single' && allDone) return finished();
  return facts.done === 0 ? 'pending' : 'inProgress';
}

/** A percentage with one decimal (spec section 9), or null without a denominator. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
