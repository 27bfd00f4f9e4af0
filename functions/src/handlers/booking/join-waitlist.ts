import { canJoinWaitlist, creditForClass, joinQueue, orThrow } from '@studio/core';
import type { CallableResult, JoinWaitlistInput } from '@studio/core';
import {
  changeRoster,
  classContext,
  NO_RATE_LIMITS,
  readMember,
  readRoster,
  readSettings,
  syncViews,
} from '../../engine';
import type { BookingDeps } from '../../engine';

export interface JoinWaitlistCommand extends JoinWaitlistInput {
  uid: string;
}

/**
 * `joinWaitlist` (design §4): a full class, before the cut-off, a member neither booked nor
 * waiting. They must also be able to book (waiver accepted, a usable credit of the class's
 * kind) — otherwise a promotion would only skip them (decision 032). FIFO by a sequence
 * number taken in the roster transaction (decision 014).
 */
export async function joinWaitlist(
  deps: BookingDeps,
  { uid, classId }: JoinWaitlistCommand,
): Promise<CallableResult<'joinWaitlist'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const [context, settings, roster, member] = await Promise.all([
    classContext(db, classId),
    readSettings(db),
    readRoster(db, classId),
    readMember(db, uid),
  ]);
  const { cls } = context;
  orThrow(canJoinWaitlist({ cls, roster, uid, nowMs, settings }));
  orThrow(creditForClass(member.wallet.waiverAccepted, member.wallet.credits, cls, nowMs));
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'book');

  const joined = await changeRoster(db, classId, (current) =>
    joinQueue(current, { cls, settings, uid, nowMs, name: member.user?.Name }),
  );
  await syncViews(db, context, joined.roster, [uid], nowMs);
  return { position: joined.result.position };
}
