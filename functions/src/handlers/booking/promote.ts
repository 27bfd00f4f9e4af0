import {
  capacityLeft,
  isDomainError,
  memberPayment,
  pastMemberCutoff,
  promotionAllowed,
  reserveSeat,
  skipQueued,
  waitlistQueue,
} from '@studio/core';
import {
  changeRoster,
  newId,
  readLayout,
  readMember,
  readRoster,
  readSettings,
} from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { syncViews } from './sync-views';
import { finishBooking } from './finish-booking';

const MAX_ROUNDS = 500;

export interface PromotionReport {
  promoted: string[];
  skipped: string[];
}

/**
 * Gives free seats to the waiting list, strictly first come first served: while
 * the class has a free seat and promotion is still allowed (before the cut-off), the first
 * waiting member is booked through the same safe path as a direct booking, with their own
 * credit; a member without a usable credit, or past their own cut-off (`PromotionCutoffHours`),
 * is taken off the list and told (docs/decisions/032-waitlist-promotion.md).
 */
export async function promoteWaitlist(
  deps: BookingDeps,
  context: ClassContext,
): Promise<PromotionReport> {
  const { db } = deps;
  const report: PromotionReport = { promoted: [], skipped: [] };
  const { cls } = context;
  const [settings, layout] = await Promise.all([
    readSettings(db, deps.rush),
    readLayout(db, cls, deps.rush),
  ]);
  // Each round settles the head of the queue or stops; the bound only guards against a bug.
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const nowMs = deps.now();
    const roster = await readRoster(context);
    const head = waitlistQueue(roster)[0];
    if (!head || roster.cancellation || capacityLeft(cls, roster) === 0) break;
    if (!promotionAllowed(cls, nowMs, settings)) break;

    const member = await readMember(db, head.uid, deps.rush);
    const cutoffHours = member.user?.PromotionCutoffHours;
    const lateForMember = pastMemberCutoff(cls.startsAt, nowMs, settings, cutoffHours);
    // Their plan pays when it can, else a credit (docs/architecture/plans.md).
    const credit = memberPayment(member.user, cls, nowMs, { timeZone: settings.timeZone });
    if (lateForMember || isDomainError(credit)) {
      // Past their own cut-off the member is taken off, told and not charged; without a usable
      // credit or waiver likewise. Either way the seat goes to the next in line.
      const status = lateForMember ? 'past-cutoff' : 'skipped';
      const skipped = await changeRoster(context, (current) => ({
        roster: skipQueued(current, head, nowMs, status),
        result: null,
      }));
      if (skipped.changed) {
        report.skipped.push(head.uid);
        await syncViews(db, context, skipped.roster, [head.uid], nowMs, {
          previous: skipped.previous,
        });
      }
      continue;
    }

    const bookingId = newId(db);
    let reserved;
    try {
      reserved = await changeRoster(context, (current) =>
        reserveSeat(current, {
          cls,
          layout,
          settings,
          uid: head.uid,
          bookingId,
          nowMs,
          via: 'waitlist',
          name: head.name,
        }),
      );
    } catch (error) {
      // Someone else took the seat, or the member left or was promoted meanwhile: look again.
      if (isDomainError(error)) continue;
      throw error;
    }
    // The queue moved: the others' places and the head's waiting-list entry. The head's class
    // view waits for their payment (finishBooking), as the seat goes back if they cannot pay.
    await syncViews(db, context, reserved.roster, [head.uid], nowMs, {
      previous: reserved.previous,
    });
    try {
      await finishBooking(deps, context, reserved.result.booking, reserved.roster);
      report.promoted.push(head.uid);
    } catch (error) {
      // Their credit went between the check and the booking: the seat was given back.
      if (!isDomainError(error)) throw error;
      report.skipped.push(head.uid);
    }
  }
  return report;
}
