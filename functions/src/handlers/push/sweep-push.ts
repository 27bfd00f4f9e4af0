/**
 * The push sweep (every minute; every second on the local stack, whose database emulator runs
 * no triggers): sends what is due (`pending` entries a trigger missed, `retrying` ones past their
 * wait, `held` ones whose quiet hours ended, `sending` ones whose sender died), removes entries
 * older than 30 days, sends the next wave of watchers for classes that still have a free seat,
 * and ends watching of classes that have started. Every walk is an indexed query.
 */
import { classWatchSchema, paths } from '@studio/core';
import {
  classContext,
  inPool,
  jobItemFailed,
  removeOutboxEntriesBefore,
  sendDueEntries,
  type SweepOptions,
  type SweepTally,
} from '../../engine';
import type { PushDeps } from './deps';
import { pushNotConfigured, pushSweepDone } from './logs';
import { PUSH_RETENTION_MS } from './retry';
import { sendPushEntry, type PushOutcome } from './send-push-entry';
import { offerFreeSeats } from './watch';

export const PUSH_SWEEP_OPTIONS: SweepOptions = { pageSize: 100, concurrency: 8 };

/** Removes the watches of classes that have started, with each watcher's own entry. */
async function endStartedWatches(deps: PushDeps, pageSize: number): Promise<number> {
  const started = await deps.db
    .ref(paths.classWatches())
    .orderByChild('startsAt')
    .startAt(0)
    .endAt(deps.now())
    .limitToFirst(pageSize)
    .get();
  const gone: Record<string, null> = {};
  started.forEach((child) => {
    if (child.key === null) return;
    gone[paths.classWatch(child.key)] = null;
    const watch = classWatchSchema.safeParse(child.val());
    if (watch.success)
      for (const uid of Object.keys(watch.data.watchers))
        gone[paths.userWatch(uid, child.key)] = null;
  });
  if (Object.keys(gone).length > 0) await deps.db.ref().update(gone);
  return started.numChildren();
}

/** The next wave of every opening whose gap has passed. */
async function continueWaves(deps: PushDeps, pageSize: number): Promise<number> {
  const due = await deps.db
    .ref(paths.classWatches())
    .orderByChild('wave/nextWaveAt')
    .startAt(0)
    .endAt(deps.now())
    .limitToFirst(pageSize)
    .get();
  const classIds: string[] = [];
  due.forEach((child) => {
    if (child.key !== null) classIds.push(child.key);
  });
  let told = 0;
  await inPool(classIds, 4, async (classId) => {
    try {
      const context = await classContext(deps, classId);
      told += (await offerFreeSeats(deps, context, { immediate: false })).length;
    } catch (error) {
      jobItemFailed({ job: 'push-waves', target: classId, error });
    }
  });
  return told;
}

export async function sweepPush(
  deps: PushDeps,
  options: SweepOptions = PUSH_SWEEP_OPTIONS,
): Promise<Omit<SweepTally<PushOutcome>, 'tried'> & { waves: number }> {
  const started = Date.now();
  await endStartedWatches(deps, options.pageSize);
  const waves = await continueWaves(deps, options.pageSize);
  const removed = await removeOutboxEntriesBefore(
    deps.db,
    paths.pushOutbox(),
    deps.now() - PUSH_RETENTION_MS,
    options.pageSize,
  );
  if (deps.pusher === undefined) {
    pushNotConfigured();
    return { outcomes: {}, errors: 0, removed, waves };
  }
  const sent = await sendDueEntries(
    deps.db,
    paths.pushOutbox(),
    deps.now(),
    options,
    'push-sweep',
    (id) => sendPushEntry(deps, id),
  );
  if (sent.tried > 0 || removed > 0 || waves > 0)
    pushSweepDone({
      tried: sent.tried,
      failed: sent.errors,
      removed,
      waves,
      ms: Date.now() - started,
    });
  return { outcomes: sent.outcomes, errors: sent.errors, removed, waves };
}
