import type {
  PayWith,
  User,
  Branch,
  Coach,
  DateString,
  Exercise,
  SeatLayout,
  Settings,
  StudioClass,
  UserClass,
  UserWaitlistEntry,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

export type { Unsubscribe };

/** What the calendar needs besides the week's classes; read once per visit. */
export interface Catalog {
  branches: Record<string, Branch>;
  exercises: Record<string, Exercise>;
  coaches: Record<string, Coach>;
  settings: Settings;
}

/** The parts of `Users/{uid}` that decide a booking's payment (core's `memberPayment`). */
export type PaymentFacts = Pick<
  User,
  'Conditions' | 'membership' | 'credits-list' | 'booking-credits'
>;

export interface ScheduleApi {
  /** `Classes` with `date` from `from` to `to` inclusive, live (only the visible week). */
  watchClasses: (
    from: DateString,
    to: DateString,
    onChange: (classes: Record<string, StudioClass>) => void,
  ) => Unsubscribe;
  loadCatalog: () => Promise<Catalog>;
  getLayout: (layoutId: string) => Promise<SeatLayout | null>;
  /**
   * `Classes/{classId}`, read once: what "Add to calendar" needs beyond the member's view (the
   * duration). Optional: without it, "My Classes" offers no calendar file.
   */
  getClass?: (classId: string) => Promise<StudioClass | null>;
  /** `ClassRoster/{classId}/spots`: the spots taken, live. */
  watchTakenSpots: (classId: string, onChange: (taken: ReadonlySet<string>) => void) => Unsubscribe;
  watchMyClasses: (
    uid: string,
    onChange: (classes: Record<string, UserClass>) => void,
  ) => Unsubscribe;
  watchMyWaitlist: (
    uid: string,
    onChange: (entries: Record<string, UserWaitlistEntry>) => void,
  ) => Unsubscribe;
  /** `payWith`: the member's choice of their plan or a credit (absent: the plan when it can). */
  bookClass: (
    classId: string,
    spot?: string,
    payWith?: PayWith,
  ) => Promise<{ spot: string; paidBy?: 'plan' | 'credits' }>;
  /**
   * What decides how a booking is paid, from the member's own node: their plan and its uses,
   * their credits, the waiver. Optional: without it the sheet says nothing of plans.
   */
  watchPaymentFacts?: (uid: string, onChange: (facts: PaymentFacts) => void) => Unsubscribe;
  /** Ends the member's plan freeze now (`endFreeze`), offered when a frozen plan refuses. */
  endFreeze?: () => Promise<unknown>;
  /** The member's own booking, or with `guestBookingId` one of their guest seats. */
  cancelBooking: (classId: string, guestBookingId?: string) => Promise<{ refunded: boolean }>;
  /**
   * "Bring a friend" (`bookGuest`): a seat for a named guest with one of the member's credits;
   * `requestId` is made once per attempt, so a retried call books nothing twice. Optional:
   * without it, the class sheet offers no guest seats.
   */
  bookGuest?: (input: {
    classId: string;
    guestName: string;
    requestId: string;
    spot?: string;
  }) => Promise<{ spot: string; bookingId: string }>;
  /** Moves the member's booking to another free spot (`changeSpot`); no credit moves. */
  changeSpot: (classId: string, spot: string) => Promise<{ spot: string }>;
  joinWaitlist: (classId: string) => Promise<{ position: number }>;
  leaveWaitlist: (classId: string) => Promise<void>;
}
