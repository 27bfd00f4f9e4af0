// The member's "My Classes" entries and the promotion notification name the spot by the room's
// label and the class by its title, written by the functions (docs/architecture/booking.md#views).
import { describe, expect, it } from 'vitest';
import { paths, rosterSchema, seatLayoutSchema, userClassView } from '@studio/core';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking';
import { classContext } from '../../src/engine/context';
import type { BookingDeps } from '../../src/engine/deps';
import { joinWaitlist } from '../../src/handlers/booking/join-waitlist';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import { updateClass } from '../../src/handlers/classes/update-class';
import { newUid } from '../support/backend';
import {
  DAY,
  admin,
  expectInvariants,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from './fixtures';

const backend = useStudioBackend();

const deps = (): BookingDeps => backend.deps();

/** A room whose spot ids are not what it calls them, like the demo rooms (`s7` is "7"). */
const BIKES = seatLayoutSchema.parse({
  name: 'Bikes',
  rows: 1,
  cols: 2,
  spots: {
    s7: { id: 's7', label: '7', row: 0, col: 0 },
    s9: { id: 's9', label: '9', row: 0, col: 1 },
  },
});
const LABELS: Record<string, string> = { s7: '7', s9: '9' };

/** A class in its own copy of the bikes room (so a test may change or delete the room). */
async function bikesClass(options: { capacity?: number; name?: string } = {}) {
  const layout = newUid('bikes');
  await backend.db.ref(paths.seatLayout(layout)).set(BIKES);
  const classId = await seedClass(backend.db, {
    startsAt: Date.now() + DAY,
    layout,
    capacity: options.capacity ?? 2,
    ...(options.name === undefined ? {} : { name: options.name }),
  });
  return { classId, layout };
}

async function view(uid: string, classId: string) {
  return read(backend.db, paths.userClass(uid, classId));
}

describe('My Classes entries', () => {
  it('carry the room label of the booked spot and the class name', async () => {
    const { classId } = await bikesClass();
    const uid = await seedMember(backend.db);

    expect(await bookClass(deps(), { uid, classId, spot: 's9' })).toMatchObject({ spot: 's9' });

    expect(await view(uid, classId)).toMatchObject({
      spot: 's9',
      spotLabel: '9',
      name: 'Morning ride',
      title: 'Morning ride',
      status: 'booked',
    });
    await expectInvariants(backend.db);
  });

  it('name a class without a name by its exercise, and a spot of a class without a room by its number', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY, layout: null });
    await backend.db.ref(`${paths.class(classId)}/name`).remove();
    const uid = await seedMember(backend.db);

    await bookClass(deps(), { uid, classId });

    const entry = await view(uid, classId);
    expect(entry).toMatchObject({ spot: '1', spotLabel: '1', title: 'Cycling' });
    expect(entry).not.toHaveProperty('name');
  });

  it('keep both after a cancel, and a new class name or exercise reaches the booked member', async () => {
    const { classId } = await bikesClass();
    const [kept, leaving] = await Promise.all([seedMember(backend.db), seedMember(backend.db)]);
    await bookClass(deps(), { uid: kept, classId, spot: 's7' });
    await bookClass(deps(), { uid: leaving, classId, spot: 's9' });

    await cancelBooking(deps(), { uid: leaving, classId });
    expect(await view(leaving, classId)).toMatchObject({
      status: 'cancelled',
      spotLabel: '9',
      title: 'Morning ride',
    });

    await updateClass(deps(), { by: admin.uid, input: { classId, name: 'Evening climb' } });
    expect(await view(kept, classId)).toMatchObject({
      name: 'Evening climb',
      title: 'Evening climb',
      spotLabel: '7',
    });
  });

  it('are still written, naming the spot by its id, when the room is gone', async () => {
    const { classId, layout } = await bikesClass();
    const uid = await seedMember(backend.db);
    await bookClass(deps(), { uid, classId, spot: 's7' });

    await backend.db.ref(paths.seatLayout(layout)).remove();
    await cancelBooking(deps(), { uid, classId });

    const entry = await view(uid, classId);
    expect(entry).toMatchObject({ status: 'cancelled', spot: 's7', title: 'Morning ride' });
    expect(entry).not.toHaveProperty('spotLabel');
  });
});

describe('a waiting-list promotion', () => {
  it('shows the promoted member the room label and class name, and tells them the label', async () => {
    const { classId } = await bikesClass({ capacity: 1 });
    const [first, waiting] = await Promise.all([seedMember(backend.db), seedMember(backend.db)]);
    await bookClass(deps(), { uid: first, classId, spot: 's7' });
    await joinWaitlist(deps(), { uid: waiting, classId });
    expect(await read(backend.db, paths.userWaitlistEntry(waiting, classId))).toMatchObject({
      status: 'waiting',
      title: 'Morning ride',
    });

    await cancelBooking(deps(), { uid: first, classId });

    const roster = rosterSchema.parse(await read(backend.db, paths.classRoster(classId)));
    const spot = roster.bookings[waiting]?.spot ?? '';
    const label = LABELS[spot];
    expect(label).toBeDefined();
    expect(await view(waiting, classId)).toMatchObject({
      status: 'booked',
      spot,
      spotLabel: label,
      title: 'Morning ride',
    });
    expect(await notificationsOf(backend.db, waiting)).toContainEqual(
      expect.objectContaining({
        type: 'promoted',
        classId,
        params: expect.objectContaining({ className: 'Morning ride', spot: label }) as unknown,
      }),
    );
    await expectInvariants(backend.db);
  });
});

describe('the reconciler', () => {
  it('rewrites a lost entry with the label and the name, and then leaves it alone', async () => {
    const { classId } = await bikesClass();
    const uid = await seedMember(backend.db);
    await bookClass(deps(), { uid, classId, spot: 's7' });
    const written = await view(uid, classId);
    // A write that never landed (an instance that stopped before it).
    await backend.db.ref(paths.userClass(uid, classId)).remove();

    const report = await reconcileBookings(deps());

    expect(report.viewsRepaired).toBeGreaterThanOrEqual(1);
    expect(await view(uid, classId)).toMatchObject({
      spot: 's7',
      spotLabel: '7',
      title: 'Morning ride',
      rosterVersion: (written as { rosterVersion: number }).rosterVersion,
    });
    await reconcileBookings(deps());
    expect(await view(uid, classId)).toMatchObject({ spotLabel: '7', title: 'Morning ride' });
  });

  it('does not count an entry written before the label and the name as one to repair', async () => {
    const { classId } = await bikesClass();
    const uid = await seedMember(backend.db);
    await bookClass(deps(), { uid, classId, spot: 's7' });
    // Earlier tests' classes count the same before and after (the count is not per class).
    await reconcileBookings(deps());
    const baseline = (await reconcileBookings(deps())).viewsRepaired;
    // What older code wrote: the same booking at the same roster version, without the copies.
    const context = await classContext(deps(), classId);
    const roster = rosterSchema.parse(await read(backend.db, paths.classRoster(classId)));
    const older = userClassView(classId, context.cls, roster, uid, Date.now());
    await backend.db.ref(paths.userClass(uid, classId)).set(older);

    expect((await reconcileBookings(deps())).viewsRepaired).toBe(baseline);
    expect(await view(uid, classId)).toEqual(older);
  });
});
