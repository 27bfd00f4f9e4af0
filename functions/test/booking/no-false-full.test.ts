// Never a false "full" (docs/architecture/booking.md#never-a-false-full). An instance's live
// copies (the rush's mirrors) can lag behind the server (on Cloud Run its CPU is throttled between
// requests), so a member must only be refused "full" once the server's roster says so. Instance
// A's mirrors are a source the test can freeze, as a lagging listener would be; instance B is a
// second admin app on the same database emulator. Without the rush (`STUDIO_RUSH=off`) instance A
// reads the server and the same calls give the same answers.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isBranchPath, isDomainError, paths } from '@studio/core';
import { adminAppOptions } from '../../src/admin';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking';
import type { BookingDeps } from '../../src/engine/deps';
import { openInstance } from '../../src/engine/instances';
import { releaseRush, rushWith } from '../../src/engine/rush/index';
import type { Mirrors } from '../../src/engine/rush/index';
import { listenerMirrors } from '../../src/engine/rush/live';
import { BRANCH_INSTANCE, LAYOUT, layoutDatabase, testRush } from '../support/layouts';
import { DAY, expectInvariants, read, seedClass, seedMember, useStudioBackend } from './fixtures';

const backend = useStudioBackend();

let otherApp: App;
let otherDb: Database;
let otherView: Database;

beforeAll(() => {
  otherApp = initializeApp(adminAppOptions(), 'no-false-full-instance-b');
  otherDb = getDatabase(otherApp);
  otherView = layoutDatabase(otherDb);
});

/** Instance A's live copies of each node, from the instance that holds it. */
function mirrorsOfA(): Mirrors {
  const main = backend.main;
  const branch = LAYOUT === 'two-instances' ? openInstance(main, BRANCH_INSTANCE) : main;
  const of = (path: string) => listenerMirrors(isBranchPath(path) ? branch : main);
  return {
    value: (path) => of(path).value(path),
    watch: (path, watcher) => of(path).watch(path, watcher),
  };
}

afterAll(async () => {
  await deleteApp(otherApp);
});

/** A mirror source whose paths the test can freeze, feed an old value, or hold. */
function laggingMirrors(inner: Mirrors) {
  const frozen = new Map<string, unknown>();
  const held = new Map<string, { until: Promise<void>; release: () => void }>();
  const watchers = new Map<string, Set<(value: unknown) => void>>();
  const source: Mirrors = {
    async value(path) {
      await held.get(path)?.until;
      return frozen.has(path) ? frozen.get(path) : inner.value(path);
    },
    watch(path, watcher) {
      const mine = watchers.get(path) ?? new Set();
      watchers.set(path, mine);
      mine.add(watcher);
      const stopInner = inner.watch(path, (value) => {
        if (!frozen.has(path)) watcher(value);
      });
      return () => {
        mine.delete(watcher);
        stopInner();
      };
    },
  };
  return {
    source,
    /** From now on `path` answers what it has now, whatever the server sends. */
    async freeze(path: string) {
      frozen.set(path, await inner.value(path));
    },
    /** The lagging listener applies an old update: its watchers hear it and reads answer it. */
    show(path: string, value: unknown) {
      frozen.set(path, value);
      for (const watcher of [...(watchers.get(path) ?? [])]) watcher(value);
    },
    /** Reads of `path` wait until `release`. */
    hold(path: string) {
      let release: () => void = () => undefined;
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      held.set(path, { until, release });
    },
    release(path: string) {
      held.get(path)?.release();
      held.delete(path);
    },
    watching: (path: string) => watchers.get(path)?.size ?? 0,
  };
}

const bookingsIn = (roster: unknown): string[] =>
  Object.keys((roster as { bookings?: Record<string, unknown> } | null)?.bookings ?? {});

