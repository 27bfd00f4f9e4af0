/**
 * Sends one `PushOutbox/{id}` entry (docs/architecture/push.md#exactly-once): claim it with a
 * lease, read the device, the member's preferences, quiet hours and language, render, record that
 * the request is starting, post it to the push service (web-push builds the encrypted, VAPID-signed
 * request), record the answer. Run by the `PushOutbox/{id}` create trigger and by the sweep.
 *
 * Never twice: an entry whose sender stopped after `requestedAt` was written may have been taken
 * by the push service, so it is settled `unconfirmed` instead of being sent again; one whose
 * sender stopped before that is sent by the next sender.
 */
import webPush from 'web-push';
import {
  paths,
  pushEndpointProblem,
  pushPreferencesSchema,
  pushTiming,
  quietHoursFromStored,
  settingsFromStored,
  storedPushSubscriptionSchema,
  wantsPush,
  type PushOutboxEntry,
  type StoredPushSubscription,
} from '@studio/core';
import { describeFailure } from '../../engine';
import { actBy, pushMessageSchema, renderPush, type PushMessage } from '../../push';
import type { PushDeps, Pusher } from './deps';
import { changePushEntry, settledFields } from './entry';
import { pushNotConfigured, pushRetrying, pushSent, pushSettled } from './logs';
import {
  MAX_PUSH_ATTEMPTS,
  PUSH_LEASE_MS,
  neverReachedService,
  pushRetryDelayMs,
  retryAfterMs,
} from './retry';
import { removeDevice } from './devices';

export type PushOutcome =
  | 'sent'
  | 'retrying'
  | 'held'
  | 'failed'
  | 'skipped'
  | 'dropped'
  | 'unconfirmed'
  /** Nothing to do: missing, settled, not yet due, or another sender holds it. */
  | 'not-claimed'
  | 'not-configured';

type Claim = { claimed: PushOutboxEntry } | { outcome: 'not-claimed' | 'unconfirmed' };

async function claim(deps: PushDeps, id: string): Promise<Claim> {
  const now = deps.now();
  const until = now + PUSH_LEASE_MS;
  return changePushEntry<Claim>(deps.db, id, (entry) => {
    if (entry === null) return { keep: { outcome: 'not-claimed' } };
    switch (entry.status) {
      case 'pending':
        break;
      case 'retrying':
      case 'held':
        if ((entry.nextAttemptAt ?? 0) > now) return { keep: { outcome: 'not-claimed' } };
        break;
      case 'sending':
        if ((entry.lease?.until ?? 0) > now) return { keep: { outcome: 'not-claimed' } };
        if (entry.requestedAt !== undefined) {
          // The sender died after its request started: the push service may have it.
          return {
            next: {
              ...settledFields(entry),
              status: 'unconfirmed',
              lastError: 'The sender stopped after its request started; not sent again',
              updatedAt: now,
            },
            result: { outcome: 'unconfirmed' },
          };
        }
        break;
      default:
        return { keep: { outcome: 'not-claimed' } };
    }
    const { requestedAt: _requested, ...rest } = entry;
    const next: PushOutboxEntry = {
      ...rest,
      status: 'sending',
      lease: { until },
      nextAttemptAt: until,
      updatedAt: now,
    };
    return { next, result: { claimed: next } };
  });
}

/** Changes the entry only while it is still this sender's claim; false when it is not. */
function whileClaimed(
  deps: PushDeps,
  id: string,
  claimed: PushOutboxEntry,
  change: (entry: PushOutboxEntry) => PushOutboxEntry,
): Promise<boolean> {
  return changePushEntry<boolean>(deps.db, id, (entry) => {
    if (
      entry === null ||
      entry.status !== 'sending' ||
      entry.lease?.until !== claimed.lease?.until
    ) {
      return { keep: false };
    }
    return { next: { ...change(entry), updatedAt: deps.now() }, result: true };
  });
}

async function settle(
  deps: PushDeps,
  id: string,
  claimed: PushOutboxEntry,
  outcome: Partial<PushOutboxEntry> & Pick<PushOutboxEntry, 'status'>,
): Promise<void> {
  await whileClaimed(deps, id, claimed, (entry) => {
    const { lastError: _error, ...rest } = settledFields(entry);
    return { ...rest, ...outcome };
  });
}

/** TTL: until the push stops being of use (at least a minute), else a day. */
function ttlSeconds(message: PushMessage, nowMs: number): number {
  const deadline = message.kind === 'spot-opened' ? nowMs + 15 * 60_000 : actBy(message);
  if (deadline === undefined) return 24 * 3600;
  return Math.max(60, Math.min(24 * 3600, Math.round((deadline - nowMs) / 1000)));
}

const URGENT_KINDS = new Set(['waitlist-promoted', 'spot-opened', 'class-cancelled']);

interface Answer {
  status: number;
  retryAfter: string | null;
}

