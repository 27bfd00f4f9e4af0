import type { CallableName } from './inputs';

/** What each callable returns (design §8, `{result: …}` on the wire). */
export interface CallableResults {
  bookClass: { classId: string; spot: string; creditId: string };
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
  stampServerTime: { Ts: number };
}

export type CallableResult<N extends CallableName> = CallableResults[N];
