// The push tests' surroundings: a database emulator, the push service stand-in (emulators/push),
// a VAPID key pair, and helpers to give a member a device the stand-in can decrypt for.
import webPush from 'web-push';
import { paths } from '@studio/core';
import { startPushService, type PushService, type ReceivedMessage } from '@studio/push-service';
import type { Database } from 'firebase-admin/database';
import { afterAll, beforeAll } from 'vitest';
import type { PushDeps, Pusher } from '../../src/handlers/push/deps.ts';
import { savePushSubscription, type DeviceDeps } from '../../src/handlers/push/devices.ts';
import { startBackend, type TestBackend } from '../support/backend.ts';

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

export interface PushWorld {
  readonly db: Database;
  readonly service: PushService;
  readonly pusher: Pusher;
  /** Deps at a pinned time with no jitter. */
  deps(now?: number): PushDeps;
  deviceDeps(now?: number): DeviceDeps;
  /** A device of `uid` at the stand-in; returns its endpoint and id. */
  addDevice(uid: string, now?: number): Promise<{ endpoint: string; deviceId: string }>;
  /** What the stand-in accepted for an endpoint, payloads parsed. */
  accepted(endpoint?: string): { endpoint: string; payload: Record<string, unknown> }[];
  received(): ReceivedMessage[];
}

export function usePushWorld(): PushWorld {
  let backend: TestBackend | undefined;
  let service: PushService | undefined;
  let pusher: Pusher | undefined;
  beforeAll(async () => {
    [backend, service] = await Promise.all([startBackend(), startPushService()]);
    const keys = webPush.generateVAPIDKeys();
    pusher = {
      vapid: { subject: 'mailto:push-test@studio.example', ...keys },
      localOrigins: [service.url],
      timeoutMs: 5_000,
    };
  });
  afterAll(async () => {
    await service?.stop();
    await backend?.stop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('usePushWorld: use inside a test or hook');
    return value;
  };
  const world: PushWorld = {
    get db() {
      return ready(backend).db;
    },
    get service() {
      return ready(service);
    },
    get pusher() {
      return ready(pusher);
    },
    deps: (now = Date.now()) => ({
      db: world.db,
      now: () => now,
      pusher: world.pusher,
      random: () => 0.5,
    }),
    deviceDeps: (now = Date.now()) => ({
      db: world.db,
      now: () => now,
      localOrigins: [world.service.url],
    }),
    async addDevice(uid, now = Date.now()) {
      const subscription = world.service.subscribe({
        applicationServerKey: world.pusher.vapid.publicKey,
      });
      const { deviceId } = await savePushSubscription(world.deviceDeps(now), {
        uid,
        endpoint: subscription.endpoint,
        keys: subscription.keys,
        userAgent: ANDROID_CHROME,
      });
      return { endpoint: subscription.endpoint, deviceId };
    },
    accepted(endpoint) {
      return world.service
        .messages()
        .filter(
          (message) =>
            message.status === 201 && (endpoint === undefined || message.endpoint === endpoint),
        )
        .map((message) => ({
          endpoint: message.endpoint,
          payload: JSON.parse(message.payload ?? '{}') as Record<string, unknown>,
        }));
    },
    received: () => world.service.messages(),
  };
  return world;
}

export async function entryOf(db: Database, id: string): Promise<Record<string, unknown> | null> {
  return (await db.ref(paths.pushOutboxEntry(id)).get()).val() as Record<string, unknown> | null;
}
