// A branch manager's reach (docs/architecture/roles-and-rules.md#branch-managers): an admin or
// the front desk scoped to one branch acts on that branch's classes only.
import { DomainError, coversBranch } from '@studio/core';
import { classContext } from '../engine';
import type { BookingDeps } from '../engine';

/** Refuses a branch's class to a manager of another branch; the chain (null) reaches all. */
export function requireBranchInScope(scope: string | null, branchId: string): void {
  if (!coversBranch(scope, branchId)) throw new DomainError('permission-denied', 'outsideBranch');
}

/** As `requireBranchInScope`, for the branch of class `classId` (classNotFound when none). */
export async function requireClassInScope(
  deps: Pick<BookingDeps, 'db' | 'instances' | 'rush'>,
  scope: string | null,
  classId: string,
): Promise<void> {
  if (scope === null) return;
  const { cls } = await classContext(deps, classId);
  requireBranchInScope(scope, cls.branch);
}
