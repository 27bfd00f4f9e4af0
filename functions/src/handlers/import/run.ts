// An import run's record and what every step of it reads: the run, the studio's settings, the
// parse options. The steps are `startImport`, `importRows` (any number of batches, any order of
// files the admin chose), and `finishImport` (docs/architecture/import.md).
import { DomainError, compareDatabaseKeys, formatDate, parseStored, paths } from '@studio/core';
import {
  SOURCE_NAMES,
  importRunSchema,
  type ImportedMember,
  type ImportRun,
  type ImportSource,
  type ParseOptions,
  type RowOutcome,
  type StoredRowProblem,
} from '@studio/core/import';
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import type { CountryCode } from 'libphonenumber-js/min';
import { readSettings, type HandlerDeps } from '../../engine';

/**
 * The handlers' database, Auth and clock, and a Stripe client where the import runs with one
 * (the callables, the command line against a stack): a membership whose member has a mapped
 * card is billed through a Stripe subscription only then.
 */
export type ImportDeps = HandlerDeps & { stripe?: Stripe | undefined };

export interface RunContext {
  runId: string;
  run: ImportRun;
  source: ImportSource;
  sourceName: string;
  dryRun: boolean;
  by: string;
  nowMs: number;
  timeZone: string;
  validityDays: number;
  options: ParseOptions;
}

/** What happened to one row; `uid` when the row touched a member's visit history. */
export interface RowResult {
  line: number;
  id?: string;
  outcome: RowOutcome;
  problems?: StoredRowProblem[];
  detail?: string;
  historyOf?: string;
  /** The member's account a members row makes or links (a dry run remembers it). */
  account?: string;
}

export async function readRun(deps: ImportDeps, runId: string): Promise<ImportRun> {
  const snapshot = await deps.db.ref(paths.importRun(runId)).get();
  if (!snapshot.exists()) throw new DomainError('not-found', 'importRunNotFound', { runId });
  return parseStored(importRunSchema, snapshot.val(), paths.importRun(runId));
}

export async function runContext(deps: ImportDeps, runId: string, by: string): Promise<RunContext> {
  const [run, settings] = await Promise.all([readRun(deps, runId), readSettings(deps.db)]);
  if (run.status !== 'running')
    throw new DomainError('failed-precondition', 'importRunClosed', { runId });
  const nowMs = deps.now();
  return {
    runId,
    run,
    source: run.source,
    sourceName: SOURCE_NAMES[run.source],
    dryRun: run.dryRun,
    by,
    nowMs,
    timeZone: settings.timeZone,
    validityDays: settings.creditValidityDays,
    options: {
      dateOrder: run.dateOrder,
      country: run.country as CountryCode,
      today: formatDate(nowMs, settings.timeZone),
    },
  };
}

/**
 * The accounts a run's clients have, as this process learnt them (a marker read or written, a
 * dry run's planned account written): a marker's account never changes, so a later batch of the
 * same run reads only the clients it has not seen. Per run, so a new run reads afresh; the last
 * few runs only.
 */
const RUN_ACCOUNTS = new Map<string, Map<string, ClientAccount>>();
const KEPT_RUNS = 4;

/**
 * A client's account in a run; `planned` when it is one a dry run's members file would make, so
 * nothing of it (pack, plan, visit: each needs the marker) exists yet.
 */
export interface ClientAccount {
  uid: string;
  planned: boolean;
  /** Stripe's mapping for the client (the cards file), and the subscriptions the import made. */
  card?: ImportedMember['card'];
  subscriptions?: ImportedMember['subscriptions'];
}

export function runAccounts(runId: string): Map<string, ClientAccount> {
  let accounts = RUN_ACCOUNTS.get(runId);
  if (accounts === undefined) {
    accounts = new Map();
    RUN_ACCOUNTS.set(runId, accounts);
    for (const old of RUN_ACCOUNTS.keys()) {
      if (RUN_ACCOUNTS.size <= KEPT_RUNS) break;
      RUN_ACCOUNTS.delete(old);
    }
  }
  return accounts;
}

/** How many reads or transactions a step keeps in the air at once. */
export const IN_FLIGHT = 64;

/** Runs `work` over `items`, at most `limit` at a time, keeping the results in order. */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * The children `keys` of `parent` that exist, by one key-range query for them all rather than a
 * read each: a file's ids mostly come in order, so the range between the first and the last
 * holds about these. When the answer is cut at its limit (the range holds many others), the keys
 * after its last one are read one by one.
 */
export async function readChildren(
  db: Database,
  parent: string,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  const sorted = [...new Set(keys)].sort(compareDatabaseKeys);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return found;
  const wanted = new Set(sorted);
  const limit = sorted.length * 2 + 8;
  const page = await db
    .ref(parent)
    .orderByKey()
    .startAt(first)
    .endAt(last)
    .limitToFirst(limit)
    .get();
  let answered = 0;
  let lastAnswered = first;
  page.forEach((child) => {
    answered += 1;
    if (child.key === null) return;
    lastAnswered = child.key;
    if (wanted.has(child.key)) found.set(child.key, child.val());
  });
  if (answered < limit) return found;
  const rest = sorted.filter((key) => compareDatabaseKeys(key, lastAnswered) > 0);
  await mapPool(rest, IN_FLIGHT, async (key) => {
    const value: unknown = (await db.ref(`${parent}/${key}`).get()).val();
    if (value !== null) found.set(key, value);
  });
  return found;
}

/** A client's account as their marker says it (its card and subscriptions with it). */
export function accountOf(marker: ImportedMember): ClientAccount {
  const account: ClientAccount = { uid: marker.uid, planned: false };
  if (marker.card !== undefined) account.card = marker.card;
  if (marker.subscriptions !== undefined) account.subscriptions = marker.subscriptions;
  return account;
}
