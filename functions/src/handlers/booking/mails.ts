/**
 * The booking domain's e-mails (docs/decisions/170-email-outbox.md): written into the outbox by
 * the step that also writes the member's views, after the seat and the credit are committed, and
 * before the step marks itself done (the roster's confirmation, `settled`), so a step the
 * reconciler re-runs writes a missing entry and the entry's id makes a second one impossible.
 * A mail never fails a booking: an entry the database did not take (`false`) leaves the step
 * open — the booking pending, the cancel unsettled — for the reconciler, whose pass writes it;
 * a mail that cannot be built (a bug) is logged and the step completes without it.
 */
import {
  cancellationDeadline,
  mailOutboxIds,
  waitlistCutoffAt,
  type Booking,
  type EndedBooking,
  type MailKind,
  type Settings,
} from '@studio/core';
import { readParsed, readSettings, spotLabel } from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import {
  enqueueMail,
  mailClassFacts,
  mailEnqueueFailed,
  type FactsReader,
  type MailMessageInput,
} from '../../mail';

/** The last instant a cancel gives this booking's credit back (core's `cancellationOutcome`). */
export function refundUntil(
  booking: Pick<Booking, 'promotedAt'>,
  startsAt: number,
  settings: Settings,
) {
  const deadline = cancellationDeadline(startsAt, settings);
  return booking.promotedAt !== undefined && booking.promotedAt > deadline
    ? waitlistCutoffAt(startsAt, settings)
    : deadline;
}

/** The mail's facts (branch, coach) through the call's rush when it has one, else the server. */
function factsReader(deps: BookingDeps): FactsReader {
  return (path, parse) => readParsed(deps.db, path, parse, deps.rush);
}

/** False when the entry should be written by a re-run of the step. */
async function enqueueSafely(
  deps: BookingDeps,
  mail: { id: string; uid: string; kind: MailKind },
  build: () => Promise<MailMessageInput>,
): Promise<boolean> {
  let message: MailMessageInput;
  try {
    message = await build();
  } catch (error) {
    mailEnqueueFailed({ id: mail.id, kind: mail.kind, error });
    // The reads behind the facts failed: a re-run reads again.
    return false;
  }
  try {
    const outcome = await enqueueMail(deps.db, { id: mail.id, uid: mail.uid, message }, deps.now());
    return outcome !== 'failed';
  } catch (error) {
    // Not a mail (a bug): logged; re-running would not fix it.
    mailEnqueueFailed({ id: mail.id, kind: mail.kind, error });
    return true;
  }
}

/** Booking confirmed (with the class as .ics), or promoted from the waiting list. */
export async function enqueueBookedMail(
  deps: BookingDeps,
  context: ClassContext,
  booking: Booking,
  /** Paid by the member's plan, not a credit: the mail says so. */
  byPlan = false,
): Promise<boolean> {
  const promoted = booking.via === 'waitlist';
  const id = promoted
    ? mailOutboxIds.promoted(booking.bookingId)
    : mailOutboxIds.booked(booking.bookingId);
  const kind = promoted ? 'waitlist-promoted' : 'booking-confirmed';
  return enqueueSafely(deps, { id, uid: booking.uid, kind }, async () => {
    const [settings, label] = await Promise.all([
      readSettings(deps.db, deps.rush),
      spotLabel(deps.db, context.cls, booking.spot, deps.rush),
    ]);
    const facts = await mailClassFacts(
      deps.db,
      { ...context, bookingId: booking.bookingId, spotLabel: label ?? booking.spot },
      factsReader(deps),
    );
    const until = refundUntil(booking, context.cls.startsAt, settings);
    const paid = byPlan ? { paidBy: 'plan' as const } : {};
    return promoted
      ? { kind: 'waitlist-promoted', class: facts, refundUntil: until, ...paid }
      : { kind: 'booking-confirmed', class: facts, refundUntil: until, ...paid };
  });
}

/** A cancelled booking: by the member (refunded or forfeited) or by the studio (class-cancelled). */
export async function enqueueEndedMail(
  deps: BookingDeps,
  context: ClassContext,
  ended: EndedBooking,
  reason: string | undefined,
): Promise<boolean> {
  const byStudio = ended.outcome === 'class-cancelled';
  const id = byStudio
    ? mailOutboxIds.classCancelled(context.classId, ended.uid)
    : mailOutboxIds.cancelled(ended.bookingId);
  const kind = byStudio ? 'class-cancelled' : 'booking-cancelled';
  return enqueueSafely(deps, { id, uid: ended.uid, kind }, async () => {
    const label = await spotLabel(deps.db, context.cls, ended.spot, deps.rush);
    const facts = await mailClassFacts(
      deps.db,
      { ...context, bookingId: ended.bookingId, spotLabel: label ?? ended.spot },
      factsReader(deps),
    );
    if (byStudio) {
      const why = reason?.trim().slice(0, 200);
      return { kind: 'class-cancelled', class: facts, ...(why ? { reason: why } : {}) };
    }
    return {
      kind: 'booking-cancelled',
      class: facts,
      outcome: ended.outcome === 'refund' ? 'refunded' : 'forfeited',
    };
  });
}
