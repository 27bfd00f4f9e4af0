// The reconciler against each place a call can stop, one at a time, plus credit expiry, the
// ledger outbox, the waiting-list cut-off, and the `npm run job:reconcile` script.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_HOLD_TIMEOUT_MS,
  bookingSchema,
  paths,
  rosterSchema,
  userClassView,
} from '@studio/core';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking';
import { cancelClass } from '../../src/handlers/classes/cancel-class';
import { classContext } from '../../src/engine/context';
import type { BookingDeps } from '../../src/engine/deps';
import { finishBooking } from '../../src/handlers/booking/finish-booking';
import { joinWaitlist } from '../../src/handlers/booking/join-waitlist';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import {
  DAY,
  HOUR,
  MINUTE,
  expectInvariants,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from './fixtures';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import type { CrashPoint } from '../support/crash-db';
import { afterMember, afterRoster, beforeRoster } from './crash-points';

const backend = useStudioBackend();

/** Deps whose calls stop at `point` (once), at a pinned time. */
function crashingAt(point: CrashPoint, nowMs = Date.now()): BookingDeps {
  const { db, instances } = crashingDatabase(backend.db, point);
  return { ...backend.at(nowMs), db, instances };
}

const afterTimeout = () => Date.now() + CREDIT_HOLD_TIMEOUT_MS + MINUTE;
const reconcileLater = () => reconcileBookings(backend.at(afterTimeout()));

async function roster(classId: string) {
  return rosterSchema.parse(await read(backend.db, paths.classRoster(classId)));
}

describe('reconciler after a booking stopped half-way', () => {
  it('finishes a booking stopped after the seat was reserved, with the member’s credit', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    await expect(bookClass(crashingAt(afterRoster(classId)), { uid, classId })).rejects.toThrow(
      SimulatedCrash,
    );
    expect((await roster(classId)).bookings[uid]?.pending).toBe(true);
    await expectInvariants(backend.db, { quiescent: false });

    // Not stale yet: a call may still be running, so it is left alone.
    expect((await reconcileBookings(backend.at(Date.now()))).pendingConfirmed).toBe(0);
    const report = await reconcileLater();

    expect(report.pendingConfirmed).toBe(1);
    const booking = (await roster(classId)).bookings[uid];
    expect(booking?.pending).toBeUndefined();
    expect(booking?.creditId).toBeDefined();
    expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
    });
    await expectInvariants(backend.db, { nowMs: afterTimeout() });
  });

  it('gives the seat back when the member has no credit left, and stops the late call', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + DAY });
    const uid = await seedMember(db, { credits: 1 });
    await expect(bookClass(crashingAt(afterRoster(classId)), { uid, classId })).rejects.toThrow(
      SimulatedCrash,
    );
    const pending = bookingSchema.parse((await roster(classId)).bookings[uid]);
    // Not stale yet, and not paid for: the member is not shown a booking the seat of which
    // may still go back.
    await reconcileBookings(backend.at(Date.now()));
    expect(await read(db, paths.userClass(uid, classId))).toBeNull();
    // The credit went to another class meanwhile.
    const other = await seedClass(db, { startsAt: Date.now() + DAY });
    await bookClass(backend.at(Date.now()), { uid, classId: other });

    const report = await reconcileLater();

    expect(report.pendingReleased).toBe(1);
    expect((await roster(classId)).bookings).toEqual({});
    expect(await read(db, paths.userClass(uid, classId))).toBeNull();
    // The stopped call wakes up and tries to finish: refused, nothing consumed, seat stays free.
    await db.ref(paths.credit(uid, 'late-topup')).set({
      kind: 'regular',
      source: 'adjust',
      grantedAt: 1,
      expiresAt: Date.now() + 9 * DAY,
    });
    await db.ref(paths.creditLedgerEntry(uid, 'late-topup')).set({
      type: 'adjust',
      kind: 'regular',
      delta: 1,
      reason: 'test',
      at: 1,
      by: 'admin',
    });
    await db.ref(paths.userField(uid, 'Credits')).set(1);
    const context = await classContext(backend.deps(), classId);
    await expect(
      finishBooking(backend.at(Date.now()), context, pending, await roster(classId)),
    ).rejects.toMatchObject({ code: 'aborted', messageKey: 'tryAgain' });
    expect(await read(db, paths.credit(uid, 'late-topup'))).not.toBeNull();
    expect((await roster(classId)).bookings).toEqual({});
    await expectInvariants(db, { nowMs: afterTimeout() });
  });

  it.each<[string, (classId: string, uid: string) => CrashPoint]>([
    ['after the credit was consumed', (_classId, uid) => afterMember(uid)],
    ['after the views, before the confirmation', (classId) => beforeRoster(classId, 2)],
  ])('confirms a booking stopped %s', async (_name, point) => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    await expect(bookClass(crashingAt(point(classId, uid)), { uid, classId })).rejects.toThrow(
      SimulatedCrash,
    );
    expect(await read(backend.db, paths.creditsList(uid))).toBeNull();
    await expectInvariants(backend.db, { quiescent: false });

    expect((await reconcileLater()).pendingConfirmed).toBe(1);
    expect((await roster(classId)).bookings[uid]?.pending).toBeUndefined();
    await expectInvariants(backend.db, { nowMs: afterTimeout() });
  });
});

