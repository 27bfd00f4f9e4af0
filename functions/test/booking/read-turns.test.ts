import type { Database } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { readTurn } from '../../src/engine/rush/read-turns';
import type { ReadTurn } from '../../src/engine/rush/read-turns';

// Turns are kept per database and class on the instance; nothing is read or written through the
// database, so a bare object stands for one (a fresh one per test keeps the tests apart).
const database = () => ({}) as Database;

/** Lets every pending promise callback and microtask run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Takes `count` turns for one class and records the order in which they come. */
function takeTurns(db: Database, count: number, seatsLeft: number) {
  const admitted: number[] = [];
  const turns: ReadTurn[] = Array.from({ length: count }, (_, i) => {
    const turn = readTurn(db, 'class-1', seatsLeft);
    void turn.ready.then(() => admitted.push(i));
    return turn;
  });
  return { turns, admitted };
}

describe('readTurn: who reads their member node while booking one class', () => {
  it('lets twice the seats left read at once and the others in arrival order as turns come back', async () => {
    const { turns, admitted } = takeTurns(database(), 10, 2);
    await settle();
    expect(admitted).toEqual([0, 1, 2, 3]);

    turns[2]?.done();
    turns[0]?.done();
    await settle();
    expect(admitted).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lets one caller read when the roster it saw had no seat (one may free meanwhile)', async () => {
    const { turns, admitted } = takeTurns(database(), 3, 0);
    await settle();
    expect(admitted).toEqual([0]);
    turns[0]?.done();
    await settle();
    expect(admitted).toEqual([0, 1]);
  });

  it('never admits a caller that left the queue', async () => {
    const { turns, admitted } = takeTurns(database(), 4, 1);
    turns[2]?.done();
    turns[0]?.done();
    turns[1]?.done();
    await settle();
    expect(admitted).toEqual([0, 1, 3]);
  });

  it('hands a turn on only after the current synchronous work, so callers refused together are not admitted', async () => {
    // The roster's listener refuses every caller in one loop when the class fills: the readers
    // give their turns back and the waiters leave, in whatever order the loop takes them.
    const { turns, admitted } = takeTurns(database(), 8, 1);
    await settle();
    expect(admitted).toEqual([0, 1]);
    for (const turn of turns) turn.done();
    await settle();
    expect(admitted).toEqual([0, 1]);
  });

  it('gives a turn back once however often done is called', async () => {
    const { turns, admitted } = takeTurns(database(), 4, 1);
    turns[0]?.done();
    turns[0]?.done();
    await settle();
    expect(admitted).toEqual([0, 1, 2]);
  });

  it('starts afresh for a class whose turns were all given back', async () => {
    const db = database();
    const first = takeTurns(db, 2, 1);
    for (const turn of first.turns) turn.done();
    await settle();
    // A late second done of an old turn must not disturb the class's new turns.
    first.turns[0]?.done();
    const second = takeTurns(db, 3, 1);
    await settle();
    expect(second.admitted).toEqual([0, 1]);
    second.turns[0]?.done();
    await settle();
    expect(second.admitted).toEqual([0, 1, 2]);
  });
});
