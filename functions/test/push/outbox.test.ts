// The push outbox against the push service stand-in: one entry per event and device, sent once
// with the member's language, dropped (and the device removed) on 404/410, retried on 429/5xx
// honouring Retry-After, held in quiet hours, never twice even when a sender stops after the push
// service took it.
import { beforeEach, describe, expect, it } from 'vitest';
import { paths, pushEventIds, pushOutboxId, toEpoch } from '@studio/core';
import { enqueuePush, type PushMessageInput } from '../../src/push/index.ts';
import { sendPushEntry } from '../../src/handlers/push/send-push-entry.ts';
import { sweepPush } from '../../src/handlers/push/sweep-push.ts';
import { PUSH_LEASE_MS } from '../../src/handlers/push/retry.ts';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db.ts';
import { newUid } from '../support/backend.ts';
import { entryOf, usePushWorld } from './support.ts';

const world = usePushWorld();
const TZ = 'America/Monterrey';
const NOON = toEpoch('2030-03-04', '12:00', TZ);
const MINUTE = 60_000;

const reminder = (classId = 'class-1'): PushMessageInput => ({
  kind: 'class-reminder',
  class: { classId, title: 'Morning ride', startsAt: NOON + 2 * 3_600_000 },
  spotLabel: '7',
});

beforeEach(async () => {
  world.service.reset();
  await world.db.ref(paths.pushOutbox()).remove();
});

async function member(lang: 'en' | 'es' = 'en') {
  const uid = newUid('member');
  await world.db.ref(paths.userField(uid, 'Lang')).set(lang);
  return uid;
}

describe('enqueue', () => {
  it('writes one entry per device, once per event, none when the kind is off', async () => {
    const uid = await member();
    const phone = await world.addDevice(uid, NOON);
    const laptop = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder('b1');
    const push = { event, uid, message: reminder() };
    expect(await enqueuePush(world.db, push, NOON)).toBe('written');
    expect(await enqueuePush(world.db, push, NOON + 1)).toBe('written');
    const ids = [phone, laptop].map((device) => pushOutboxId(event, device.deviceId));
    for (const id of ids)
      expect(await entryOf(world.db, id)).toMatchObject({ status: 'pending', createdAt: NOON });

    const quiet = await member();
    await world.addDevice(quiet, NOON);
    await world.db.ref(paths.pushPreference(quiet, 'class-reminder')).set(false);
    expect(await enqueuePush(world.db, { ...push, uid: quiet }, NOON)).toBe('none');
    expect(await enqueuePush(world.db, { ...push, uid: await member() }, NOON)).toBe('none');
  });
});

