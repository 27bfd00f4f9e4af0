// "Tell me when a spot opens" and a member's devices, in-process against the database emulator
// and the push service stand-in: watchers of a full class hear of a freed seat the waiting list
// did not take, in watching order and in waves; the first to book gets it; a device belongs to
// one member.
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError, paths, pushOutboxId, toEpoch, WAVE_GAP_MS } from '@studio/core';
import { bookClass } from '../../src/handlers/booking/book-class.ts';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking.ts';
import {
  deviceIdOf,
  removePushSubscription,
  savePushSubscription,
} from '../../src/handlers/push/devices.ts';
import { sweepPush } from '../../src/handlers/push/sweep-push.ts';
import { sendPushEntry } from '../../src/handlers/push/send-push-entry.ts';
import { unwatchClass, watchClass } from '../../src/handlers/push/watch.ts';
import { DAY, seedClass, seedMember, seedStudio } from '../booking/fixtures.ts';
import { usePushWorld, ANDROID_CHROME } from './support.ts';

const world = usePushWorld();
const NOON = toEpoch('2030-03-04', '12:00', 'America/Monterrey');

beforeAll(async () => {
  await seedStudio(world.db);
});

const deps = (now = NOON) => ({ ...world.deps(now), limits: undefined });

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.messageKey;
    throw error;
  }
  throw new Error('not refused');
}

/** Sends every pending push, as the create trigger would. */
async function deliverAll(now: number): Promise<void> {
  await sweepPush(world.deps(now));
}

describe('watching a full class', () => {
  it('tells watchers in order, in waves, and the first to book gets the seat', async () => {
    const classId = await seedClass(world.db, { startsAt: NOON + 2 * DAY, capacity: 3 });
    const booked = await Promise.all(
      [0, 1, 2].map(() => seedMember(world.db, { credits: 2, nowMs: NOON })),
    );
    for (const uid of booked) await bookClass(deps(), { uid, classId });

    const open = await seedClass(world.db, { startsAt: NOON + 2 * DAY, capacity: 3 });
    const someone = await seedMember(world.db, { credits: 2, nowMs: NOON });
    expect(await refusal(watchClass(deps(), { uid: someone, classId: open }))).toBe(
      'watchHasSpots',
    );
    expect(await refusal(watchClass(deps(), { uid: booked[0] as string, classId }))).toBe(
      'alreadyBooked',
    );

    const watchers: string[] = [];
    const endpoints = new Map<string, string>();
    for (let i = 0; i < 8; i += 1) {
      const uid = await seedMember(world.db, { credits: 2, nowMs: NOON });
      const device = await world.addDevice(uid, NOON);
      endpoints.set(device.endpoint, uid);
      expect(await watchClass(deps(NOON + i), { uid, classId })).toEqual({ ahead: i });
      watchers.push(uid);
    }
    expect(
      (await world.db.ref(paths.userWatch(watchers[0] as string, classId)).get()).val(),
    ).toMatchObject({ since: NOON, startsAt: NOON + 2 * DAY });
    // Watching twice keeps the place.
    expect(await watchClass(deps(NOON + 99), { uid: watchers[2] as string, classId })).toEqual({
      ahead: 2,
    });

    const CANCEL = NOON + 60_000;
    await cancelBooking(deps(CANCEL), { uid: booked[0] as string, classId });
    await deliverAll(CANCEL);
    // Everyone in a wave is told at once, so the order inside a wave is not fixed.
    const toldOf = () =>
      world
        .accepted()
        .map((message) => endpoints.get(message.endpoint) as string)
        .sort();
    const firstOf = (count: number) => watchers.slice(0, count).sort();
    expect(toldOf()).toEqual(firstOf(3));
    expect(world.accepted()[0]?.payload).toMatchObject({
      kind: 'spot-opened',
      url: `/tabs/calendario/choose/user?class=${classId}`,
      actions: [{ action: 'book', title: 'Book' }],
    });
    const notice: unknown = (
      await world.db.ref(paths.notifications(watchers[0] as string)).get()
    ).val();
    expect(Object.values(notice as object)).toEqual([
      expect.objectContaining({ type: 'spot-opened', classId, messageKey: 'notifSpotOpened' }),
    ]);

    // Nobody booked within the gap: the next three hear.
    await deliverAll(CANCEL + WAVE_GAP_MS - 1);
    expect(toldOf()).toHaveLength(3);
    await deliverAll(CANCEL + WAVE_GAP_MS);
    await deliverAll(CANCEL + WAVE_GAP_MS);
    expect(toldOf()).toEqual(firstOf(6));

    // The fifth books it through the normal booking; the class is full again.
    await bookClass(deps(CANCEL + WAVE_GAP_MS + 1), { uid: watchers[4] as string, classId });
    // Booking ends the member's watch at once, before any later opening.
    const watchersNow = (
      await world.db.ref(paths.classWatch(classId)).child('watchers').get()
    ).val() as object;
    expect(Object.keys(watchersNow)).not.toContain(watchers[4]);
    expect(Object.keys(watchersNow)).toContain(watchers[5]);
    expect((await world.db.ref(paths.userWatch(watchers[4] as string, classId)).get()).val()).toBe(
      null,
    );
    await deliverAll(CANCEL + 2 * WAVE_GAP_MS);
    expect(toldOf()).toHaveLength(6);
    const watch = (await world.db.ref(paths.classWatch(classId)).get()).val() as {
      watchers: Record<string, unknown>;
      wave?: unknown;
    };
    expect(watch.wave).toBeUndefined();
    expect(Object.keys(watch.watchers)).not.toContain(watchers[4]);
    expect((await world.db.ref(paths.userWatch(watchers[4] as string, classId)).get()).val()).toBe(
      null,
    );

    // Unwatching; and watching ends when the class starts.
    await unwatchClass(deps(), { uid: watchers[7] as string, classId });
    expect((await world.db.ref(paths.userWatch(watchers[7] as string, classId)).get()).val()).toBe(
      null,
    );
    await sweepPush(world.deps(NOON + 2 * DAY));
    expect((await world.db.ref(paths.classWatch(classId)).get()).val()).toBe(null);
    expect((await world.db.ref(paths.userWatch(watchers[0] as string, classId)).get()).val()).toBe(
      null,
    );
  });

  it('leaves a freed seat to the waiting list first', async () => {
    const classId = await seedClass(world.db, { startsAt: NOON + 2 * DAY, capacity: 1 });
    const holder = await seedMember(world.db, { credits: 2, nowMs: NOON });
    await bookClass(deps(), { uid: holder, classId });
    const { joinWaitlist } = await import('../../src/handlers/booking/join-waitlist.ts');
    const waiting = await seedMember(world.db, { credits: 2, nowMs: NOON });
    await joinWaitlist(deps(), { uid: waiting, classId });
    expect(await refusal(watchClass(deps(), { uid: waiting, classId }))).toBe('watchOnWaitlist');
    const watcher = await seedMember(world.db, { credits: 2, nowMs: NOON });
    await world.addDevice(watcher, NOON);
    await watchClass(deps(), { uid: watcher, classId });
    world.service.reset();
    await cancelBooking(deps(NOON + 1000), { uid: holder, classId });
    await deliverAll(NOON + 1000);
    expect(world.accepted()).toEqual([]);
    const roster = (await world.db.ref(paths.classRoster(classId)).get()).val() as {
      bookings: Record<string, unknown>;
    };
    expect(Object.keys(roster.bookings)).toEqual([waiting]);
  });
});

