import {
  consumeOrVoid,
  isDomainError,
  payForBooking,
  planPaymentId,
  promotedNotice,
  releaseSeat,
  rosterKey,
} from '@studio/core';
import type { Booking, BookingCreditState, PayWith, Roster } from '@studio/core';
import {
  changeRoster,
  changeWallet,
  changeWalletThen,
  confirmBooking,
  readSettings,
  spotLabel,
} from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { syncViews, tell } from './sync-views';
import { enqueueBookedMail } from './mails';
import { stopWatchingBooked } from '../push/watch';
import { enqueuePromotedPush } from './pushes';

/**
 * Steps 2 and 3 of a booking whose seat is reserved (docs/decisions/030-booking-protocol.md):
 *
 * 2. one transaction on the member: consume the credit, record it as 'used' by this booking,
 *    ledger entry in the outbox (then flushed);
 * 3. views, then confirm the booking in the roster with the credit it used.
 *
 * Every step is idempotent, so the reconciler finishes a booking a crash left pending by
 * calling this again. If the member cannot pay (no usable credit, waiver, or the reconciler
 * voided this booking meanwhile) the seat is given back and the refusal is thrown.
 */
export async function finishBooking(
  deps: BookingDeps,
  context: ClassContext,
  booking: Booking,
  /** A roster holding the booking, to compute the member's view from. */
  roster: Roster,
  /**
   * What the member confirmed paying with (the plan or a credit); absent (a promotion, the
   * reconciler): the plan when it can, else a credit.
   */
  payWith?: PayWith,
): Promise<string> {
  const { db } = deps;
  const { classId, cls } = context;
  const { uid, bookingId } = booking;
  const nowMs = deps.now();
  const { timeZone } = await readSettings(db, deps.rush);
  let consumed: { result: string; flushed: Promise<number> };
  try {
    consumed = await changeWalletThen(db, uid, nowMs, (wallet) => {
      // The plan's cap is counted here, on the committed node (docs/architecture/plans.md).
      const outcome = payForBooking(wallet, {
        uid,
        bookingId,
        classId,
        cls,
        nowMs,
        payWith,
        guest: booking.guestName !== undefined,
        timeZone,
      });
      if (isDomainError(outcome)) return outcome;
      return { change: outcome.change, result: outcome.creditId };
    });
  } catch (error) {
    if (isDomainError(error)) await releaseReservation(deps, context, booking);
    throw error;
  }
  const creditId = consumed.result;
  // Awaited below; if this call stops first, the reconciler copies the ledger instead.
  void consumed.flushed.catch(() => undefined);
  // The ledger copy and the views → confirmation chain touch different nodes: run side by side.
  // The mail is written before the confirmation, so a re-run of this step (the reconciler
  // finishing a pending booking) writes it if a crash lost it; an entry the database did not
  // take leaves the booking pending for that re-run (mails.ts). The member's booking stands.
  const confirmed = (async () => {
    const [, mailed, pushed] = await Promise.all([
      syncViews(db, context, roster, [uid], nowMs, { paid: uid, paidBookingId: bookingId }),
      enqueueBookedMail(deps, context, booking, creditId === planPaymentId(bookingId)),
      enqueuePromotedPush(deps, context, booking),
    ]);
    if (mailed && pushed) await confirmBooking(context, rosterKey(booking), bookingId, creditId);
  })();
  // Both finish (or stop) before this call answers, so nothing of it runs on afterwards.
  const [flushed, confirmedDone] = await Promise.allSettled([consumed.flushed, confirmed]);
  if (flushed.status === 'rejected') throw flushed.reason;
  if (confirmedDone.status === 'rejected') throw confirmedDone.reason;
  if (booking.via === 'member' && booking.guestName === undefined) {
    // A watcher who books stops watching.
    await stopWatchingBooked(deps, { uid, classId });
  }
  if (booking.via === 'waitlist') {
    // The member knows the spot by the room's label, not its id
    // (docs/architecture/booking.md#views).
    const spot = (await spotLabel(db, cls, booking.spot, deps.rush)) ?? booking.spot;
    await tell(context.db, uid, promotedNotice(context, bookingId, spot), nowMs, classId);
  }
  return creditId;
}

/** Gives the seat of a booking that will not be paid for back, and shows it. */
export async function releaseReservation(
  deps: BookingDeps,
  context: ClassContext,
  booking: Booking,
): Promise<void> {
  const nowMs = deps.now();
  const released = await changeRoster(context, (roster) => ({
    roster: releaseSeat(roster, rosterKey(booking), booking.bookingId, nowMs),
    result: null,
  }));
  if (released.changed)
    await syncViews(deps.db, context, released.roster, [booking.uid], nowMs, {
      previous: released.previous,
    });
}

/**
 * For a booking left pending past the timeout (its call stopped after reserving the seat):
 * consume the member's credit if they still have one and finish the booking, which is what
 * they asked for; otherwise void the booking on the member's side first, in the same
 * transaction, so the stopped call can never consume afterwards, and give the seat back.
 */
export async function settlePendingBooking(
  deps: BookingDeps,
  context: ClassContext,
  booking: Booking,
  roster: Roster,
): Promise<'confirmed' | 'released'> {
  const nowMs = deps.now();
  const { timeZone } = await readSettings(deps.db);
  const state: BookingCreditState = await changeWallet(deps.db, booking.uid, nowMs, (wallet) => {
    const outcome = consumeOrVoid(wallet, {
      uid: booking.uid,
      bookingId: booking.bookingId,
      classId: context.classId,
      cls: context.cls,
      nowMs,
      guest: booking.guestName !== undefined,
      timeZone,
    });
    return { change: outcome.change, result: outcome.state };
  });
  if (state === 'used') {
    await finishBooking(deps, context, booking, roster);
    return 'confirmed';
  }
  await releaseReservation(deps, context, booking);
  return 'released';
}