describe('reconciler after a cancel stopped half-way', () => {
  it.each<[string, (classId: string, uid: string) => CrashPoint]>([
    ['after the seat was freed', (classId) => afterRoster(classId)],
    ['after the refund', (_classId, uid) => afterMember(uid)],
  ])('refunds exactly once when the cancel stopped %s', async (_name, point) => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 2 * DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    await bookClass(backend.at(Date.now()), { uid, classId });
    await expect(cancelBooking(crashingAt(point(classId, uid)), { uid, classId })).rejects.toThrow(
      SimulatedCrash,
    );
    await expectInvariants(backend.db, { quiescent: false });

    expect((await reconcileLater()).cancelsSettled).toBe(1);
    expect(await read(backend.db, paths.userField(uid, 'Credits'))).toBe(1);
    expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
      status: 'cancelled',
    });
    // Running again refunds nothing more.
    expect((await reconcileLater()).cancelsSettled).toBe(0);
    expect(await read(backend.db, paths.userField(uid, 'Credits'))).toBe(1);
    await expectInvariants(backend.db, { nowMs: afterTimeout() });
  });

  it('finishes a class cancellation stopped after the roster was closed', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, capacity: 1 });
    const [booked, waiting] = await Promise.all([seedMember(db), seedMember(db)]);
    await bookClass(backend.at(Date.now()), { uid: booked, classId });
    await joinWaitlist(backend.at(Date.now()), { uid: waiting, classId });
    await expect(
      cancelClass(crashingAt(afterRoster(classId)), { by: 'admin-1', classId, reason: 'Flood' }),
    ).rejects.toThrow(SimulatedCrash);
    await expectInvariants(db, { quiescent: false });

    const report = await reconcileLater();

    expect(report.cancellationsFinished).toBe(1);
    expect(await read(db, paths.class(classId))).toMatchObject({ status: 'cancelled' });
    expect(await read(db, paths.userField(booked, 'Credits'))).toBe(2);
    expect(await read(db, paths.userWaitlistEntry(waiting, classId))).toMatchObject({
      status: 'removed',
    });
    await expectInvariants(db, { nowMs: afterTimeout() });
  });

  it('finishes a promotion that stopped inside a cancel', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, capacity: 1 });
    const [first, second] = await Promise.all([seedMember(db), seedMember(db)]);
    await bookClass(backend.at(Date.now()), { uid: first, classId });
    await joinWaitlist(backend.at(Date.now()), { uid: second, classId });
    // The cancel stands; its promotion stops after reserving the seat (the cancel's roster
    // transaction is the first, the promotion's the second), and the stop is logged.
    await cancelBooking(crashingAt(afterRoster(classId, 2)), { uid: first, classId });
    expect((await roster(classId)).bookings[second]?.pending).toBe(true);

    expect((await reconcileLater()).pendingConfirmed).toBe(1);
    const notes = await notificationsOf(db, second);
    expect(notes).toContainEqual(expect.objectContaining({ type: 'promoted' }));
    await expectInvariants(db, { nowMs: afterTimeout() });
  });

  it('rewrites a waiting-list view a stopped call left out', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + DAY, capacity: 1 });
    await bookClass(backend.at(Date.now()), { uid: await seedMember(db), classId });
    const uid = await seedMember(db);
    await expect(joinWaitlist(crashingAt(afterRoster(classId)), { uid, classId })).rejects.toThrow(
      SimulatedCrash,
    );
    expect(await read(db, paths.userWaitlistEntry(uid, classId))).toBeNull();

    expect((await reconcileBookings(backend.at(Date.now()))).viewsRepaired).toBe(1);
    expect(await read(db, paths.userWaitlistEntry(uid, classId))).toMatchObject({
      status: 'waiting',
      position: 1,
    });
    await expectInvariants(db);
  });
});

