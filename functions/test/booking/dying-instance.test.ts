// An instance that dies part-way through a booking's views (every write from then on fails, as
// on an instance that is gone): the call fails, no promise it started is left to reject with
// nobody listening (Node stops a process on an unhandled rejection), and the reconciler
// finishes the booking.
import { describe, expect, it } from 'vitest';
import { bookClass } from '../../src/handlers/booking/book-class';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import { SimulatedCrash, hookedStudio } from '../support/crash-db';
import { DAY, MINUTE, expectInvariants, seedClass, seedMember, useStudioBackend } from './fixtures';

const backend = useStudioBackend();

/**
 * The database of an instance that dies as it writes the class's counts, while the member's
 * views are still being written: that write and every later one fail.
 */
function dyingAtCounts(classId: string) {
  let dead = false;
  return hookedStudio(backend.db, (write) => {
    if (write.when !== 'before') return;
    if (dead || write.path === `Classes/${classId}`) {
      dead = true;
      throw new SimulatedCrash(`before ${write.kind} on ${write.path}`);
    }
  });
}

describe('an instance that dies while writing a booking’s views', () => {
  it('leaves no rejection unhandled, and the reconciler finishes the booking', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    try {
      const call = bookClass({ ...backend.deps(), ...dyingAtCounts(classId) }, { uid, classId });
      await expect(call).rejects.toBeInstanceOf(SimulatedCrash);
      // The class counts' write fails while the views are still in flight.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    const later = Date.now() + 10 * MINUTE;
    await reconcileBookings(backend.at(later));
    await expectInvariants(backend.db, { nowMs: later });
  });
});
