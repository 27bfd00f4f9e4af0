// The member's plan in the database (docs/architecture/plans.md): `Users/{uid}/membership`,
// which the booking transaction reads, and its copy `Memberships/{id}` for the admins' lists and
// the nightly insights. Every change goes through `changeMembership`: a transaction on the member's
// copy, then the admins' copy written from the committed value.
import {
  DomainError,
  addBillingPeriods,
  isDomainError,
  membershipSchema,
  parseStored,
  paths,
  planSchema,
} from '@studio/core';
import type { Membership, MembershipSource, Plan, PlanTerms } from '@studio/core';
import type { Database } from 'firebase-admin/database';

/** Drops `undefined` (the admin SDK refuses it) as the database would store it. */
export function storable<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export async function readMembership(db: Database, uid: string): Promise<Membership | undefined> {
  const path = paths.membership(uid);
  const value: unknown = (await db.ref(path).get()).val();
  return value === null ? undefined : parseStored(membershipSchema, value, path);
}

export async function readPlan(db: Database, planId: string): Promise<Plan> {
  const path = paths.plan(planId);
  const value: unknown = (await db.ref(path).get()).val();
  if (value === null) throw new DomainError('not-found', 'planNotFound');
  return parseStored(planSchema, value, path);
}

/** The catalogue: every stored plan that parses, in key order (one that does not is left out). */
export async function readPlans(db: Database): Promise<{ id: string; plan: Plan }[]> {
  const stored = ((await db.ref(paths.plans()).get()).val() ?? {}) as Record<string, unknown>;
  return Object.entries(stored).flatMap(([id, value]) => {
    const parsed = planSchema.safeParse(value);
    return parsed.success ? [{ id, plan: parsed.data }] : [];
  });
}

/** What a member holds of a plan: its terms as sold (a later catalogue edit keeps them). */
export function termsOf(plan: Plan): PlanTerms {
  const terms: PlanTerms = { kind: plan.kind, name: plan.name, interval: plan.interval };
  for (const field of [
    'credits',
    'creditKind',
    'dailyCap',
    'limit',
    'covers',
    'guestSeats',
    'lateCancel',
    'noShow',
    'commitment',
  ] as const) {
    if (plan[field] !== undefined) Object.assign(terms, { [field]: plan[field] });
  }
  return storable(terms);
}

export interface NewMembership {
  id: string;
  uid: string;
  planId: string;
  plan: Plan;
  source: MembershipSource;
  startedAt: number;
  periodStart: number;
  periodEnd: number;
  timeZone: string;
  nowMs: number;
}

/** A membership starting now, with its commitment's end counted in billing periods. */
export function newMembership(fields: NewMembership): Membership {
  const membership: Membership = {
    id: fields.id,
    uid: fields.uid,
    planId: fields.planId,
    terms: termsOf(fields.plan),
    source: fields.source,
    status: 'active',
    startedAt: fields.startedAt,
    periodStart: fields.periodStart,
    periodEnd: fields.periodEnd,
    updatedAt: fields.nowMs,
  };
  const commitment = fields.plan.commitment;
  if (commitment !== undefined)
    membership.commitmentEndsAt = addBillingPeriods(
      fields.startedAt,
      fields.plan.interval,
      commitment.periods,
      fields.timeZone,
    );
  return membership;
}

/** `change` decides on the stored membership: the next one, `undefined` to leave it, or a refusal. */
export type MembershipChange = (
  current: Membership | undefined,
) => Membership | undefined | DomainError;

/**
 * Changes the member's plan in one transaction on `Users/{uid}/membership` (so it is decided on
 * the committed value, and the booking transaction on `Users/{uid}` sees it), then writes the
 * admins' copy. Returns the membership as committed, or throws the refusal.
 */
export async function changeMembership(
  db: Database,
  uid: string,
  change: MembershipChange,
): Promise<Membership | undefined> {
  const path = paths.membership(uid);
  let refusal: DomainError | undefined;
  let changed = false;
  let replaced: Membership | undefined;
  const { snapshot } = await db.ref(path).transaction(
    (stored: unknown) => {
      refusal = undefined;
      changed = false;
      replaced = undefined;
      const current = stored === null ? undefined : parseStored(membershipSchema, stored, path);
      const next = change(current);
      if (isDomainError(next)) {
        refusal = next;
        return stored;
      }
      if (next === undefined) return stored;
      changed = true;
      if (current !== undefined && current.id !== next.id && current.status !== 'ended')
        replaced = current;
      return storable(next);
    },
    undefined,
    false,
  );
  if (refusal) throw refusal;
  const value: unknown = snapshot.val();
  if (value === null) return undefined;
  const membership = parseStored(membershipSchema, value, path);
  if (changed) {
    await db.ref(paths.membershipRecord(membership.id)).set(storable(membership));
    // The plan it replaced (an imported one the member's card now bills) is over in the admins'
    // copy too, so lists and counts do not hold it twice.
    const over: Membership | undefined = replaced;
    const copy = over === undefined ? null : await db.ref(paths.membershipRecord(over.id)).get();
    if (over !== undefined && copy?.exists() === true)
      await db
        .ref(paths.membershipRecord(over.id))
        .update({ status: 'ended', endedAt: membership.updatedAt });
  }
  return membership;
}

/** Writes a membership that starts now over whatever the member held (a new one, an import). */
export async function startMembership(db: Database, membership: Membership): Promise<Membership> {
  const written = await changeMembership(db, membership.uid, () => membership);
  if (written === undefined) throw new Error(`membership ${membership.id} was not written`);
  return written;
}
