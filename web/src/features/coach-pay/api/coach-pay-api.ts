import type {
  Coach,
  CoachPay,
  CoachPayRate,
  CoachPayReportInput,
  Exercise,
  SaveCoachPayRateInput,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/unsubscribe';

/** What the coach pay screen reads and calls; the Firebase implementation and the tests' fake. */
export interface CoachPayApi {
  /** `Coaches`, parsed (malformed entries left out). */
  watchCoaches: (onChange: (coaches: Record<string, Coach>) => void) => Unsubscribe;
  /** `Exercises`, parsed: the class types a rate may name. */
  watchExercises: (onChange: (exercises: Record<string, Exercise>) => void) => Unsubscribe;
  /** `CoachPayRates`, coachId → rateId → rate, parsed (admins only read it). */
  watchRates: (
    onChange: (rates: Record<string, Record<string, CoachPayRate>>) => void,
  ) => Unsubscribe;
  /** `saveCoachPayRate`: rejects with the HttpsError the function sent. */
  saveRate: (input: SaveCoachPayRateInput) => Promise<{ rateId: string }>;
  /** `coachPayReport`: rejects with the HttpsError the function sent. */
  report: (input: CoachPayReportInput) => Promise<{ coaches: CoachPay[] }>;
}
