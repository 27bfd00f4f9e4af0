/**
 * A member's devices (docs/architecture/push.md#devices): `savePushSubscription` stores a
 * browser's subscription under the member, `removePushSubscription` takes it away (sign-out, the
 * profile), and a 404/410 from the push service removes it too. One device is one entry: its id
 * is derived from the endpoint, and `PushDevices/{deviceId}` names the one member it belongs to,
 * so a phone that changes hands stops receiving the previous member's pushes.
 */
import { createECDH, createHash } from 'node:crypto';
import {
  DomainError,
  deviceLabel,
  paths,
  pushEndpointProblem,
  storedPushSubscriptionSchema,
  type CallableResult,
  type RemovePushSubscriptionInput,
  type SavePushSubscriptionInput,
  type StoredPushSubscription,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { NO_RATE_LIMITS, type RateLimiter } from '../../engine';
import { pushDeviceSaved } from './logs';

export interface DeviceDeps {
  db: Database;
  now: () => number;
  limits?: RateLimiter;
  /** Local push services accepted beside the browsers' (the stand-in's origin; none deployed). */
  localOrigins: readonly string[];
}

/** The device's id: the endpoint's SHA-256, 22 base64url characters (132 bits). */
export function deviceIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);
}

/** `p256dh` must be a point on P-256, or no push could ever be encrypted for it. */
function validPoint(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

export async function savePushSubscription(
  deps: DeviceDeps,
  command: SavePushSubscriptionInput & { uid: string; userAgent: string | undefined },
): Promise<CallableResult<'savePushSubscription'>> {
  const { db } = deps;
  const { uid } = command;
  if (pushEndpointProblem(command.endpoint, deps.localOrigins) !== null)
    throw new DomainError('invalid-argument', 'pushEndpointNotAllowed');
  if (!validPoint(command.keys.p256dh))
    throw new DomainError('invalid-argument', 'pushKeysInvalid');
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'push');

  const deviceId = deviceIdOf(command.endpoint);
  // The device is this member's from now on; whoever had it loses it. The transaction's last run
  // sees the server's value, so `previous` is the owner it replaced.
  let previous: string | undefined;
  await db.ref(paths.pushDevice(deviceId)).transaction(
    (current: unknown) => {
      const owner = (current as { uid?: unknown } | null)?.uid;
      previous = typeof owner === 'string' ? owner : undefined;
      return { uid };
    },
    undefined,
    false,
  );
  const moved = previous !== undefined && previous !== uid;
  if (moved) await db.ref(paths.pushSubscription(previous as string, deviceId)).remove();
  const existing = storedPushSubscriptionSchema.safeParse(
    (await db.ref(paths.pushSubscription(uid, deviceId)).get()).val(),
  );
  const entry: StoredPushSubscription = storedPushSubscriptionSchema.parse({
    endpoint: command.endpoint,
    keys: command.keys,
    device: deviceLabel(command.userAgent),
    createdAt: existing.success ? existing.data.createdAt : deps.now(),
  });
  await db.ref(paths.pushSubscription(uid, deviceId)).set(entry);
  pushDeviceSaved({ uid, deviceId, moved });
  return { deviceId };
}

export async function removePushSubscription(
  deps: DeviceDeps,
  command: RemovePushSubscriptionInput & { uid: string },
): Promise<CallableResult<'removePushSubscription'>> {
  await (deps.limits ?? NO_RATE_LIMITS).take(command.uid, 'push');
  const deviceId = deviceIdOf(command.endpoint);
  const removed = await removeDevice(deps.db, command.uid, deviceId, command.endpoint);
  return { removed };
}

/**
 * Removes the member's entry for the device if it holds this endpoint, and the device's owner
 * record if it is this member's. True when an entry was removed.
 */
export async function removeDevice(
  db: Database,
  uid: string,
  deviceId: string,
  endpoint: string,
): Promise<boolean> {
  const stored = storedPushSubscriptionSchema.safeParse(
    (await db.ref(paths.pushSubscription(uid, deviceId)).get()).val(),
  );
  const owner = (await db.ref(paths.pushDevice(deviceId)).get()).val() as { uid?: unknown } | null;
  const update: Record<string, null> = {};
  if (stored.success && stored.data.endpoint === endpoint)
    update[paths.pushSubscription(uid, deviceId)] = null;
  if (owner?.uid === uid) update[paths.pushDevice(deviceId)] = null;
  if (Object.keys(update).length === 0) return false;
  await db.ref().update(update);
  return paths.pushSubscription(uid, deviceId) in update;
}
