import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { planTotalsRepo } from './plan-totals.repo.ts';
import { todoRepo } from './todo.repo.ts';

/**
 * Completes a pending assignment from outside the to-do's submission (a warehouse patrol's checks
 * settle it): the assignment's counts and its plan's phase totals (migration 0038) and its store's totals (0042) in one
 * transaction, as a submission writes them, so the phase list never drifts from the assignments.
 * False when it was no longer pending (another round completed it).
 */
export async function completeAssignmentWithCounts(
  db: DB,
  customerId: string,
  assignmentId: string,
  counts: { passed: number; failed: number; invalid: number; at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, customerId);
    const repo = todoRepo(scope);
    const assignment = await repo.assignment(assignmentId);
    if (assignment?.status !== 'pending') return false;
    const completed = await repo.complete(assignmentId, {
      method: 'remote',
      passed: counts.passed,
      failed: counts.failed,
      invalid: counts.invalid,
      completed_by: null,
      completed_at: counts.at,
      submission_key: null,
    });
    if (completed)
      await planTotalsRepo(scope).completed(assignment, { completed_at: counts.at, passed: counts.passed, failed: counts.failed, invalid: counts.invalid });
    return completed;
  });
}
