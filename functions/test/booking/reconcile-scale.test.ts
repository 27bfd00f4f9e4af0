// The reconciler at studio scale: members are read a page at a time, a
// member whose wallet does not parse is logged and counted while the rest go on, and two runs
// at once settle every stopped booking and expire every credit exactly once.
import { describe, expect, it } from 'vitest';
import { CREDIT_HOLD_TIMEOUT_MS, paths } from '@studio/core';
import { bookClass } from '../../src/handlers/booking/book-class';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import { seedStudioScale } from '../support/studio-scale';
import {
  DAY,
  MINUTE,
  expectInvariants,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from './fixtures';
import { afterRoster } from './crash-points';

const backend = useStudioBackend();

async function ledgerTypes(uid: string): Promise<string[]> {
  const ledger = (await read(backend.db, paths.creditLedger(uid))) as Record<
    string,
    { type: string }
  > | null;
  return Object.values(ledger ?? {}).map((entry) => entry.type);
}

describe('reconcileBookings at scale', () => {
  it('settles stopped bookings and expires credits exactly once when two runs overlap', async () => {
    const db = backend.db;
    const nowMs = Date.now();
    const classId = await seedClass(db, { startsAt: nowMs + DAY, capacity: 3 });
    // Three bookings stopped after the seat was reserved (the credit not yet taken).
    const booked = await Promise.all(
      Array.from({ length: 3 }, () => seedMember(db, { credits: 2, nowMs })),
    );
    for (const uid of booked) {
      const stopping = crashingDatabase(db, afterRoster(classId));
      await expect(
        bookClass(
          { ...backend.at(nowMs), db: stopping.db, instances: stopping.instances },
          { uid, classId },
        ),
      ).rejects.toBeInstanceOf(SimulatedCrash);
    }
    // Ten members whose credit expired an hour ago.
    const expiring = await Promise.all(
      Array.from({ length: 10 }, () =>
        seedMember(db, { credits: 1, nowMs: nowMs - 40 * DAY, expiresAt: nowMs - 60 * MINUTE }),
      ),
    );

    const later = nowMs + CREDIT_HOLD_TIMEOUT_MS + MINUTE;
    const [first, second] = await Promise.all([
      reconcileBookings(backend.at(later), { usersPageSize: 5 }),
      reconcileBookings(backend.at(later), { usersPageSize: 7 }),
    ]);

    expect(first.failures + second.failures).toBe(0);
    expect(first.pendingConfirmed + second.pendingConfirmed).toBeGreaterThanOrEqual(3);
    expect(first.creditsExpired + second.creditsExpired).toBe(expiring.length);
    for (const uid of booked) {
      expect(await read(db, paths.userField(uid, 'Credits'))).toBe(1);
      expect((await ledgerTypes(uid)).filter((type) => type === 'use')).toHaveLength(1);
    }
    for (const uid of expiring) {
      expect((await ledgerTypes(uid)).filter((type) => type === 'expire')).toHaveLength(1);
      expect(
        (await notificationsOf(db, uid)).filter(
          (note) => (note as { type?: string }).type === 'credits-expired',
        ),
      ).toHaveLength(1);
    }
    await expectInvariants(db, { nowMs: later });
  });

  it('pages through 500 members, 50 at a time, past a member whose wallet does not parse', async () => {
    const nowMs = Date.now();
    const members = 500;
    const earlier = (await backend.db.ref(paths.users()).get()).numChildren();
    const seed = await seedStudioScale(backend.db, {
      members,
      nowMs,
      prefix: 'r',
      subscription: () => undefined,
      expired: (i) => i % 7 === 0,
      badWallet: (i) => i === 250,
    });

    const report = await reconcileBookings(backend.at(nowMs), { usersPageSize: 50 });

    const expiring = Array.from({ length: members }, (_, i) => i).filter((i) => i % 7 === 0);
    expect(report).toMatchObject({
      users: earlier + members - 1,
      failures: 1,
      creditsExpired: expiring.length,
    });
    // Members after the bad one were reached, each expired credit left once.
    const last = expiring.at(-1) ?? 0;
    expect(last).toBeGreaterThan(250);
    expect(await ledgerTypes(seed.uid(last))).toEqual(['expire']);
    expect(
      await read(backend.db, paths.credit(seed.uid(last), `${seed.uid(last)}-old`)),
    ).toBeNull();
    expect(await ledgerTypes(seed.uid(250))).toEqual([]);
  });
});
