// A member's branches in a chain: their home branch and the branches they visit, as the member
// directory lists them by branch (`BranchMembers/{branchId}/{uid}`). Rolled up by the nightly
// insights job from the member's whole class history, never written by a booking
// (docs/decisions/175-member-home-branch.md).
import { z } from 'zod';
import { keySchema } from '../keys';
import type { UserClass } from '../schemas/classes';
import { dateSchema } from '../time';
import { isVisit } from './figures';

/** `BranchMembers/{branchId}/{uid}`: why the member is on the branch's list. */
export const branchMemberSchema = z.object({
  /** The member's home branch is this one (chosen at sign-up, else where they first came). */
  home: z.literal(true).optional(),
  /** Their visits at this branch (a started class attended or held), and the last one's day. */
  visits: z.number().int().min(0),
  lastVisit: dateSchema.optional(),
});
export type BranchMember = z.infer<typeof branchMemberSchema>;

/**
 * Where a member belongs: `home` when it is a branch of the chain (`branches`), else the branch
 * of their first visit; and each branch they visited, with how often and when last. Entries
 * without a branch, and branches the chain does not have, count nowhere.
 */
export function memberBranches(
  entries: readonly UserClass[],
  home: unknown,
  branches: ReadonlySet<string>,
  nowMs: number,
): Record<string, BranchMember> {
  const visits = entries
    .filter((entry) => isVisit(entry, nowMs) && entry.branch !== undefined)
    .filter((entry) => branches.has(entry.branch ?? ''))
    .sort((a, b) => a.startsAt - b.startsAt);
  const out: Record<string, BranchMember> = {};
  for (const visit of visits) {
    const branch = visit.branch ?? '';
    const seen = (out[branch] ??= { visits: 0 });
    seen.visits += 1;
    if (seen.lastVisit === undefined || visit.date > seen.lastVisit) seen.lastVisit = visit.date;
  }
  const first = visits[0]?.branch;
  if (first !== undefined) out[first] = { ...(out[first] ?? { visits: 0 }), home: true };
  return withHomeBranch(out, home, branches);
}

/**
 * `seen` (a member's branches, home at their first visit) with the home they chose instead, when
 * it is a branch of the chain; else `seen` unchanged.
 */
export function withHomeBranch(
  seen: Readonly<Record<string, BranchMember>>,
  home: unknown,
  branches: ReadonlySet<string>,
): Record<string, BranchMember> {
  const chosen = keySchema.safeParse(home);
  if (!chosen.success || !branches.has(chosen.data)) return { ...seen };
  const out: Record<string, BranchMember> = {};
  for (const [branch, member] of Object.entries(seen))
    out[branch] = {
      visits: member.visits,
      ...(member.lastVisit ? { lastVisit: member.lastVisit } : {}),
    };
  out[chosen.data] = { ...(out[chosen.data] ?? { visits: 0 }), home: true };
  return out;
}
