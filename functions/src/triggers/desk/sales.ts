import { onCall } from 'firebase-functions/v2/https';
import {
  addToClassInput,
  createDeskCheckoutInput,
  parseInput,
  recordCashSaleInput,
  refundCashSaleInput,
} from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminAuth, adminDatabase } from '../../admin';
import { addToClass as addToClassHandler } from '../../handlers/desk/add-to-class';
import { createDeskCheckout as createDeskCheckoutHandler } from '../../handlers/desk/desk-checkout';
import {
  cashSaleRecorded,
  cashSaleRefunded,
  deskCheckoutOpened,
  memberAddedAtDesk,
} from '../../handlers/desk/logs';
import {
  recordCashSale as recordCashSaleHandler,
  refundCashSale as refundCashSaleHandler,
} from '../../handlers/desk/sales';
import { CALLABLE_OPTIONS, clientIp, runCallable } from '../callable';
import { bookingDeps, requireDesk } from '../deps';
import { requireClassInScope } from '../scope';
import { memberLimits } from '../limits';
import { STRIPE_SECRET_KEY, appOrigins, stripeClient } from '../payments/config';
import { signatureStore } from './config';

const salesDeps = () => ({ db: adminDatabase(), now: Date.now, limits: memberLimits() });

/** `recordCashSale` (the front desk, admins): cash received for a pack or a plan. */
export const recordCashSale = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'recordCashSale'>> =>
    runCallable('recordCashSale', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(recordCashSaleInput, request.data);
      const result = await recordCashSaleHandler(salesDeps(), {
        ...input,
        by: caller.uid,
        scope: caller.scope,
      });
      cashSaleRecorded({ by: caller.uid, uid: input.uid, ...result, amount: input.amount });
      return result;
    }),
);

/** `refundCashSale` (the front desk, admins): the cash of a desk sale handed back. */
export const refundCashSale = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'refundCashSale'>> =>
    runCallable('refundCashSale', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(refundCashSaleInput, request.data);
      const result = await refundCashSaleHandler(salesDeps(), {
        ...input,
        by: caller.uid,
        scope: caller.scope,
      });
      cashSaleRefunded({ by: caller.uid, paymentId: input.paymentId, taken: result.taken });
      return result;
    }),
);

/** `addToClass` (the front desk, admins): a member or a walk-in into a class, paid or comped. */
export const addToClass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'addToClass'>> =>
    runCallable('addToClass', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(addToClassInput, request.data);
      await requireClassInScope(bookingDeps(), caller.scope, input.classId);
      const result = await addToClassHandler(
        { ...bookingDeps(), auth: adminAuth(), store: signatureStore() },
        { ...input, by: caller.uid, ip: clientIp(request.rawRequest) },
      );
      memberAddedAtDesk({
        by: caller.uid,
        uid: result.uid,
        classId: result.classId,
        payWith: input.payWith,
        newAccount: input.walkIn !== undefined,
      });
      return result;
    }),
);

/** `createDeskCheckout` (the front desk, admins): a member's card checkout opened at the desk. */
export const createDeskCheckout = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'createDeskCheckout'>> =>
    runCallable('createDeskCheckout', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(createDeskCheckoutInput, request.data);
      const result = await createDeskCheckoutHandler(
        { ...salesDeps(), stripe: stripeClient() },
        { ...input, by: caller.uid, scope: caller.scope },
        { appOrigins: appOrigins() },
      );
      deskCheckoutOpened({
        by: caller.uid,
        uid: input.uid,
        sessionId: result.sessionId,
        delivery: input.delivery,
      });
      return result;
    }),
);
