import type { DeskCallableResults } from '../desk/inputs';
import type { CurrencyTotals } from '../payment-totals';
import type { ImportCounts, ImportRowResult } from '../import/schemas';
import type { CallableName } from './inputs';

/** What each callable returns (`{result: …}` on the wire). */
export interface CallableResults extends DeskCallableResults {
  /** `paidBy`: the member's plan or a credit (docs/architecture/plans.md). */
  bookClass: { classId: string; spot: string; creditId: string; paidBy?: 'plan' | 'credits' };
  bookGuest: { classId: string; spot: string; creditId: string; bookingId: string };
  cancelBooking: { refunded: boolean };
  changeSpot: { classId: string; spot: string };
  joinWaitlist: { position: number };
  leaveWaitlist: Record<string, never>;
  checkIn: Record<string, never>;
  setUserRole: Record<string, never>;
  adjustCredits: { balance: number };
  createClasses: { classIds: string[] };
  updateClass: Record<string, never>;
  cancelClass: { refunded: number };
  previewPrice: { amount: number; currency: string; discount: number };
  createCheckoutSession: { sessionId: string; url: string };
  createPortalSession: { url: string };
  cancelMemberSubscription: { subscriptionId: string; cancelAt: number | null };
  stampServerTime: { Ts: number };
  /** The new feed token (`null` after a revoke); the app builds the URL from it. */
  rotateCalendarFeed: { token: string | null };
  resendMail: Record<string, never>;
  /** Per currency, for the range and filter asked. */
  sumPayments: { totals: CurrencyTotals[] };
  startImport: { runId: string };
  importRows: { rows: ImportRowResult[] };
  finishImport: { counts: ImportCounts; status: 'running' | 'finished' | 'cancelled' };
  /** The device's id under `PushSubscriptions/{uid}`. */
  savePushSubscription: { deviceId: string };
  removePushSubscription: { removed: boolean };
  /** Members watching before this one (0 = first in line to hear). */
  watchClass: { ahead: number };
  unwatchClass: Record<string, never>;
  /** The freeze's span (epoch ms, `until` exclusive). */
  freezeMembership: { from: number; until: number };
  endFreeze: { endedAt: number };
  savePlan: { planId: string };
  /** When the new plan applies: at once (an upgrade, prorated) or at the period's end. */
  changePlan: { planId: string; timing: 'now' | 'period-end'; at: number };
  /** When the plan stops, and the early-end fee charged (cents; 0 when none). */
  cancelMembership: { endsAt: number; fee: number };
  freezeMemberPlan: { from: number; until: number };
  endMemberFreeze: { endedAt: number };
  bulkFreeze: { bulkId: string; frozen: number; skipped: number };
  changeMemberPlan: { planId: string; timing: 'now' | 'period-end'; at: number };
  compMembership: { membershipId: string };
}

export type CallableResult<N extends CallableName> = CallableResults[N];
