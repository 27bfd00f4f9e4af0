/**
 * A chain's branch instances as the app sees them (docs/scaling.md#a-chain-of-studios): a branch
 * that names `databaseInstance` keeps its classes, rosters, class views and class notices there.
 * A read of such a node (core's `isBranchPath`) goes to the default instance and to every branch
 * instance, and the answers are put side by side: a class lives in one instance, a member's class
 * views in each instance where they booked. A studio whose branches name no instance reads one,
 * as before. The list comes from `Branches` (public), once per visit, in the same read as the
 * schedule's catalogue when both are asked for together; the default instance is read beside
 * that read, never after it.
 */
import type { Branch } from '@studio/core';
import {
  branchInstances,
  branchSchema,
  instanceUrl,
  isBranchPath,
  isRecord,
  paths,
} from '@studio/core';
import { firebaseSetup } from './firebase-setup';
import { readOverRest } from './rest-read';
import type { Unsubscribe } from './unsubscribe';

let known: Promise<string[]> | undefined;
let branchesInFlight: Promise<unknown> | undefined;

function defaultUrl(): string {
  return firebaseSetup().options.databaseURL ?? '';
}

/**
 * `Branches` over REST (anyone may read it); fails when the read could not be made. A read asked
 * for while another is under way shares it: the schedule's catalogue and the list of instances,
 * both asked for as the page opens, make one read, not two.
 */
export function readBranches(): Promise<unknown> {
  if (!branchesInFlight) {
    const reading = readOverRest(paths.branches(), {}, 'anyone', new AbortController().signal).then(
      (answer) => {
        if (!answer) throw new Error('Branches could not be read');
        return answer.value;
      },
    );
    branchesInFlight = reading;
    const done = () => {
      if (branchesInFlight === reading) branchesInFlight = undefined;
    };
    reading.then(done, done);
  }
  return branchesInFlight;
}

async function readBranchInstanceUrls(): Promise<string[]> {
  const value = await readBranches();
  const branches: Record<string, Branch> = {};
  for (const [id, entry] of Object.entries(isRecord(value) ? value : {})) {
    const parsed = branchSchema.safeParse(entry);
    if (parsed.success) branches[id] = parsed.data;
  }
  const main = defaultUrl();
  return [main, ...branchInstances(branches).map((name) => instanceUrl(main, name))];
}

/**
 * The database URLs of every instance that holds classes, the default one first. When `Branches`
 * cannot be read (offline) the default instance alone, and the list is asked again next time.
 */
export function classInstanceUrls(): Promise<string[]> {
  if (!known) {
    const loading = readBranchInstanceUrls();
    known = loading;
    loading.catch(() => {
      if (known === loading) known = undefined;
    });
  }
  return known.catch(() => [defaultUrl()]);
}

/** The instances a read of `path` goes to: undefined stands for the default one alone. */
export async function instancesOfPath(path: string): Promise<(string | undefined)[]> {
  if (!isBranchPath(path)) return [undefined];
  const urls = await classInstanceUrls();
  return urls.length <= 1 ? [undefined] : urls;
}

/**
 * One node read in several instances, side by side: the values present, objects merged key by
 * key (a class, a roster or a member's class view exists in one instance only), null when none.
 */
export function mergeInstanceValues(values: readonly unknown[]): unknown {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length <= 1) return present[0] ?? null;
  if (present.every(isRecord)) return Object.assign({}, ...present) as unknown;
  return present[0];
}

const PENDING = Symbol('pending');

export type InstanceSubscriber = (
  databaseUrl: string | undefined,
  next: (value: unknown) => void,
  failed: ((error: Error) => void) | undefined,
) => Unsubscribe;

/**
 * Watches `path` in each instance that may hold it (`subscribeIn` starts one instance's watch)
 * and passes on the merged value once every instance has answered, then on each change. The
 * default instance's watch starts at once, beside the read of `Branches`, so a studio with one
 * instance waits for no extra round trip. An instance that refuses the read (a coach's roster is
 * readable only where the class is) counts as empty; `onError` hears of it only when every
 * instance refused.
 */
export function watchAcrossInstances(
  path: string,
  subscribeIn: InstanceSubscriber,
  onChange: (value: unknown) => void,
  onError?: (error: Error) => void,
): Unsubscribe {
  if (!isBranchPath(path)) return subscribeIn(undefined, onChange, onError);
  let stopped = false;
  /** How many instances there are, once `Branches` has answered. */
  let count: number | undefined;
  const values: unknown[] = [PENDING];
  let refused = 0;
  let heldRefusal: Error | undefined;
  const emit = () => {
    if (count !== undefined && !values.includes(PENDING)) onChange(mergeInstanceValues(values));
  };
  const report = (error: Error) => (onError ?? console.error)(error);
  const subscribe = (url: string | undefined, index: number) =>
    subscribeIn(
      url,
      (value) => {
        values[index] = value;
        emit();
      },
      (error) => {
        values[index] = null;
        refused += 1;
        if (count === undefined) heldRefusal = error;
        else if (refused === count) report(error);
        else emit();
      },
    );
  const stops = [subscribe(undefined, 0)];
  void classInstanceUrls().then((urls) => {
    if (stopped) return;
    count = urls.length;
    const others = urls.slice(1);
    values.push(...others.map(() => PENDING));
    others.forEach((url, index) => stops.push(subscribe(url, index + 1)));
    if (heldRefusal && refused === count) report(heldRefusal);
    else emit();
  });
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

/**
 * One read of `path` in each instance that may hold it, merged; fails only if every read did.
 * The default instance's read starts at once, beside the read of `Branches`.
 */
export async function readAcrossInstances(
  path: string,
  readIn: (databaseUrl: string | undefined) => Promise<unknown>,
): Promise<unknown> {
  if (!isBranchPath(path)) return readIn(undefined);
  const first = readIn(undefined);
  // Settled below; meanwhile its failure is not an unhandled one.
  first.catch(() => undefined);
  const urls = await classInstanceUrls();
  if (urls.length === 1) return first;
  const answers = await Promise.allSettled([first, ...urls.slice(1).map(readIn)]);
  const values = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  if (values.length === 0) throw (answers[0] as PromiseRejectedResult).reason;
  return mergeInstanceValues(values);
}
