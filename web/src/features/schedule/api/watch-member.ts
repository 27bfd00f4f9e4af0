import type { UserClass, UserWaitlistEntry } from '@studio/core';
import type { PaymentFacts } from './schedule-api';
import {
  bookingCreditSchema,
  creditsListSchema,
  membershipSchema,
  paths,
  rtdbMap,
  takenSpots,
  userClassSchema,
  userWaitlistEntrySchema,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';
import { parseEntries, watchPath } from '../../../lib/realtime';

/** `ClassRoster/{classId}/spots`: the keys are the spots taken (the holders stay private). */
export function watchTakenSpots(
  classId: string,
  onChange: (taken: ReadonlySet<string>) => void,
): Unsubscribe {
  return watchPath(paths.rosterSpots(classId), (value) =>
    // An array comes back when the spot ids are "1", "2", …: takenSpots reads both shapes.
    onChange(new Set(takenSpots(value))),
  );
}

export function watchMyClasses(
  uid: string,
  onChange: (classes: Record<string, UserClass>) => void,
): Unsubscribe {
  return watchPath(
    paths.userClasses(uid),
    (value) =>
      onChange(parseEntries(value, (entry) => userClassSchema.safeParse(entry), 'user class')),
    undefined,
    // PWA: the installed app shows My Classes read-only when it starts offline.
    { keepOffline: true, readers: 'signed-in' },
  );
}

export function watchMyWaitlist(
  uid: string,
  onChange: (entries: Record<string, UserWaitlistEntry>) => void,
): Unsubscribe {
  return watchPath(
    paths.userWaitlist(uid),
    (value) =>
      onChange(
        parseEntries(value, (entry) => userWaitlistEntrySchema.safeParse(entry), 'waitlist entry'),
      ),
    undefined,
    // Shown from the device's copy at once, then live (docs/architecture/web-app.md#offline).
    { keepOffline: true, readers: 'signed-in' },
  );
}

const bookingCreditsSchema = rtdbMap(bookingCreditSchema);

/**
 * What decides how a booking is paid (docs/architecture/plans.md), from the member's
 * own node, live: the waiver, their plan, their credits and the plan's uses. Four small reads of
 * a node the session already listens to.
 */
export function watchPaymentFacts(
  uid: string,
  onChange: (facts: PaymentFacts) => void,
): Unsubscribe {
  const facts: PaymentFacts = {};
  const set = <K extends keyof PaymentFacts>(key: K, value: PaymentFacts[K] | undefined) => {
    if (value === undefined) delete facts[key];
    else facts[key] = value;
    onChange({ ...facts });
  };
  const stops = [
    watchPath(paths.userField(uid, 'Conditions'), (value) =>
      set('Conditions', value === true ? true : undefined),
    ),
    watchPath(paths.membership(uid), (value) => {
      const parsed = membershipSchema.safeParse(value);
      set('membership', parsed.success ? parsed.data : undefined);
    }),
    watchPath(paths.creditsList(uid), (value) => {
      const parsed = creditsListSchema.safeParse(value ?? {});
      set('credits-list', parsed.success ? parsed.data : undefined);
    }),
    watchPath(paths.bookingCredits(uid), (value) => {
      const parsed = bookingCreditsSchema.safeParse(value ?? {});
      set('booking-credits', parsed.success ? parsed.data : undefined);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
