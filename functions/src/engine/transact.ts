// One way to run a Realtime Database transaction for the engine (README.md here).
//
// - The step never throws inside the SDK's update function (an exception there would break
//   the SDK's queue for every other transaction on that node); it returns the next value, a
//   refusal (DomainError) or SKIP.
// - A refusal writes the value back unchanged instead of aborting: the SDK runs the step first
//   on its local cache (often null, or other calls' optimistic results), and an abort there
//   would decide on data the server never confirmed. Writing it back unchanged makes the
//   server's hash check confirm the refusal, at the cost of one round trip.
// - 'maxretry' (too much contention) and 'set' (the SDK aborts a transaction when the same
//   process writes under its node) mean nothing was committed: the transaction runs again.
//   'disconnect' (the connection dropped with the write sent) may or may not have committed:
//   it runs again too, which is safe because every step recognises its own earlier result
//   (ids derived from the booking, versioned views).
import type { Reference } from 'firebase-admin/database';
import { isDomainError } from '@studio/core';
import type { DomainError } from '@studio/core';

/** Leave the node as it is, confirmed by the server. */
export const UNCHANGED: unique symbol = Symbol('unchanged');
/** Do not write at all: only for decisions the local cache can safely make. */
export const SKIP: unique symbol = Symbol('skip');

export type Step<R> = (
  current: unknown,
) => { next: unknown; result: R } | { next: typeof SKIP; result: R } | DomainError;

const RETRYABLE = new Set(['maxretry', 'set', 'disconnect']);
const MAX_ATTEMPTS = 8;

type Last<R> = { ok: R } | { refused: DomainError } | { failed: unknown };

/**
 * Holds a listener on the node while the transaction runs, and waits for its first value: the
 * SDK then runs the step on the server's value instead of on nothing, which saves the write
 * the server would refuse and the round trip after it. An already listened node answers at once.
 */
async function withListener<T>(ref: Reference, body: () => Promise<T>): Promise<T> {
  let ready: () => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const first = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const onValue = () => ready();
  ref.on('value', onValue, (error: Error) => failed(error));
  try {
    await first;
    return await body();
  } finally {
    ref.off('value', onValue);
  }
}

export interface TransactOptions {
  /**
   * Wait for the server's value before the first run (default). Off for nodes that are
   * usually missing (a member's view of a class, a new notification): the first run on
   * "nothing" is then usually right, and the listen round trip is saved; when it is not, the
   * server refuses the write and the SDK runs the step again on the server's value.
   */
  primed?: boolean;
}

export async function transact<R>(
  ref: Reference,
  step: Step<R>,
  { primed = true }: TransactOptions = {},
): Promise<R> {
  return primed ? withListener(ref, () => transactOnce(ref, step)) : transactOnce(ref, step);
}

async function transactOnce<R>(ref: Reference, step: Step<R>): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    let last: Last<R> | undefined;
    try {
      // applyLocally false: nothing here listens to intermediate states, and raising them to
      // every queued transaction's own listener costs O(n²) in a rush on one class.
      await ref.transaction(
        (current: unknown) => {
          try {
            const outcome = step(current);
            if (isDomainError(outcome)) {
              last = { refused: outcome };
              return current;
            }
            last = { ok: outcome.result };
            if (outcome.next === SKIP) return undefined;
            return outcome.next === UNCHANGED ? current : outcome.next;
          } catch (error) {
            last = { failed: error };
            return undefined;
          }
        },
        undefined,
        false,
      );
    } catch (error) {
      const retry = error instanceof Error && RETRYABLE.has(error.message);
      if (!retry || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      continue;
    }
    if (last === undefined) throw new Error(`transaction on ${ref.toString()} never ran`);
    if ('failed' in last) throw last.failed;
    if ('refused' in last) throw last.refused;
    return last.ok;
  }
}

/** Plain JSON for a write: drops `undefined` fields, which the SDK refuses. */
export function toDatabase<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
