// How the soak runs one operation: through the real handler, on the real database or on one that
// stops the call at a write chosen at random (a function instance dying mid-call: what was
// committed stays, nothing after it is written; functions/test/support/crash-db.ts), sometimes
// answered to a client that lost the connection and sends the same request again. Every outcome
// is recorded and counted; a refusal is a normal answer, an error that is neither a refusal nor
// an injected crash is a finding.
import type { Database } from 'firebase-admin/database';
import { isDomainError } from '@studio/core';
import { SimulatedCrash, hookedDatabase } from '../../functions/test/support/crash-db.ts';
import type { History } from './history.ts';
import type { Random } from './random.ts';
import type { World } from './world.ts';

export const FAULT_KINDS = [
  'crash',
  'client-retry',
  'webhook-duplicate',
  'webhook-reordered',
  'webhook-5xx',
  'webhook-forged',
  'smtp-outage',
  'smtp-timeout',
  'push-refused',
  'push-timeout',
  'db-restart',
  'clock-jump',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How often each fault is injected (per operation, per delivery, per step). */
export interface FaultRates {
  /** An operation stops at one of its writes. */
  crash: number;
  /** The client loses the answer and sends the same request again. */
  clientRetry: number;
  /** A step restarts the database emulator. */
  dbRestart: number;
  /** A step starts or ends an SMTP outage. */
  smtpOutage: number;
  /** A step's mail meets a server that takes the connection and never answers. */
  smtpTimeout: number;
  /** A step has the push service answer the next few requests 410, 429 or 503. */
  pushRefused: number;
  /** A step's next push is taken by the push service, its answer too late for the sender. */
  pushTimeout: number;
  /** A step jumps hours ahead (across midnight, a month's end) instead of one step. */
  clockJump: number;
}

export const DEFAULT_FAULT_RATES: FaultRates = {
  crash: 0.06,
  clientRetry: 0.04,
  dbRestart: 0.004,
  smtpOutage: 0.01,
  smtpTimeout: 0.002,
  pushRefused: 0.01,
  pushTimeout: 0.002,
  clockJump: 0.01,
};

export type Outcome =
  { kind: 'ok'; value: unknown } | { kind: 'refused'; messageKey: string } | { kind: 'crashed' };

export class UnexpectedError extends Error {
  override readonly name = 'UnexpectedError';
}

export interface Tally {
  operations: Map<string, number>;
  outcomes: Map<string, number>;
  faults: Map<FaultKind, number>;
}

export function emptyTally(): Tally {
  return { operations: new Map(), outcomes: new Map(), faults: new Map() };
}

export function count<K>(map: Map<K, number>, key: K, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export interface OpRunner {
  /**
   * Runs `call` as operation `what` by `who`. `call` gets the database to use: the real one, or
   * one that stops at a write. `crashable: false` for calls that must not be cut (set-up).
   */
  perform(
    what: string,
    who: string,
    detail: string,
    call: (db: Database) => Promise<unknown>,
    options?: { crashable?: boolean; retryable?: boolean; random?: Random },
  ): Promise<Outcome>;
  /** Counts a fault injected elsewhere (webhooks, outages, restarts, clock jumps). */
  fault(kind: FaultKind, detail: string): void;
  /**
   * Every path a write of a dying invocation was cut at, whether or not the call let the crash
   * through: a sweep catches one entry's failure and goes on, but an entry whose `sent` mark was
   * cut after the SMTP server accepted its mail may be sent again.
   */
  readonly cutWrites: ReadonlySet<string>;
  readonly tally: Tally;
  step: number;
}

/**
 * A database on which the call dies at its `nth` write, before it is sent or once committed:
 * that write and every later one fail, as they would on an instance that is gone (a handler that
 * catches one failure and goes on writes nothing more).
 */
function stoppingAt(
  real: Database,
  nth: number,
  when: 'before' | 'after',
  cut: (path: string) => void,
): Database {
  let seen = 0;
  let dead = false;
  return hookedDatabase(real, (write) => {
    if (dead && write.when === 'before') {
      cut(write.path);
      throw new SimulatedCrash(`dead before ${write.path}`);
    }
    if (write.when !== when) return;
    seen += 1;
    if (seen >= nth) {
      dead = true;
      cut(write.path);
      throw new SimulatedCrash(`${when} ${write.kind} on ${write.path}`);
    }
  });
}

export function opRunner(
  world: World,
  random: Random,
  rates: FaultRates,
  history: History,
): OpRunner {
  const tally = emptyTally();
  const cutWrites = new Set<string>();
  const runner: OpRunner = {
    tally,
    cutWrites,
    step: 0,
    fault(kind, detail) {
      count(tally.faults, kind);
      history.record({
        at: world.clock.now(),
        step: runner.step,
        what: `fault:${kind}`,
        detail,
        outcome: 'injected',
      });
    },
    async perform(what, who, detail, call, options = {}) {
      count(tally.operations, what);
      // An actor added later draws its faults from its own stream, so the others' runs stay as
      // they were for a seed.
      const draw = options.random ?? random;
      const crash = (options.crashable ?? true) && draw.chance(rates.crash);
      let died = false;
      const db = crash
        ? stoppingAt(
            world.db,
            draw.between(1, 6),
            draw.chance(0.5) ? 'after' : 'before',
            (path) => {
              died = true;
              cutWrites.add(path);
            },
          )
        : world.db;
      // An error the call raised because a write of it died (an outbox write it caught, then
      // failed so the event is delivered again) is that crash, not a bug.
      let outcome = await classify(
        () => call(db),
        () => died,
      );
      let note = outcome.kind === 'refused' ? `refused:${outcome.messageKey}` : outcome.kind;
      // A crash the call caught (a sweep going on to the next entry) is still a crash.
      if (died) count(tally.faults, 'crash');
      if (died && outcome.kind !== 'crashed') note += ' (died inside)';
      // The answer is lost on the way back (or the call died): the app sends the same request.
      const retry =
        (options.retryable ?? true) &&
        (outcome.kind === 'crashed' || draw.chance(rates.clientRetry));
      if (retry) {
        if (outcome.kind !== 'crashed') count(tally.faults, 'client-retry');
        const again = await classify(() => call(world.db));
        note += ` → retried: ${again.kind === 'refused' ? `refused:${again.messageKey}` : again.kind}`;
        outcome = again;
      }
      count(
        tally.outcomes,
        `${what} ${outcome.kind === 'refused' ? outcome.messageKey : outcome.kind}`,
      );
      history.record({
        at: world.clock.now(),
        step: runner.step,
        what,
        who,
        detail,
        outcome: note,
      });
      return outcome;
    },
  };
  return runner;
}

async function classify(
  call: () => Promise<unknown>,
  diedInside: () => boolean = () => false,
): Promise<Outcome> {
  try {
    return { kind: 'ok', value: await call() };
  } catch (error) {
    if (error instanceof SimulatedCrash) return { kind: 'crashed' };
    if (diedInside() && !isDomainError(error)) return { kind: 'crashed' };
    if (isDomainError(error)) {
      if (error.code === 'internal')
        throw new UnexpectedError(`internal error: ${error.messageKey} ${error.message}`);
      return { kind: 'refused', messageKey: error.messageKey };
    }
    throw new UnexpectedError(
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
  }
}