async function post(
  pusher: Pusher,
  subscription: StoredPushSubscription,
  body: string,
  message: PushMessage,
  nowMs: number,
): Promise<Answer> {
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: subscription.keys },
    body,
    {
      vapidDetails: pusher.vapid,
      TTL: ttlSeconds(message, nowMs),
      urgency: URGENT_KINDS.has(message.kind) ? 'high' : 'normal',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: new Uint8Array(details.body),
    signal: AbortSignal.timeout(pusher.timeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/** Sends the entry if it is due and no other sender holds it. */
export async function sendPushEntry(deps: PushDeps, id: string): Promise<PushOutcome> {
  const pusher = deps.pusher;
  if (pusher === undefined) {
    pushNotConfigured();
    return 'not-configured';
  }
  const started = deps.now();
  const claim_ = await claim(deps, id);
  if ('outcome' in claim_) {
    if (claim_.outcome === 'unconfirmed')
      pushSettled({ id, kind: 'unknown', status: 'unconfirmed', reason: 'sender stopped' });
    return claim_.outcome;
  }
  const { claimed } = claim_;
  const finish = async (
    status: 'failed' | 'skipped' | 'dropped',
    reason: string,
    extra: Partial<PushOutboxEntry> = {},
  ): Promise<PushOutcome> => {
    await settle(deps, id, claimed, { status, lastError: reason, ...extra });
    pushSettled({ id, kind: claimed.kind, status, reason });
    return status;
  };

  const parsed = pushMessageSchema.safeParse(claimed.message);
  if (!parsed.success || parsed.data.kind !== claimed.kind)
    return finish('failed', 'The stored message is not a valid push of its kind');
  const message = parsed.data;
  const [device, preferences, quiet, lang, settings] = await Promise.all([
    deps.db.ref(paths.pushSubscription(claimed.uid, claimed.device)).get(),
    deps.db.ref(paths.pushPreferences(claimed.uid)).get(),
    deps.db.ref(paths.pushQuietHours(claimed.uid)).get(),
    deps.db.ref(paths.userField(claimed.uid, 'Lang')).get(),
    deps.db.ref(paths.settings()).get(),
  ]);
  const subscription = storedPushSubscriptionSchema.safeParse(device.val());
  if (!subscription.success) return finish('dropped', 'The device is no longer subscribed');
  if (pushEndpointProblem(subscription.data.endpoint, pusher.localOrigins) !== null)
    return finish('failed', 'The device’s endpoint is not a push service');
  if (!wantsPush(pushPreferencesSchema.parse(preferences.val()), message.kind))
    return finish('skipped', `The member turned off ${message.kind} pushes`);
  const { timeZone } = settingsFromStored(settings.val());
  const now = deps.now();
  const timing = pushTiming({
    kind: message.kind,
    actBy: actBy(message),
    nowMs: now,
    quiet: quietHoursFromStored(quiet.val()),
    timeZone,
  });
  if ('drop' in timing) return finish('skipped', timing.drop);
  if (!timing.send) {
    await settle(deps, id, claimed, { status: 'held', nextAttemptAt: timing.holdUntil });
    return 'held';
  }

  let body: string;
  try {
    const payload = renderPush(message, {
      id: id.slice(0, id.length - claimed.device.length - 1),
      lang: lang.val() === 'es' ? 'es' : 'en',
      timeZone,
    });
    body = JSON.stringify(payload);
  } catch (error) {
    return finish('failed', describeFailure(error));
  }

  // From here the push service may take it: a sender that stops now is never repeated.
  const mine = await whileClaimed(deps, id, claimed, (entry) => ({
    ...entry,
    requestedAt: deps.now(),
  }));
  if (!mine) return 'not-claimed';

  let answer: Answer;
  try {
    answer = await post(pusher, subscription.data, body, message, deps.now());
  } catch (error) {
    const reason = describeFailure(error);
    if (!neverReachedService(error)) {
      await settle(deps, id, claimed, { status: 'unconfirmed', lastError: reason });
      pushSettled({ id, kind: message.kind, status: 'unconfirmed', reason });
      return 'unconfirmed';
    }
    return retryLater(deps, id, claimed, undefined, reason, 0);
  }

  const { status } = answer;
  if (status >= 200 && status < 300) {
    const at = deps.now();
    await settle(deps, id, claimed, { status: 'sent', sentAt: at, lastStatus: status });
    await deps.db
      .ref(paths.pushSubscription(claimed.uid, claimed.device))
      .transaction(
        // Null stays null: a device removed meanwhile is not brought back.
        (current: unknown) =>
          current === null ? null : { ...(current as object), lastPushAt: at },
        undefined,
        false,
      )
      .catch(() => undefined);
    pushSent({ id, kind: message.kind, ms: at - started });
    return 'sent';
  }
  if (status === 404 || status === 410) {
    await removeDevice(deps.db, claimed.uid, claimed.device, subscription.data.endpoint);
    return finish('dropped', `The push service answered ${status}: the device was removed`, {
      lastStatus: status,
    });
  }
  if (status === 429 || status >= 500) {
    return retryLater(
      deps,
      id,
      claimed,
      status,
      `The push service answered ${status}`,
      retryAfterMs(answer.retryAfter, deps.now()),
    );
  }
  return finish('failed', `The push service refused it (${status})`, { lastStatus: status });
}

async function retryLater(
  deps: PushDeps,
  id: string,
  claimed: PushOutboxEntry,
  status: number | undefined,
  reason: string,
  serviceWaitMs: number,
): Promise<PushOutcome> {
  const attempts = claimed.attempts + 1;
  if (attempts >= MAX_PUSH_ATTEMPTS) {
    await settle(deps, id, claimed, {
      status: 'failed',
      attempts,
      lastError: reason,
      ...(status === undefined ? {} : { lastStatus: status }),
    });
    pushSettled({ id, kind: claimed.kind, status: 'failed', reason });
    return 'failed';
  }
  const random = (deps.random ?? Math.random)();
  const wait = Math.max(serviceWaitMs, pushRetryDelayMs(claimed.attempts, random));
  await settle(deps, id, claimed, {
    status: 'retrying',
    attempts,
    nextAttemptAt: deps.now() + wait,
    lastError: reason,
    ...(status === undefined ? {} : { lastStatus: status }),
  });
  pushRetrying({ id, kind: claimed.kind, attempts, status, reason });
  return 'retrying';
}
