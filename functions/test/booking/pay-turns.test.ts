import type { Database } from 'firebase-admin/database';
import { describe, expect, it } from 'vitest';
import { payTurns } from '../../src/engine/rush/pay-turns';

// Turns are kept per database on the instance; nothing is read or written through the database,
// so a bare object stands for one.
const database = () => ({}) as Database;

/** Lets every pending promise callback and microtask run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Work that runs until `finish(i)` settles it, recording when each starts. */
function works(count: number) {
  const started: number[] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const make = (i: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(i);
      finishers[i] = (error) => (error ? reject(error) : resolve(i));
    });
  return {
    started,
    make: Array.from({ length: count }, (_, i) => make(i)),
    finish: (i: number, error?: Error) => finishers[i]?.(error),
  };
}

describe('payTurns: how many bookings of an instance finish at once', () => {
  it('runs `limit` at once and the others in arrival order as each settles, with their own results', async () => {
    const inTurn = payTurns(2);
    const db = database();
    const { started, make, finish } = works(5);
    const results = make.map((work) => inTurn(db, work));
    await settle();
    expect(started).toEqual([0, 1]);

    finish(1);
    await expect(results[1]).resolves.toBe(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);

    finish(0);
    finish(2);
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish(3);
    finish(4);
    await expect(Promise.all(results)).resolves.toEqual([0, 1, 2, 3, 4]);
  });

  it('hands the turn on when the work fails, and the failure reaches its caller', async () => {
    const inTurn = payTurns(1);
    const db = database();
    const { started, make, finish } = works(2);
    const first = inTurn(db, make[0] as () => Promise<number>);
    const second = inTurn(db, make[1] as () => Promise<number>);
    await settle();
    finish(0, new Error('wallet refused'));
    await expect(first).rejects.toThrow('wallet refused');
    await settle();
    expect(started).toEqual([0, 1]);
    finish(1);
    await expect(second).resolves.toBe(1);
  });

  it('keeps the turns of each database apart, and frees them all once the work is done', async () => {
    const inTurn = payTurns(1);
    const [one, two] = [database(), database()];
    const { started, make, finish } = works(4);
    const results = [
      inTurn(one, make[0] as () => Promise<number>),
      inTurn(two, make[1] as () => Promise<number>),
      inTurn(one, make[2] as () => Promise<number>),
    ];
    await settle();
    expect(started).toEqual([0, 1]);
    finish(0);
    finish(1);
    await settle();
    finish(2);
    await Promise.all(results);
    // Nothing is left running: the next call on the first database starts at once.
    const later = inTurn(one, make[3] as () => Promise<number>);
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    finish(3);
    await expect(later).resolves.toBe(3);
  });
});
