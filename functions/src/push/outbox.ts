/**
 * Writing pushes into `PushOutbox/{id}` (docs/architecture/push.md#exactly-once): one entry per
 * event and device of the member, its id derived from both (`pushOutboxId`), written only when
 * absent, so a step that runs twice writes each once. A member without devices, or who turned the
 * kind off, gets no entry (the sender checks the preference again at send time). Callers call it
 * after their booking, cancel or grant is committed, beside the mail; the sender
 * (`handlers/push/send-push-entry.ts`) takes it from there.
 */
import {
  paths,
  pushOutboxEntrySchema,
  pushOutboxId,
  pushPreferencesSchema,
  wantsPush,
  type PushOutboxEntry,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { pushMessageSchema, type PushMessageInput } from './kinds';
import { pushEnqueueFailed } from './logs';

export interface PushToEnqueue {
  /** From core's `pushEventIds`: the event that causes the push. */
  event: string;
  uid: string;
  message: PushMessageInput;
}

/** Writes `entry` at `path` only if nothing is there. */
async function createIfAbsent(db: Database, path: string, entry: PushOutboxEntry) {
  await db
    .ref(path)
    .transaction((current: unknown) => (current === null ? entry : undefined), undefined, false);
}

/**
 * 'written' (one entry per device, or those already there), 'none' (no device, or the kind is
 * off), or 'failed' (a database error, logged, never thrown). A message that is not a push
 * throws (a bug).
 */
export async function enqueuePush(
  db: Database,
  push: PushToEnqueue,
  now: number,
): Promise<'written' | 'none' | 'failed'> {
  const message = pushMessageSchema.parse(push.message);
  try {
    const [devices, preferences] = await Promise.all([
      db.ref(paths.pushSubscriptions(push.uid)).get(),
      db.ref(paths.pushPreferences(push.uid)).get(),
    ]);
    if (!wantsPush(pushPreferencesSchema.parse(preferences.val()), message.kind)) return 'none';
    const deviceIds: string[] = [];
    devices.forEach((device) => {
      if (device.key !== null) deviceIds.push(device.key);
    });
    if (deviceIds.length === 0) return 'none';
    await Promise.all(
      deviceIds.map((device) =>
        createIfAbsent(
          db,
          paths.pushOutboxEntry(pushOutboxId(push.event, device)),
          pushOutboxEntrySchema.parse({
            kind: message.kind,
            uid: push.uid,
            device,
            message,
            status: 'pending',
            createdAt: now,
            attempts: 0,
            nextAttemptAt: now,
            updatedAt: now,
          } satisfies PushOutboxEntry),
        ),
      ),
    );
    return 'written';
  } catch (error) {
    pushEnqueueFailed({ pushEvent: push.event, kind: message.kind, error });
    return 'failed';
  }
}