describe('sending', () => {
  it('sends once, in the member’s language, opening the class sheet', async () => {
    const uid = await member('es');
    const device = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder('b2');
    await enqueuePush(world.db, { event, uid, message: reminder('class-9') }, NOON);
    const id = pushOutboxId(event, device.deviceId);
    const [first, second] = await Promise.all([
      sendPushEntry(world.deps(NOON), id),
      sendPushEntry(world.deps(NOON), id),
    ]);
    expect([first, second].sort()).toEqual(['not-claimed', 'sent']);
    expect(await sendPushEntry(world.deps(NOON + MINUTE), id)).toBe('not-claimed');
    const [accepted] = world.accepted(device.endpoint);
    expect(world.accepted()).toHaveLength(1);
    expect(accepted?.payload).toMatchObject({
      id: event,
      kind: 'class-reminder',
      title: 'Morning ride a las 14:00',
      url: '/tabs/calendario/choose/user?class=class-9',
    });
    expect(String(accepted?.payload['body'])).toContain('lugar 7');
    expect(await entryOf(world.db, id)).toMatchObject({ status: 'sent', sentAt: NOON });
    expect(
      (await world.db.ref(paths.pushSubscription(uid, device.deviceId)).get()).val(),
    ).toMatchObject({ lastPushAt: NOON, device: 'Chrome · Android' });
  });

  it.each([404, 410])('drops the entry and removes the device on %i', async (status) => {
    const uid = await member();
    const device = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder(`gone-${status}`);
    await enqueuePush(world.db, { event, uid, message: reminder() }, NOON);
    world.service.respondWith(status, { endpoint: device.endpoint });
    const id = pushOutboxId(event, device.deviceId);
    expect(await sendPushEntry(world.deps(NOON), id)).toBe('dropped');
    expect(await entryOf(world.db, id)).toMatchObject({ status: 'dropped', lastStatus: status });
    expect((await world.db.ref(paths.pushSubscription(uid, device.deviceId)).get()).val()).toBe(
      null,
    );
    expect((await world.db.ref(paths.pushDevice(device.deviceId)).get()).val()).toBe(null);
    // The sweep has nothing left for it.
    expect((await sweepPush(world.deps(NOON + 10 * MINUTE))).outcomes).toEqual({});
  });

  it('retries a 429 after its Retry-After and a 503 after the backoff, then sends', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder('busy');
    await enqueuePush(world.db, { event, uid, message: reminder() }, NOON);
    const id = pushOutboxId(event, device.deviceId);
    world.service.respondWith(429, { retryAfter: 300 });
    expect(await sendPushEntry(world.deps(NOON), id)).toBe('retrying');
    expect(await entryOf(world.db, id)).toMatchObject({
      status: 'retrying',
      attempts: 1,
      lastStatus: 429,
      nextAttemptAt: NOON + 300_000,
    });
    // Not before the push service's wait.
    expect((await sweepPush(world.deps(NOON + 299_000))).outcomes).toEqual({});
    world.service.respondWith(503);
    expect((await sweepPush(world.deps(NOON + 300_000))).outcomes).toEqual({ retrying: 1 });
    // The second failure waits 30 s × 2 (no jitter at 0.5).
    expect(await entryOf(world.db, id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: NOON + 300_000 + 60_000,
    });
    expect((await sweepPush(world.deps(NOON + 360_000))).outcomes).toEqual({ sent: 1 });
    expect(world.accepted()).toHaveLength(1);
    expect(world.received().map((message) => message.status)).toEqual([429, 503, 201]);
  });

  it('skips a kind the member turned off after it was written', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder('off');
    await enqueuePush(world.db, { event, uid, message: reminder() }, NOON);
    await world.db.ref(paths.pushPreference(uid, 'class-reminder')).set(false);
    expect(await sendPushEntry(world.deps(NOON), pushOutboxId(event, device.deviceId))).toBe(
      'skipped',
    );
    expect(world.received()).toEqual([]);
  });
});

describe('quiet hours', () => {
  const NIGHT = toEpoch('2030-03-04', '23:30', TZ);
  const MORNING = toEpoch('2030-03-05', '07:00', TZ);

  it('holds a reminder until 07:00, then the sweep sends it', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NIGHT);
    const event = pushEventIds.reminder('night');
    const message: PushMessageInput = {
      kind: 'class-reminder',
      class: { classId: 'c', title: 'Early ride', startsAt: MORNING + 3 * 3_600_000 },
    };
    await enqueuePush(world.db, { event, uid, message }, NIGHT);
    const id = pushOutboxId(event, device.deviceId);
    expect(await sendPushEntry(world.deps(NIGHT), id)).toBe('held');
    expect(await entryOf(world.db, id)).toMatchObject({ status: 'held', nextAttemptAt: MORNING });
    expect((await sweepPush(world.deps(MORNING - 1))).outcomes).toEqual({});
    expect(world.received()).toEqual([]);
    expect((await sweepPush(world.deps(MORNING))).outcomes).toEqual({ sent: 1 });
    expect(world.accepted()).toHaveLength(1);
  });

  it('sends a promotion whose free cancel ends before morning, drops a spot offer', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NIGHT);
    const cls = { classId: 'c2', title: 'Dawn ride', startsAt: MORNING + 30 * MINUTE };
    const promoted = pushEventIds.promoted('late');
    await enqueuePush(
      world.db,
      {
        event: promoted,
        uid,
        message: { kind: 'waitlist-promoted', class: cls, refundUntil: MORNING - 60 * MINUTE },
      },
      NIGHT,
    );
    const opened = pushEventIds.spotOpened('c2', 'v3', uid);
    await enqueuePush(
      world.db,
      { event: opened, uid, message: { kind: 'spot-opened', class: cls } },
      NIGHT,
    );
    expect(await sendPushEntry(world.deps(NIGHT), pushOutboxId(promoted, device.deviceId))).toBe(
      'sent',
    );
    expect(await sendPushEntry(world.deps(NIGHT), pushOutboxId(opened, device.deviceId))).toBe(
      'skipped',
    );
    expect(world.accepted().map((message) => message.payload['kind'])).toEqual([
      'waitlist-promoted',
    ]);
  });

  it('follows the member’s own quiet hours, or none', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NIGHT);
    await world.db
      .ref(paths.pushQuietHours(uid))
      .set({ enabled: false, from: '22:00', to: '07:00' });
    const event = pushEventIds.reminder('awake');
    await enqueuePush(world.db, { event, uid, message: reminder() }, NIGHT);
    expect(await sendPushEntry(world.deps(NIGHT), pushOutboxId(event, device.deviceId))).toBe(
      'sent',
    );
  });
});