describe('devices', () => {
  const keysOf = () => world.service.subscribe();

  it('refuses an endpoint that is not a push service, or keys off the curve', async () => {
    const uid = await seedMember(world.db, { nowMs: NOON });
    const good = keysOf();
    for (const endpoint of [
      'https://evil.example/push/abc',
      'http://fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:9/push/x',
    ])
      expect(
        await refusal(
          savePushSubscription(world.deviceDeps(), {
            uid,
            endpoint,
            keys: good.keys,
            userAgent: ANDROID_CHROME,
          }),
        ),
      ).toBe('pushEndpointNotAllowed');
    const offCurve = `B${'A'.repeat(86)}`;
    expect(
      await refusal(
        savePushSubscription(world.deviceDeps(), {
          uid,
          endpoint: good.endpoint,
          keys: { ...good.keys, p256dh: offCurve },
          userAgent: ANDROID_CHROME,
        }),
      ),
    ).toBe('pushKeysInvalid');
    expect((await world.db.ref(paths.pushSubscriptions(uid)).get()).val()).toBe(null);
  });

  it('keeps one entry per device, moves it to whoever signs in, removes it at sign-out', async () => {
    const first = await seedMember(world.db, { nowMs: NOON });
    const second = await seedMember(world.db, { nowMs: NOON });
    const phone = keysOf();
    const save = (uid: string, now: number) =>
      savePushSubscription(world.deviceDeps(now), {
        uid,
        endpoint: phone.endpoint,
        keys: phone.keys,
        userAgent: ANDROID_CHROME,
      });
    const { deviceId } = await save(first, NOON);
    expect(deviceId).toBe(deviceIdOf(phone.endpoint));
    await save(first, NOON + 5);
    expect(
      Object.keys((await world.db.ref(paths.pushSubscriptions(first)).get()).val() as object),
    ).toEqual([deviceId]);
    await save(second, NOON + 10);
    expect((await world.db.ref(paths.pushSubscriptions(first)).get()).val()).toBe(null);
    expect((await world.db.ref(paths.pushDevice(deviceId)).get()).val()).toEqual({ uid: second });
    // The first member's removal (a late sign-out) does not take the second's device.
    expect(
      await removePushSubscription(world.deviceDeps(), { uid: first, endpoint: phone.endpoint }),
    ).toEqual({ removed: false });
    expect(
      await removePushSubscription(world.deviceDeps(), { uid: second, endpoint: phone.endpoint }),
    ).toEqual({ removed: true });
    expect((await world.db.ref(paths.pushDevice(deviceId)).get()).val()).toBe(null);
    // An entry for a removed device is dropped, not sent.
    const id = pushOutboxId('reminder-x', deviceId);
    await world.db.ref(paths.pushOutboxEntry(id)).set({
      kind: 'class-reminder',
      uid: second,
      device: deviceId,
      message: { kind: 'class-reminder', class: { classId: 'c', title: 'T', startsAt: NOON } },
      status: 'pending',
      createdAt: NOON,
      attempts: 0,
      nextAttemptAt: NOON,
    });
    expect(await sendPushEntry(world.deps(NOON), id)).toBe('dropped');
  });
});