describe('reconciler view repair', () => {
  it('removes a class view showing a promotion whose seat went back (left by older code)', async () => {
    const db = backend.db;
    const [classId, elsewhere] = await Promise.all([
      seedClass(db, { startsAt: Date.now() + DAY, capacity: 1 }),
      seedClass(db, { startsAt: Date.now() + DAY }),
    ]);
    const [first, second] = await Promise.all([seedMember(db), seedMember(db, { credits: 1 })]);
    await bookClass(backend.at(Date.now()), { uid: first, classId });
    await joinWaitlist(backend.at(Date.now()), { uid: second, classId });
    let shown: unknown;
    // Right after the promotion reserved the seat (the cancel's roster transaction is the first).
    const { db: pausing, instances } = crashingDatabase(db, afterRoster(classId, 2), async () => {
      // What older code showed right after reserving, before the member paid.
      const context = await classContext(backend.deps(), classId);
      shown = userClassView(classId, context.cls, await roster(classId), second, Date.now());
      await bookClass(backend.at(Date.now()), { uid: second, classId: elsewhere });
    });
    const deps: BookingDeps = { ...backend.at(Date.now()), db: pausing, instances };
    await cancelBooking(deps, { uid: first, classId });
    await db.ref(paths.userClass(second, classId)).set(shown);

    expect((await reconcileBookings(backend.at(Date.now()))).viewsRepaired).toBe(1);

    expect(await read(db, paths.userClass(second, classId))).toBeNull();
    await expectInvariants(db);
    expect((await reconcileBookings(backend.at(Date.now()))).viewsRepaired).toBe(0);
  });
});

describe('reconciler housekeeping', () => {
  it('closes the waiting list at the cut-off and tells those still waiting', async () => {
    const db = backend.db;
    const start = Date.now() + 50 * MINUTE;
    const classId = await seedClass(db, { startsAt: start, capacity: 1 });
    await bookClass(backend.at(start - DAY), { uid: await seedMember(db), classId });
    const uid = await seedMember(db);
    await joinWaitlist(backend.at(start - DAY), { uid, classId });

    expect((await reconcileBookings(backend.at(Date.now()))).queuesClosed).toBe(1);

    expect(await read(db, paths.userWaitlistEntry(uid, classId))).toMatchObject({
      status: 'closed',
    });
    const notes = await notificationsOf(db, uid);
    expect(notes).toContainEqual(expect.objectContaining({ type: 'waitlist-closed' }));
    await expectInvariants(db);
  });

  it('expires credits with a ledger entry and a notification, and recounts Credits', async () => {
    const db = backend.db;
    const uid = await seedMember(db, { credits: 2, expiresAt: Date.now() + HOUR });
    const report = await reconcileBookings(backend.at(Date.now() + 2 * HOUR));
    expect(report.creditsExpired).toBeGreaterThanOrEqual(2);
    expect(await read(db, paths.creditsList(uid))).toBeNull();
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(0);
    const ledger = Object.values((await read(db, paths.creditLedger(uid))) as object);
    expect(ledger).toContainEqual(expect.objectContaining({ type: 'expire', delta: -2 }));
    const notes = await notificationsOf(db, uid);
    expect(notes).toContainEqual(expect.objectContaining({ type: 'credits-expired' }));
    await expectInvariants(db, { nowMs: Date.now() + 2 * HOUR });
  });

  it('copies ledger entries a stopped call left in the outbox', async () => {
    const db = backend.db;
    const uid = await seedMember(db, { credits: 1 });
    // As a credit transaction leaves it when the call stops before the copy.
    await db.ref(paths.user(uid)).update({
      'credits-list': null,
      Credits: 0,
      'ledger-outbox/adjust-x': {
        type: 'adjust',
        kind: 'regular',
        delta: -1,
        reason: 'Fix',
        at: 1,
        by: 'admin-1',
      },
    });
    await expectInvariants(db, { quiescent: false });

    expect((await reconcileBookings(backend.at(Date.now()))).ledgerFlushed).toBe(1);
    expect(await read(db, paths.ledgerOutbox(uid))).toBeNull();
    expect(await read(db, paths.creditLedgerEntry(uid, 'adjust-x'))).toMatchObject({ delta: -1 });
    await expectInvariants(db);
  });

  it('puts back a directory credits copy that a call stopped after the wallet commit left behind', async () => {
    const db = backend.db;
    const uid = await seedMember(db, { credits: 2 });
    const classId = await seedClass(db, { startsAt: Date.now() + DAY });
    await db.ref(paths.userDirectoryEntry(uid)).set({ name: 'Member', credits: 2, createdAt: 1 });
    // The booking's member transaction commits (2 → 1), then the instance stops before the copy.
    const stopped = crashingAt({ path: paths.userDirectoryField(uid, 'credits'), when: 'before' });
    await bookClass(stopped, { uid, classId }).catch(() => undefined);
    await reconcileLater();
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(1);
    expect(await read(db, paths.userDirectoryField(uid, 'credits'))).toBe(1);
    const again = await reconcileLater();
    expect(again.directoryRepaired).toBe(0);
  });

  it('runs as `npm run job:reconcile` against the database named by the environment', async () => {
    const db = backend.db;
    const uid = await seedMember(db, { credits: 1, expiresAt: Date.now() - MINUTE });
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts/job-reconcile.ts')],
        { cwd: root, env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(text))));
    });
    expect(output).toMatch(/creditsExpired/);
    expect(await read(db, paths.creditsList(uid))).toBeNull();
    await expectInvariants(db);
  }, 60_000);
});
