/**
 * The booking domain's pushes (docs/architecture/push.md), written beside its mails by the same
 * steps and with the same rule: before the step marks itself done (the roster's confirmation,
 * `settled`), so a re-run writes a missing entry and the entry's id makes a second one impossible.
 * An entry the database did not take (`false`) leaves the step open for the reconciler.
 */
import { pushEventIds, type Booking, type EndedBooking } from '@studio/core';
import { readSettings, spotLabel } from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { enqueuePush, type PushMessageInput } from '../../push';
import { refundUntil } from './mails';

function pushClass(context: ClassContext) {
  return {
    classId: context.classId,
    title: context.title.slice(0, 100),
    startsAt: context.cls.startsAt,
  };
}

async function enqueue(
  deps: BookingDeps,
  push: { event: string; uid: string },
  build: () => Promise<PushMessageInput>,
): Promise<boolean> {
  let message: PushMessageInput;
  try {
    message = await build();
  } catch {
    // The reads behind the facts failed: a re-run reads again.
    return false;
  }
  return (await enqueuePush(deps.db, { ...push, message }, deps.now())) !== 'failed';
}

/** Promoted from the waiting list: the spot and until when cancelling is free. */
export function enqueuePromotedPush(
  deps: BookingDeps,
  context: ClassContext,
  booking: Booking,
): Promise<boolean> {
  if (booking.via !== 'waitlist') return Promise.resolve(true);
  return enqueue(
    deps,
    { event: pushEventIds.promoted(booking.bookingId), uid: booking.uid },
    async () => {
      const [settings, label] = await Promise.all([
        readSettings(deps.db),
        spotLabel(deps.db, context.cls, booking.spot),
      ]);
      return {
        kind: 'waitlist-promoted',
        class: pushClass(context),
        spotLabel: (label ?? booking.spot).slice(0, 10),
        refundUntil: refundUntil(booking, context.cls.startsAt, settings),
      };
    },
  );
}

/** A booking ended by the studio's class cancellation (a member's own cancel pushes nothing). */
export function enqueueClassCancelledPush(
  deps: BookingDeps,
  context: ClassContext,
  ended: EndedBooking,
  reason: string | undefined,
): Promise<boolean> {
  if (ended.outcome !== 'class-cancelled') return Promise.resolve(true);
  return enqueue(
    deps,
    { event: pushEventIds.classCancelled(context.classId, ended.uid), uid: ended.uid },
    () => {
      const why = reason?.trim().slice(0, 200);
      return Promise.resolve({
        kind: 'class-cancelled',
        class: pushClass(context),
        ...(why ? { reason: why } : {}),
      });
    },
  );
}