/** A class of three seats, `booked` of them taken through instance B. */
async function classWith(booked: number) {
  const db = backend.db;
  const classId = await seedClass(db, { startsAt: Date.now() + DAY, capacity: 3 });
  const members = await Promise.all([1, 2, 3].map(() => seedMember(db, { credits: 1 })));
  const instanceB: BookingDeps = { db: otherDb, now: () => Date.now(), rush: releaseRush };
  for (const uid of members.slice(0, booked)) await bookClass(instanceB, { uid, classId });
  const lagging = laggingMirrors(mirrorsOfA());
  const instanceA: BookingDeps = {
    db: backend.main,
    now: () => Date.now(),
    ...(testRush() ? { rush: rushWith(() => lagging.source) } : {}),
  };
  const rosterPath = paths.classRoster(classId);
  // Instance A has seen every booking so far, then stops hearing the roster.
  await vi.waitFor(async () =>
    expect(bookingsIn(await lagging.source.value(rosterPath))).toHaveLength(booked),
  );
  await lagging.freeze(rosterPath);
  return { classId, members, instanceA, instanceB, lagging, rosterPath };
}

describe('never a false "full"', () => {
  it('books a member whose instance still shows the class full after another instance freed a seat', async () => {
    const { classId, members, instanceA, instanceB, lagging, rosterPath } = await classWith(3);
    const [first] = members;
    if (first === undefined) throw new Error('no member');
    await cancelBooking(instanceB, { uid: first, classId });
    expect(bookingsIn(await read(otherView, rosterPath))).toHaveLength(2);
    const late = await seedMember(backend.db, { credits: 1 });

    const outcome = await bookClass(instanceA, { uid: late, classId });

    // Instance A's mirror still says "full": the answer came from the server's roster (or,
    // without the rush, instance A read the server).
    expect(bookingsIn(await lagging.source.value(rosterPath))).toHaveLength(3);
    expect(outcome).toMatchObject({ classId, spot: 'A1' });
    expect(bookingsIn(await read(backend.db, rosterPath)).sort()).toEqual(
      [late, ...members.slice(1)].sort(),
    );
    expect(await read(backend.db, paths.userField(late, 'Credits'))).toBe(0);
    await expectInvariants(backend.db);
  });

  it('checks on the server a "full" the mirror shows while the member is read, and books', async () => {
    const { classId, members, instanceA, instanceB, lagging, rosterPath } = await classWith(2);
    const late = await seedMember(backend.db, { credits: 1 });
    // On the server another member takes the last seat and gives it back; instance A has not
    // heard either change yet.
    const passing = members[2];
    if (passing === undefined) throw new Error('no member');
    await bookClass(instanceB, { uid: passing, classId });
    const fullForAMoment = await read(otherView, rosterPath);
    expect(bookingsIn(fullForAMoment)).toHaveLength(3);
    await cancelBooking(instanceB, { uid: passing, classId });

    lagging.hold(paths.user(late));
    const booking = bookClass(instanceA, { uid: late, classId });
    if (instanceA.rush) {
      // The caller has its turn and watches the roster while its member node is read …
      await vi.waitFor(() => expect(lagging.watching(rosterPath)).toBeGreaterThan(0));
      // … when the lagging listener applies the old update that filled the class.
      lagging.show(rosterPath, fullForAMoment);
    }
    lagging.release(paths.user(late));

    await expect(booking).resolves.toMatchObject({ classId, spot: 'A3' });
    expect(bookingsIn(await read(backend.db, rosterPath))).toContain(late);
    expect(await read(backend.db, paths.userField(late, 'Credits'))).toBe(0);
    await expectInvariants(backend.db);
  });

  it('still refuses "full", writing nothing, when the server says so though the mirror shows a seat', async () => {
    const { classId, members, instanceA, instanceB, rosterPath } = await classWith(2);
    const last = members[2];
    if (last === undefined) throw new Error('no member');
    await bookClass(instanceB, { uid: last, classId });
    const late = await seedMember(backend.db, { credits: 1 });
    const before = await read(backend.db, '/');

    const error = await bookClass(instanceA, { uid: late, classId }).catch((e: unknown) => e);

    expect(isDomainError(error) && error.messageKey).toBe('classFull');
    expect(bookingsIn(await read(backend.db, rosterPath))).toHaveLength(3);
    expect(await read(backend.db, '/')).toEqual(before);
  });
});
