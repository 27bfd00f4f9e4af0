// Group commit (docs/architecture/booking.md#the-release-rush): the roster changes one instance
// asks for on one class in one burst (a few microtasks apart), or while a roster transaction of
// that class is in flight, go in one transaction, applied in arrival order (`commitRosterBatch`). A class release then costs one
// instance a handful of transactions instead of one per caller, and the SDK no longer re-runs
// hundreds of queued transactions each time the roster changes.
import type { Database } from 'firebase-admin/database';
import type { Roster } from '@studio/core';
import { commitRosterBatch } from '../rosters';
import type { RosterChange, RosterRequest } from '../rush';
import { perClass } from './per-class';

interface Waiting<T> extends RosterRequest<T> {
  resolve: (change: RosterChange<T>) => void;
  reject: (error: unknown) => void;
}

interface ClassQueue {
  // Requests of any result type share one queue; each keeps its own resolve.
  waiting: Waiting<{ roster: Roster }>[];
  running: boolean;
}

/** Microtasks a new transaction waits for the rest of its burst (see `serve`). */
const GATHER_HOPS = 8;

/** Bounds one transaction's size; a longer queue is served in several. */
const MAX_BATCH = 500;

const queues = perClass<ClassQueue>(() => ({ waiting: [], running: false }));

export function commitTogether<T extends { roster: Roster }>(
  db: Database,
  classId: string,
  request: RosterRequest<T>,
): Promise<RosterChange<T>> {
  return new Promise<RosterChange<T>>((resolve, reject) => {
    const queue = queues.of(db, classId);
    const waiting: Waiting<T> = { ...request, resolve, reject };
    queue.waiting.push(waiting as unknown as Waiting<{ roster: Roster }>);
    if (!queue.running) void serve(db, classId, queue);
  });
}

async function serve(db: Database, classId: string, queue: ClassQueue): Promise<void> {
  queue.running = true;
  try {
    // The calls of a burst (the losers of a full class) advance in step and reach their roster
    // change a few microtasks apart: waiting that long lets the first transaction take them all
    // instead of the first alone and the others in the next. No I/O is waited for: a change
    // that arrives alone goes at once.
    for (let hop = 0; hop < GATHER_HOPS; hop += 1) await Promise.resolve();
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      let decided;
      try {
        decided = await commitRosterBatch(db, classId, batch);
      } catch (error) {
        for (const request of batch) request.reject(error);
        continue;
      }
      batch.forEach((request, i) => {
        const outcome = decided[i];
        if (outcome === undefined) request.reject(new Error('roster batch lost a request'));
        else if ('change' in outcome) request.resolve(outcome.change);
        else if ('refused' in outcome) request.reject(outcome.refused);
        else request.reject(outcome.failed);
      });
    }
  } finally {
    queue.running = false;
    if (queue.waiting.length === 0) queues.drop(db, classId, queue);
  }
}
