// Turns to read the member's node while booking one class, on one function instance
// (docs/architecture/booking.md#the-release-rush). At a class release hundreds of callers
// find seats left on their first look at the roster; reading every one of their nodes (a new listener and a parse each on an
// instance that has not seen them) costs more than the bookings themselves, and all but a few of
// those callers are refused "full" a moment later. So only as many callers read at once as could
// still take a seat, twice over (a reader refused for its waiver, its credit or its spot hands its
// turn on); the others wait in arrival order, and leave as soon as the roster's live listener
// shows the class full (`raceLive`, in `readInTurn` of index.ts here), which the booking then
// confirms on the committed roster before anyone hears "full". Nothing is decided here: every
// booking is still decided on the committed roster.
import type { Database } from 'firebase-admin/database';
import { perClass } from './per-class';

/** Readers per seat left. */
const READERS_PER_SEAT = 2;

interface Waiter {
  limit: number;
  admit: () => void;
}

interface ClassTurns {
  reading: number;
  queue: Waiter[];
}

export interface ReadTurn {
  /** Settles when this caller may read. */
  ready: Promise<void>;
  /**
   * Gives the turn back, or leaves the queue if it had not come; safe to call again. A caller
   * refused while waiting calls it at once, so the queue holds only callers still in the race.
   */
  done: () => void;
}

const turnsPerClass = perClass<ClassTurns>(() => ({ reading: 0, queue: [] }));

/** Admits waiters in order while fewer read than the first one's limit allows. */
function admitWaiting(db: Database, classId: string, turns: ClassTurns): void {
  for (let next = turns.queue[0]; next && turns.reading < next.limit; next = turns.queue[0]) {
    turns.queue.shift();
    next.admit();
  }
  if (turns.reading === 0 && turns.queue.length === 0) turnsPerClass.drop(db, classId, turns);
}

/**
 * A turn to read for a caller who saw `seatsLeft` seats on the roster. The limit comes from the
 * caller's own look at the roster: a stale, higher count only lets a few more read, and a full
 * class is refused through the roster's listener and the server, not here.
 */
export function readTurn(db: Database, classId: string, seatsLeft: number): ReadTurn {
  const turns = turnsPerClass.of(db, classId);
  let state: 'waiting' | 'reading' | 'done' = 'waiting';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const waiter: Waiter = {
    limit: Math.max(1, seatsLeft * READERS_PER_SEAT),
    admit: () => {
      state = 'reading';
      turns.reading += 1;
      markReady();
    },
  };
  turns.queue.push(waiter);
  admitWaiting(db, classId, turns);
  return {
    ready,
    done: () => {
      if (state === 'done') return;
      if (state === 'reading') turns.reading -= 1;
      else turns.queue.splice(turns.queue.indexOf(waiter), 1);
      state = 'done';
      // Handed on after the current synchronous work: when the class fills, the roster's
      // listener refuses every caller in one loop, and a turn given back early in that loop must
      // not go to a waiter the same loop refuses a moment later (its read would be wasted).
      queueMicrotask(() => admitWaiting(db, classId, turns));
    },
  };
}
