import type {
  CallableResult,
  Coach,
  DateString,
  Exercise,
  Roster,
  StudioClass,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/unsubscribe';

/** What the workspace's Today reads. Each read may be refused to a role; the board says so. */
export interface TodayApi {
  watchClasses: (
    from: DateString,
    to: DateString,
    onChange: (classes: Record<string, StudioClass>) => void,
  ) => Unsubscribe;
  watchRoster: (classId: string, onChange: (roster: Roster) => void) => Unsubscribe;
  watchCoaches: (onChange: (coaches: Record<string, Coach>) => void) => Unsubscribe;
  watchExercises: (onChange: (exercises: Record<string, Exercise>) => void) => Unsubscribe;
  /** The day's takings, added up on the server (`sumPayments`). */
  sumPayments: (from: DateString, to: DateString) => Promise<CallableResult<'sumPayments'>>;
  /** The last `limit` mails whose sending failed for good, live (raw). */
  watchFailedMail: (limit: number, onChange: (value: unknown) => void) => Unsubscribe;
  /** The last `limit` plans whose payment failed (`past_due`), live (raw). */
  watchPastDuePlans: (limit: number, onChange: (value: unknown) => void) => Unsubscribe;
}
