import type { CurrencyTotals } from '../payment-totals';
import type { CallableName } from './inputs';

/** What each callable returns (design §8, `{result: …}` on the wire). */
export interface CallableResults {
  bookClass: { classId: string; spot: string; creditId: string };
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
  /** The device's id under `PushSubscriptions/{uid}`. */
  savePushSubscription: { deviceId: string };
  removePushSubscription: { removed: boolean };
  /** Members watching before this one (0 = first in line to hear). */
  watchClass: { ahead: number };
  unwatchClass: Record<string, never>;
}

export type CallableResult<N extends CallableName> = CallableResults[N];
