// Cash at the front desk (core/src/desk/sales.ts): a pack, a plan or a drop-in paid in cash is a
// `Payments` record with `method: 'cash'`, its credits granted by payments' own grant keyed by
// the payment (so a repeated request adds nothing), the member told and sent the receipt, and the
// sale in the audit log. A refund takes the unused credits back through payments' return step.
import {
  DomainError,
  addBillingPeriods,
  cashAmountRefusal,
  coversBranch,
  cashPaymentId,
  daysBetween,
  formatDate,
  paths,
  paymentBranchKey,
  settingsFromStored,
} from '@studio/core';
import type { AuditEntry, CallableResult, RecordCashSaleInput } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { newId } from '../../engine';
import type { RateLimiter } from '../../engine';
import {
  applyPurchaseReturn,
  grantCredits,
  purchaseGrantCommands,
  purchaseGrantKey,
} from '../payments/credit-grants';
import { mailReceipt } from '../payments/mails';
import { notifyMember } from '../payments/notify';
import { quotePurchase } from '../payments/checkout/quote';
import { patchPurchase, readPurchase } from '../payments/purchase-record';
import type { PurchaseRecord } from '../payments/purchase-record';
import {
  attachIntroSession,
  claimIntroOffer,
  introOfferOf,
  settleIntroClaims,
} from '../plans/intro-offers';
import { changeMembership, newMembership, readMembership, readPlan } from '../plans/memberships';

export interface SalesDeps {
  db: Database;
  now: () => number;
  /** The desk's `desk` limit; none in tests that sell freely. */
  limits?: RateLimiter;
}

/**
 * The branch a desk sale is recorded for (the payment's `branch`, what a branch manager's
 * payments and their branch's insights count): a manager's own branch, another refused
 * (`outsideBranch`); a chain desk's `wanted` branch when it exists (`branchNotFound`), or none.
 */
export async function deskSaleBranch(
  db: Database,
  scope: string | null,
  wanted: string | undefined,
): Promise<string | undefined> {
  if (wanted !== undefined && !coversBranch(scope, wanted))
    throw new DomainError('permission-denied', 'outsideBranch');
  const branch = scope ?? wanted;
  if (branch === undefined) return undefined;
  if (!(await db.ref(paths.branch(branch)).get()).exists())
    throw new DomainError('not-found', 'branchNotFound');
  return branch;
}

/** How long an intro offer's claim waits for the sale to be recorded. */
const INTRO_CLAIM_MS = 60_000;

async function memberEmail(db: Database, uid: string): Promise<string | undefined> {
  const user = await db.ref(paths.user(uid)).get();
  if (!user.exists()) throw new DomainError('not-found', 'userNotFound', { uid });
  const email: unknown = user.child('Email').val();
  return typeof email === 'string' && email !== '' ? email : undefined;
}

/** A pack (or a single class) priced from the catalogue, as a card checkout prices it. */
async function packRecord(
  deps: SalesDeps,
  input: RecordCashSaleInput & { kind: Exclude<RecordCashSaleInput['kind'], 'plan'> },
): Promise<PurchaseRecord> {
  const quote = await quotePurchase(
    deps.db,
    input.uid,
    { kind: input.kind, packageId: input.packageId },
    deps.now(),
  );
  const [item] = quote.items;
  const refusal = cashAmountRefusal(input.amount, {
    name: item?.name ?? '',
    price: quote.amount,
    currency: quote.currency,
  });
  if (refusal) throw refusal;
  const record: PurchaseRecord = {
    uid: input.uid,
    kind: quote.kind,
    items: quote.items,
    subtotal: quote.subtotal,
    discount: 0,
    amount: quote.amount,
    currency: quote.currency,
    status: 'paid',
    createdAt: deps.now(),
    paidAt: deps.now(),
    grants: quote.grants,
    method: 'cash',
  };
  const [grant] = quote.grants;
  if (grant !== undefined && quote.grants.length === 1)
    record.credits = { kind: grant.kind, count: grant.count };
  return record;
}

