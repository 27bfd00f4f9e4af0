// Plan fees (docs/architecture/plans.md): a late cancel or no-show fee
// the booking recorded in the member's transaction, a freeze's hold fee, an early-end fee. Each is
// charged off-session to the member's saved card through the `stripe` SDK, once (the PaymentIntent's
// idempotency key is the fee's id), and the member hears either way: never a silent charge.
import Stripe from 'stripe';
import {
  formatMoney,
  membershipSchema,
  parseStored,
  paths,
  planFeeSchema,
  stripeCustomerSchema,
} from '@studio/core';
import type { PlanFee } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { PaymentDeps } from '../payments/deps';
import type { PurchaseRecord } from '../payments/purchase-record';
import { ignored, processed } from '../payments/outcome';
import type { EventOutcome } from '../payments/outcome';
import { feeQueueKey, queueFee } from './fee-queue';
import { tellMember } from './notices';

export const PLAN_FEE_METADATA = 'plan-fee';

/** Records a fee for a plan event outside a booking (a freeze's hold fee, an early end). */
export async function recordFee(
  db: Database,
  uid: string,
  feeId: string,
  fee: PlanFee,
): Promise<PlanFee> {
  const path = paths.planFee(uid, feeId);
  const { snapshot } = await db
    .ref(path)
    .transaction((current: unknown) => (current === null ? fee : current), undefined, false);
  await queueFee(db, uid, feeId, fee.at);
  return parseStored(planFeeSchema, snapshot.val(), path);
}

/** The card to charge: the one saved for invoices, else the plan's subscription's. */
async function savedCard(
  deps: PaymentDeps,
  customerId: string,
  membershipId: string,
): Promise<string | undefined> {
  const customer = await deps.stripe.customers.retrieve(customerId);
  if (!('deleted' in customer) || customer.deleted !== true) {
    const method = customer.invoice_settings.default_payment_method;
    if (typeof method === 'string') return method;
    if (method !== null && typeof method === 'object') return method.id;
  }
  if (!membershipId.startsWith('sub_')) return undefined;
  try {
    const subscription = await deps.stripe.subscriptions.retrieve(membershipId);
    const method = subscription.default_payment_method;
    return typeof method === 'string' ? method : (method?.id ?? undefined);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
    throw error;
  }
}

async function settle(
  deps: PaymentDeps,
  uid: string,
  feeId: string,
  outcome:
    | { status: 'charged'; paymentIntentId: string }
    | { status: 'failed'; failure: string; paymentIntentId?: string },
): Promise<PlanFee | undefined> {
  const path = paths.planFee(uid, feeId);
  const at = deps.now();
  const { snapshot } = await deps.db.ref(path).transaction(
    (current: unknown) => {
      const stored = planFeeSchema.safeParse(current);
      if (!stored.success) return current;
      // A charge that went through is never turned back into a failure by a late event.
      if (stored.data.status === 'charged') return current;
      return { ...stored.data, ...outcome, updatedAt: at };
    },
    undefined,
    false,
  );
  const parsed = planFeeSchema.safeParse(snapshot.val());
  return parsed.success ? parsed.data : undefined;
}

async function recordPayment(
  deps: PaymentDeps,
  uid: string,
  fee: PlanFee,
  intentId: string,
  customerId: string,
): Promise<void> {
  const at = deps.now();
  const record: PurchaseRecord = {
    uid,
    kind: 'plan',
    items: [
      {
        type: 'plan',
        id: fee.membershipId,
        name: `Plan fee (${fee.reason})`,
        quantity: 1,
        unitAmount: fee.amount,
      },
    ],
    subtotal: fee.amount,
    discount: 0,
    amount: fee.amount,
    currency: fee.currency,
    status: 'paid',
    createdAt: at,
    paidAt: at,
    stripePaymentIntentId: intentId,
    stripeCustomerId: customerId,
  };
  await deps.db
    .ref(paths.payment(intentId))
    .transaction((current: unknown) => (current === null ? record : current), undefined, false);
}

async function tellFee(deps: PaymentDeps, uid: string, feeId: string, fee: PlanFee, plan: string) {
  const charged = fee.status === 'charged';
  await tellMember(
    deps.db,
    {
      uid,
      event: `fee-${feeId}-${fee.status}`,
      type: 'plan-fee',
      messageKey: charged ? 'notifPlanFeeCharged' : 'notifPlanFeeFailed',
      params: { amount: formatMoney(fee.amount, fee.currency), reason: fee.reason },
      mail: {
        notice: charged ? 'fee-charged' : 'fee-failed',
        plan,
        amount: fee.amount,
        currency: fee.currency,
        reason: fee.reason,
      },
    },
    deps.now(),
  );
}

