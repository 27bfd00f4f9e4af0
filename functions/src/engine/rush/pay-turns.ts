// Turns to finish a booking (its member's payment, views and confirmation) on one function
// instance (docs/architecture/booking.md#the-release-rush). The database SDK keeps one tree of
// the instance's pending transactions and one list of its unacknowledged writes per database,
// and walks them whole each time a transaction starts, is sent or is answered: with the 1,200
// winners of a release finishing at once, each of their dozen operations walked about as many
// others, and that bookkeeping was most of a win's CPU (docs/benchmarks.md, "The floor under a
// booking"). So only PAYERS bookings of an instance finish at once, the others waiting in
// arrival order: the same steps, fewer of them in flight. Their seats are already held, so
// waiting costs a winner a few milliseconds and never a seat; nothing is decided here.
import type { Database } from 'firebase-admin/database';

/** Bookings finishing at once on one database (measured: bench/booking-floor.ts). */
export const PAYERS = 32;

interface Turns {
  running: number;
  queue: (() => void)[];
}

/**
 * Turns of at most `limit` bookings finishing at once per database: `work` runs once fewer than
 * `limit` others run on `db`, and its turn is handed on when it settles.
 */
export function payTurns(limit = PAYERS): <T>(db: Database, work: () => Promise<T>) => Promise<T> {
  const turnsByDb = new WeakMap<Database, Turns>();
  return async (db, work) => {
    let turns = turnsByDb.get(db);
    if (!turns) {
      turns = { running: 0, queue: [] };
      turnsByDb.set(db, turns);
    }
    const mine = turns;
    if (mine.running >= limit) await new Promise<void>((admit) => mine.queue.push(admit));
    else mine.running += 1;
    try {
      return await work();
    } finally {
      // The turn goes straight to the next waiter (the count stays), or is given back.
      const next = mine.queue.shift();
      if (next) next();
      else mine.running -= 1;
    }
  };
}