/** A plan for one billing period, at its price; refused while the member holds one. */
async function planRecord(
  deps: SalesDeps,
  input: RecordCashSaleInput & { planId: string },
): Promise<{ record: PurchaseRecord; interval: string }> {
  const { db, now } = deps;
  const plan = await readPlan(db, input.planId);
  if (!plan.active) throw new DomainError('failed-precondition', 'planInactive');
  const refusal = cashAmountRefusal(input.amount, plan);
  if (refusal) throw refusal;
  const held = await readMembership(db, input.uid);
  const subscribed: unknown = (
    await db.ref(paths.userField(input.uid, 'activeSuscription')).get()
  ).val();
  if (subscribed === true || (held !== undefined && held.status !== 'ended'))
    throw new DomainError('failed-precondition', 'alreadySubscribed');
  const record: PurchaseRecord = {
    uid: input.uid,
    kind: 'plan',
    items: [
      { type: 'plan', id: input.planId, name: plan.name, quantity: 1, unitAmount: plan.price },
    ],
    subtotal: plan.price,
    discount: 0,
    amount: plan.price,
    currency: plan.currency,
    status: 'paid',
    createdAt: now(),
    paidAt: now(),
    method: 'cash',
  };
  return { record, interval: plan.interval };
}

/**
 * A cash plan runs one billing period from now; a credits plan's credits for that period are
 * granted with it, valid until its end. The membership's id is the payment's.
 */
async function startCashPlan(
  deps: SalesDeps,
  paymentId: string,
  record: PurchaseRecord,
  planId: string,
): Promise<number> {
  const { db, now } = deps;
  const plan = await readPlan(db, planId);
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const startedAt = now();
  const periodEnd = addBillingPeriods(startedAt, plan.interval, 1, settings.timeZone);
  await changeMembership(db, record.uid, (current) =>
    current?.id === paymentId
      ? undefined
      : newMembership({
          id: paymentId,
          uid: record.uid,
          planId,
          plan,
          source: 'cash',
          startedAt,
          periodStart: startedAt,
          periodEnd,
          timeZone: settings.timeZone,
          nowMs: startedAt,
        }),
  );
  if (plan.kind !== 'credits' || plan.credits === undefined) return 0;
  const days = Math.max(
    1,
    daysBetween(formatDate(startedAt, settings.timeZone), formatDate(periodEnd, settings.timeZone)),
  );
  record.grants = [
    {
      line: 0,
      packageId: planId,
      kind: plan.creditKind ?? 'regular',
      count: plan.credits,
      validityDays: days,
    },
  ];
  record.credits = { kind: plan.creditKind ?? 'regular', count: plan.credits };
  return plan.credits;
}

async function grantRecord(deps: SalesDeps, paymentId: string, record: PurchaseRecord) {
  const grants = record.grants ?? [];
  await grantCredits(deps.db, purchaseGrantCommands(paymentId, record), deps.now());
  const total = grants.reduce((sum, grant) => sum + grant.count, 0);
  if (total > 0)
    await notifyMember(
      deps.db,
      record.uid,
      `granted-${paymentId}`,
      'credits-granted',
      'notifCreditsGranted',
      { count: total },
      deps.now(),
    );
  return total;
}

/**
 * `recordCashSale` (the front desk, admins): the cash received for a pack or a plan. Every rule
 * is checked before anything is written (the branch, the member, the item on sale, the amount its
 * price, the intro offer once per person, one plan at a time); then the credits or the plan, the
 * payment record (with its branch: `deskSaleBranch`) and the audit entry in one update, the
 * receipt. `requestId` names the payment, so a repeat (a double tap, a retry after a dropped
 * answer) returns the first sale.
 */
