// The front desk in the soak: staff sell packs for cash (a double tap or a retry after a dropped
// answer repeats the same request), and now and then hand the cash back. The check: each cash
// sale has one `Payments` record (`method: 'cash'`) and one grant of its credits, a sale whose
// call failed granted at most once, and a refund took back what its record says, once.
import { cashPaymentId, recordCashSaleInput, refundCashSaleInput } from '@studio/core';
import { recordCashSale, refundCashSale } from '../../functions/src/handlers/desk/sales.ts';
import type { Model, SimMember } from './model.ts';
import type { OpRunner } from './ops.ts';
import type { Random } from './random.ts';
import { PACKAGES } from './studio.ts';
import type { World } from './world.ts';

/** The front desk's account (its role is checked by the callable's trigger, not here). */
export const DESK_UID = 'soak-desk';

export interface DeskMoves {
  /** One desk action: a cash sale to a member, or a refund of an earlier one. */
  act(members: readonly SimMember[]): Promise<void>;
}

export function deskMoves(world: World, model: Model, ops: OpRunner, random: Random): DeskMoves {
  const deps = (db = world.db) => ({ db, now: world.clock.now });
  let requests = 0;

  async function sell(member: SimMember) {
    const packageId = random.pick(['credits-5', 'credits-10'] as const);
    const requestId = `soak-${++requests}`;
    const input = recordCashSaleInput.parse({
      uid: member.uid,
      kind: 'credits',
      packageId,
      amount: PACKAGES[packageId].price,
      requestId,
    });
    const outcome = await ops.perform(
      'cash-sale',
      DESK_UID,
      `${member.uid} ${packageId}`,
      (db) => recordCashSale(deps(db), { by: DESK_UID, ...input }),
      // The request id makes the retry find the first sale.
      { retryable: true, random },
    );
    model.cashSales.push({
      uid: member.uid,
      paymentId: cashPaymentId(requestId),
      packageId,
      completed: outcome.kind === 'ok',
    });
  }

  async function refund() {
    const sale = random.pick(model.cashSales.filter((s) => s.completed && !s.refunded));
    const input = refundCashSaleInput.parse({ paymentId: sale.paymentId, reason: 'Changed mind' });
    const outcome = await ops.perform(
      'cash-refund',
      DESK_UID,
      sale.paymentId,
      (db) => refundCashSale(deps(db), { by: DESK_UID, ...input }),
      { retryable: true, random },
    );
    if (outcome.kind === 'ok') sale.refunded = true;
  }

  return {
    async act(members) {
      if (members.length === 0) return;
      const refundable = model.cashSales.some((s) => s.completed && !s.refunded);
      if (refundable && random.chance(0.15)) await refund();
      else await sell(random.pick(members));
    },
  };
}
