// Pushes in the soak (docs/architecture/push.md): members turn push on for a device (the app's
// savePushSubscription with a subscription of the stand-in's), watch full classes and stop
// watching; the `sendPush` trigger sends each new outbox entry once, and its invocation may die
// at any write, between the push service's acceptance and `sent` too; the push service now and
// then answers 410 (the device is gone), 429 or 503. Its own random stream, so a seed's other
// moves and faults stay as they were. Checked (checks.ts `pushViolations`): one push per event
// and device, whatever died or was retried.
import { paths, removePushSubscriptionInput, watchClassInput } from '@studio/core';
import {
  removePushSubscription,
  savePushSubscription,
} from '../../functions/src/handlers/push/devices.ts';
import { sendPushEntry } from '../../functions/src/handlers/push/send-push-entry.ts';
import { sweepPush } from '../../functions/src/handlers/push/sweep-push.ts';
import { unwatchClass, watchClass } from '../../functions/src/handlers/push/watch.ts';
import { readRoster, type Model, type SimMember } from './model.ts';
import type { OpRunner } from './ops.ts';
import type { Random } from './random.ts';
import type { World } from './world.ts';

const REFUSALS = [410, 429, 503] as const;

export interface PushMoves {
  /** Some members act on push this step: a device on or off, a full class watched or not. */
  act(members: readonly SimMember[]): Promise<void>;
  /** Now and then the push service refuses the next few requests. */
  refuse(chance: number): void;
  /** The trigger: each entry written since the last call is sent once. */
  trigger(): Promise<void>;
  /** The minute sweep (retries, held pushes, the next watcher waves, watches ended). */
  sweep(): Promise<void>;
}

export function pushMoves(world: World, model: Model, ops: OpRunner, random: Random): PushMoves {
  const now = world.clock.now;
  const seen = new Set<string>();
  const devices = new Map<string, string>();
  const options = { random, retryable: false } as const;

  async function fullClasses(): Promise<string[]> {
    const upcoming = [...model.classes.values()].filter((c) => c.startsAt > now());
    const full: string[] = [];
    for (const simClass of random.shuffle(upcoming).slice(0, 4)) {
      const roster = await readRoster(world.db, simClass.id);
      if (Object.keys(roster.bookings).length >= simClass.capacity) full.push(simClass.id);
    }
    return full;
  }

  return {
    async act(members) {
      for (const member of members) {
        if (!random.chance(0.15)) continue;
        const endpoint = devices.get(member.uid);
        const move = random.weighted<string>([
          ['device-on', endpoint === undefined ? 6 : 0],
          ['device-off', endpoint === undefined ? 0 : 0.3],
          ['watch', 2],
          ['unwatch', 0.5],
        ]);
        if (move === 'device-on') {
          const subscription = world.push.subscribe({
            applicationServerKey: world.vapidPublicKey,
          });
          const outcome = await ops.perform(
            'push-device',
            member.uid,
            'on',
            (db) =>
              savePushSubscription(world.deviceDeps(db), {
                uid: member.uid,
                endpoint: subscription.endpoint,
                keys: subscription.keys,
                userAgent: undefined,
              }),
            { random },
          );
          if (outcome.kind === 'ok') devices.set(member.uid, subscription.endpoint);
        } else if (move === 'device-off' && endpoint !== undefined) {
          devices.delete(member.uid);
          await ops.perform(
            'push-device',
            member.uid,
            'off',
            (db) =>
              removePushSubscription(world.deviceDeps(db), {
                uid: member.uid,
                ...removePushSubscriptionInput.parse({ endpoint }),
              }),
            { random },
          );
        } else {
          const classes =
            move === 'watch'
              ? await fullClasses()
              : Object.keys(
                  ((await world.db.ref(paths.userWatches(member.uid)).get()).val() ?? {}) as object,
                );
          if (classes.length === 0) continue;
          const input = watchClassInput.parse({ classId: random.pick(classes) });
          await ops.perform(
            move,
            member.uid,
            input.classId,
            (db) =>
              move === 'watch'
                ? watchClass(world.bookingDeps(db), { uid: member.uid, ...input })
                : unwatchClass(world.bookingDeps(db), { uid: member.uid, ...input }),
            { random },
          );
        }
      }
    },

    refuse(chance) {
      if (!random.chance(chance)) return;
      const status = random.pick([...REFUSALS]);
      const times = random.between(1, 4);
      world.push.respondWith(status, status === 429 ? { times, retryAfter: 60 } : { times });
      ops.fault('push-refused', `the push service answers ${status} ${times}×`);
    },

    async trigger() {
      const outbox = ((await world.db.ref(paths.pushOutbox()).get()).val() ?? {}) as Record<
        string,
        unknown
      >;
      for (const id of Object.keys(outbox)) {
        if (seen.has(id)) continue;
        seen.add(id);
        await ops.perform(
          'push-trigger',
          'sendPush',
          id,
          (db) => sendPushEntry(world.pushDeps(db), id),
          options,
        );
      }
    },

    async sweep() {
      await ops.perform(
        'job:push-sweep',
        'scheduler',
        '',
        (db) => sweepPush(world.pushDeps(db)),
        options,
      );
    },
  };
}
