import type { UserClass, UserWaitlistEntry } from '@studio/core';
import { paths, takenSpots, userClassSchema, userWaitlistEntrySchema } from '@studio/core';
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