export async function recordCashSale(
  deps: SalesDeps,
  {
    by,
    scope = null,
    branch: wanted,
    ...input
  }: RecordCashSaleInput & { by: string; scope?: string | null },
): Promise<CallableResult<'recordCashSale'>> {
  const { db, now } = deps;
  const branch = await deskSaleBranch(db, scope, wanted);
  const paymentId = cashPaymentId(input.requestId ?? newId(db));
  const done = await readPurchase(db, paymentId);
  if (done !== undefined) {
    if (done.uid !== input.uid || done.method !== 'cash')
      throw new DomainError('failed-precondition', 'invalidInput', { issues: 'requestId reused' });
    return { paymentId, credits: done.credits?.count ?? 0 };
  }
  const email = await memberEmail(db, input.uid);
  const plan = input.kind === 'plan' && input.planId !== undefined;
  const sale = plan
    ? await planRecord(deps, { ...input, planId: input.planId ?? '' })
    : {
        record: await packRecord(deps, {
          ...input,
          kind: input.kind === 'plan' ? 'credits' : input.kind,
        }),
      };
  const { record } = sale;
  record.takenBy = by;
  if (email !== undefined) record.email = email;
  if (branch !== undefined) {
    record.branch = branch;
    record.branchCreatedAt = paymentBranchKey(branch, record.createdAt);
  }
  const offer = plan ? undefined : await introOfferOf(db, input, false);
  await deps.limits?.take(by, 'desk');
  if (offer !== undefined) {
    const keys = await claimIntroOffer(deps, {
      uid: input.uid,
      email,
      offer,
      expiresAt: now() + INTRO_CLAIM_MS,
    });
    await attachIntroSession(db, keys, paymentId);
  }
  if (plan) await startCashPlan(deps, paymentId, record, input.planId ?? '');
  const credits = await grantRecord(deps, paymentId, record);
  if (offer !== undefined) await settleIntroClaims(deps, input.uid, email, paymentId, 'paid');
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'recordCashSale',
    target: paths.payment(paymentId),
    details: {
      member: input.uid,
      kind: input.kind,
      item: record.items.map((item) => item.id).join(','),
      amount: record.amount,
      currency: record.currency,
      ...(branch === undefined ? {} : { branch }),
    },
  };
  await db.ref().update({
    [paths.payment(paymentId)]: record,
    [paths.auditEntry(`sale-${paymentId}`)]: entry,
  });
  await mailReceipt(deps, paymentId, record);
  return { paymentId, credits };
}

/**
 * `refundCashSale` (the front desk, admins): the cash is handed back. Only a cash payment not
 * refunded yet, and a branch manager's desk only a sale of their branch; its unused credits are
 * taken back (the used ones stay used, as with a card refund), a plan bought with it ends now.
 * The payment says `refunded`, with who and why; audited.
 */
export async function refundCashSale(
  deps: SalesDeps,
  {
    by,
    scope = null,
    paymentId,
    reason,
  }: { by: string; scope?: string | null; paymentId: string; reason: string },
): Promise<CallableResult<'refundCashSale'>> {
  const { db, now } = deps;
  const record = await readPurchase(db, paymentId);
  if (record === undefined) throw new DomainError('not-found', 'paymentNotFound');
  if (scope !== null && record.branch !== scope)
    throw new DomainError('permission-denied', 'outsideBranch');
  if (record.method !== 'cash') throw new DomainError('failed-precondition', 'paymentNotCash');
  if (record.status !== 'paid')
    throw new DomainError('failed-precondition', 'paymentAlreadyRefunded');
  await deps.limits?.take(by, 'desk');
  const grants = record.grants ?? [];
  const outcome = await applyPurchaseReturn(
    db,
    {
      uid: record.uid,
      purchaseId: paymentId,
      grantKeys: grants.map((grant) => purchaseGrantKey(paymentId, grants, grant)),
      update: { chargeId: paymentId, amount: record.amount, refunded: record.amount },
    },
    now(),
  );
  if (record.kind === 'plan')
    await changeMembership(db, record.uid, (current) =>
      current?.id === paymentId && current.status !== 'ended'
        ? { ...current, status: 'ended', endedAt: now(), updatedAt: now() }
        : undefined,
    );
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'refundCashSale',
    target: paths.payment(paymentId),
    details: { member: record.uid, amount: record.amount, taken: outcome.state.taken, reason },
  };
  // A transaction, as every change of a purchase record (patchPurchase says why).
  await patchPurchase(db, paymentId, () => ({
    status: 'refunded',
    amountRefunded: record.amount,
    creditsRevoked: outcome.state.taken,
    refundedBy: by,
    refundReason: reason,
    updatedAt: now(),
  }));
  await db.ref(paths.auditEntry(`refund-${paymentId}`)).set(entry);
  if (outcome.taken > 0)
    await notifyMember(
      db,
      record.uid,
      `revoked-${paymentId}`,
      'credits-revoked',
      'notifCreditsRevoked',
      { count: outcome.taken },
      now(),
    );
  return { taken: outcome.state.taken };
}