describe('never twice', () => {
  it('a sender stopped before its request: the next one sends it once', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder('crash-before');
    await enqueuePush(world.db, { event, uid, message: reminder() }, NOON);
    const id = pushOutboxId(event, device.deviceId);
    // The claim is the first transaction on the entry, `requestedAt` the second.
    const { db, crashed } = crashingDatabase(world.db, {
      path: paths.pushOutboxEntry(id),
      kind: 'transaction',
      when: 'before',
      nth: 2,
    });
    await expect(sendPushEntry({ ...world.deps(NOON), db }, id)).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    expect(crashed()).toBe(true);
    expect(world.received()).toEqual([]);
    expect((await sweepPush(world.deps(NOON + PUSH_LEASE_MS - 1))).outcomes).toEqual({});
    expect((await sweepPush(world.deps(NOON + PUSH_LEASE_MS))).outcomes).toEqual({ sent: 1 });
    expect(world.accepted()).toHaveLength(1);
  });

  it('a sender stopped after the push service took it: never sent again', async () => {
    const uid = await member();
    const device = await world.addDevice(uid, NOON);
    const event = pushEventIds.reminder('crash-after');
    await enqueuePush(world.db, { event, uid, message: reminder() }, NOON);
    const id = pushOutboxId(event, device.deviceId);
    // Claim, requestedAt, then the answer: stop just before the answer is recorded.
    const { db, crashed } = crashingDatabase(world.db, {
      path: paths.pushOutboxEntry(id),
      kind: 'transaction',
      when: 'before',
      nth: 3,
    });
    await expect(sendPushEntry({ ...world.deps(NOON), db }, id)).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    expect(crashed()).toBe(true);
    expect(world.accepted()).toHaveLength(1);
    expect(await entryOf(world.db, id)).toMatchObject({ status: 'sending' });
    expect((await sweepPush(world.deps(NOON + PUSH_LEASE_MS))).outcomes).toEqual({
      unconfirmed: 1,
    });
    expect(await entryOf(world.db, id)).toMatchObject({ status: 'unconfirmed' });
    expect((await sweepPush(world.deps(NOON + 10 * PUSH_LEASE_MS))).outcomes).toEqual({});
    expect(world.accepted()).toHaveLength(1);
  });
});

describe('the booking steps push', () => {
  it('a promotion from the waiting list, with its spot and free-cancel time', async () => {
    const { seedStudio, seedClass, seedMember, DAY } = await import('../booking/fixtures.ts');
    const { bookClass } = await import('../../src/handlers/booking/book-class.ts');
    const { joinWaitlist } = await import('../../src/handlers/booking/join-waitlist.ts');
    const { cancelBooking } = await import('../../src/handlers/booking/cancel-booking.ts');
    const { cancelClass } = await import('../../src/handlers/classes/cancel-class.ts');
    await seedStudio(world.db);
    const deps = { db: world.db, now: () => NOON };
    const classId = await seedClass(world.db, { startsAt: NOON + 2 * DAY, capacity: 1 });
    const holder = await seedMember(world.db, { credits: 2, nowMs: NOON });
    const waiting = await seedMember(world.db, { credits: 2, nowMs: NOON });
    const phone = await world.addDevice(waiting, NOON);
    await bookClass(deps, { uid: holder, classId });
    await joinWaitlist(deps, { uid: waiting, classId });
    await cancelBooking(deps, { uid: holder, classId });
    await sweepPush(world.deps(NOON));
    const [promoted] = world.accepted(phone.endpoint);
    expect(promoted?.payload).toMatchObject({
      kind: 'waitlist-promoted',
      url: `/tabs/calendario/choose/user?class=${classId}`,
    });
    expect(String(promoted?.payload['body'])).toMatch(/spot A1\. Free to cancel until /);

    // The studio cancels the class: the promoted member hears it on the phone too.
    await cancelClass(deps, { classId, reason: 'Coach is ill', by: 'admin-1' });
    await sweepPush(world.deps(NOON));
    const kinds = world.accepted(phone.endpoint).map((message) => message.payload['kind']);
    expect(kinds).toEqual(['waitlist-promoted', 'class-cancelled']);
    expect(String(world.accepted(phone.endpoint)[1]?.payload['body'])).toContain('Coach is ill');
  });
});
