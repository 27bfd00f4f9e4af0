// The places a booking call can stop, named by the write next to them (test/support/crash-db.ts).
// A booking: roster transaction (seat reserved) → member transaction (credit consumed) → ledger
// copy, beside the views → roster transaction (confirmed). A cancel: roster transaction (seat
// freed) → member transaction (refund or forfeit) → views → `settled`.
import { paths } from '@studio/core';
import type { CrashPoint } from '../support/crash-db';

/** After the `nth` roster transaction of the call on `ClassRoster/{classId}` committed. */
export function afterRoster(classId: string, nth = 1): CrashPoint {
  return { path: paths.classRoster(classId), kind: 'transaction', nth };
}

/** Before the `nth` roster transaction (e.g. a booking's confirmation, once its views are written). */
export function beforeRoster(classId: string, nth: number): CrashPoint {
  return { path: paths.classRoster(classId), kind: 'transaction', nth, when: 'before' };
}

/** After the member transaction on `Users/{uid}` (credit consumed, refunded or forfeited). */
export function afterMember(uid: string): CrashPoint {
  return { path: paths.user(uid), kind: 'transaction' };
}

/** After the outbox was copied to `CreditLedger/{uid}`, before it is removed from the outbox. */
export function afterLedgerCopy(uid: string): CrashPoint {
  return { path: paths.creditLedger(uid), kind: 'update' };
}