/**
 * Charges one pending fee. Once: a fee already charged or failed is left; the PaymentIntent's
 * idempotency key is the fee's own id, so a second run after a crash gets Stripe's first answer
 * back instead of charging twice. No saved card, or a declined one: `failed`, and the member is
 * asked to update their card.
 */
export async function chargeFee(
  deps: PaymentDeps,
  uid: string,
  feeId: string,
): Promise<PlanFee | undefined> {
  const { db, stripe } = deps;
  const path = paths.planFee(uid, feeId);
  const raw: unknown = (await db.ref(path).get()).val();
  if (raw === null) return undefined;
  const fee = parseStored(planFeeSchema, raw, path);
  const membership = membershipSchema.safeParse((await db.ref(paths.membership(uid)).get()).val());
  const planName = membership.success ? membership.data.terms.name : fee.membershipId;
  if (fee.status !== 'pending') return fee;
  const customerRaw: unknown = (await db.ref(paths.stripeCustomer(uid)).get()).val();
  const customer = stripeCustomerSchema.safeParse(customerRaw);
  const customerId = customer.success ? customer.data.customerId : undefined;
  const card =
    customerId === undefined ? undefined : await savedCard(deps, customerId, fee.membershipId);
  let settled: PlanFee | undefined;
  if (customerId === undefined || card === undefined) {
    settled = await settle(deps, uid, feeId, { status: 'failed', failure: 'noSavedCard' });
  } else {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: fee.amount,
          currency: fee.currency.toLowerCase(),
          customer: customerId,
          payment_method: card,
          off_session: true,
          confirm: true,
          description: `Plan fee: ${fee.reason}`,
          metadata: { uid, feeId, kind: PLAN_FEE_METADATA, membershipId: fee.membershipId },
        },
        { idempotencyKey: `plan-fee-${uid}-${feeId}` },
      );
      settled = await settle(deps, uid, feeId, { status: 'charged', paymentIntentId: intent.id });
      await recordPayment(deps, uid, fee, intent.id, customerId);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      const failure = (error.decline_code ?? error.code ?? 'card_declined').slice(0, 300);
      const intentId = error.payment_intent?.id;
      settled = await settle(deps, uid, feeId, {
        status: 'failed',
        failure,
        ...(intentId === undefined ? {} : { paymentIntentId: intentId }),
      });
    }
  }
  if (settled !== undefined) await tellFee(deps, uid, feeId, settled, planName);
  await db.ref(paths.planFeeQueueEntry(feeQueueKey(uid, feeId))).remove();
  return settled;
}

/** Charges every fee waiting in the queue (the plans job; also after a cancel or a no-show). */
export async function chargeQueuedFees(deps: PaymentDeps, limit = 100): Promise<number> {
  const snapshot = await deps.db.ref(paths.planFeeQueue()).limitToFirst(limit).get();
  const entries: { uid: string; feeId: string }[] = [];
  snapshot.forEach((child) => {
    const value = child.val() as { uid?: unknown; feeId?: unknown } | null;
    if (typeof value?.uid === 'string' && typeof value.feeId === 'string')
      entries.push({ uid: value.uid, feeId: value.feeId });
  });
  for (const entry of entries) await chargeFee(deps, entry.uid, entry.feeId);
  return entries.length;
}

const intentSchema = {
  parse(raw: unknown): { id: string; metadata: Record<string, string> } | undefined {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { id, metadata } = raw as { id?: unknown; metadata?: unknown };
    if (typeof id !== 'string' || typeof metadata !== 'object' || metadata === null)
      return undefined;
    return { id, metadata: metadata as Record<string, string> };
  },
};

/**
 * `payment_intent.succeeded` / `.payment_failed` of a plan fee: the same outcome the charging call
 * recorded, applied again from Stripe's side, so a call that stopped between Stripe and the
 * database still leaves the fee as Stripe has it. Other PaymentIntents are not ours to mind.
 */
export async function feeIntentEvent(
  deps: PaymentDeps,
  raw: unknown,
  succeeded: boolean,
): Promise<EventOutcome> {
  const intent = intentSchema.parse(raw);
  const uid = intent?.metadata['uid'];
  const feeId = intent?.metadata['feeId'];
  if (
    intent === undefined ||
    intent.metadata['kind'] !== PLAN_FEE_METADATA ||
    uid === undefined ||
    feeId === undefined
  )
    return ignored('not a plan fee');
  const settled = await settle(
    deps,
    uid,
    feeId,
    succeeded
      ? { status: 'charged', paymentIntentId: intent.id }
      : { status: 'failed', failure: 'card_declined', paymentIntentId: intent.id },
  );
  if (settled === undefined) return ignored(`no fee ${feeId} for ${uid}`);
  await deps.db.ref(paths.planFeeQueueEntry(feeQueueKey(uid, feeId))).remove();
  return processed(`plan fee ${settled.status}`);
}
