// A small studio for the booking tests: settings, a branch, coaches, an exercise, a seat
// layout, classes at chosen times, and members with credits whose grants are in the ledger (so
// "ledger sum = balance" holds from the start). Every record parses with its core schema.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from 'firebase-admin/database';
import {
  DEFAULT_SETTINGS,
  bookingInvariantViolations,
  classSchema,
  creditIdsFor,
  formatDate,
  formatHour,
  ledgerEntrySchema,
  paths,
  seatLayoutSchema,
} from '@studio/core';
import type { CreditEntry, CreditKind, RateLimitAction, StudioClass } from '@studio/core';
import { dump, newUid, startBackend } from '../support/backend';
import { rejectionOf } from '../support/callable';
import type { TestBackend } from '../support/backend';
import type { BookingDeps } from '../../src/engine/deps';
import {
  branchPlacement,
  classPlacement,
  layoutDatabase,
  misplacedNodes,
  testRush,
} from '../support/layouts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const BRANCH = 'centro';
export const EXERCISE = 'cycling';
export const COACH = 'carlos';
export const COACH_UID = 'coach-carlos';
export const OTHER_COACH = 'lucia';
export const OTHER_COACH_UID = 'coach-lucia';
export const LAYOUT = 'row';

/** A 1 × 4 room whose last spot is out of service: three bookable spots, A1 … A3. */
export const ROW_LAYOUT = seatLayoutSchema.parse({
  name: 'Row',
  rows: 1,
  cols: 4,
  spots: {
    A1: { id: 'A1', label: 'A1', row: 0, col: 0 },
    A2: { id: 'A2', label: 'A2', row: 0, col: 1 },
    A3: { id: 'A3', label: 'A3', row: 0, col: 2 },
    A4: { id: 'A4', label: 'A4', row: 0, col: 3, disabled: true },
  },
});

/** The studio's set-up, in the default instance (the branch names its own under two). */
export async function seedStudio(db: Database): Promise<void> {
  await db.ref().update({
    [paths.settings()]: DEFAULT_SETTINGS,
    [paths.branch(BRANCH)]: { name: 'Centro', active: true, ...branchPlacement() },
    [paths.exercise(EXERCISE)]: { name: 'Cycling', creditKind: 'regular', active: true },
    [paths.coach(COACH)]: { name: 'Carlos', uid: COACH_UID, active: true },
    [paths.coach(OTHER_COACH)]: { name: 'Lucía', uid: OTHER_COACH_UID, active: true },
    [paths.seatLayout(LAYOUT)]: ROW_LAYOUT,
  });
}

export interface ClassOptions {
  startsAt: number;
  capacity?: number;
  /** Without a layout the spots are "1" … capacity. */
  layout?: string | null;
  creditKind?: CreditKind;
  coach?: string;
  name?: string;
  /** `BRANCH` unless given; another branch must be seeded first (`seedBranch`). */
  branch?: string;
}

/** A second branch of the chain, in the same instance as `BRANCH`'s classes under either layout. */
export async function seedBranch(db: Database, branchId: string, name: string): Promise<void> {
  await db.ref(paths.branch(branchId)).set({ name, active: true, ...branchPlacement() });
}

/** A scheduled class starting at `startsAt`; returns its id. */
export async function seedClass(db: Database, options: ClassOptions): Promise<string> {
  const classId = newUid('class');
  const layout = options.layout === undefined ? LAYOUT : options.layout;
  const cls: StudioClass = classSchema.parse({
    name: options.name ?? 'Morning ride',
    branch: options.branch ?? BRANCH,
    date: formatDate(options.startsAt),
    hour: formatHour(options.startsAt),
    startsAt: options.startsAt,
    duration: 45,
    exercise: EXERCISE,
    coach: options.coach ?? COACH,
    ...(layout === null ? {} : { layout }),
    capacity: options.capacity ?? 3,
    creditKind: options.creditKind ?? 'regular',
  });
  await db.ref().update({
    [paths.class(classId)]: JSON.parse(JSON.stringify(cls)) as unknown,
    ...classPlacement(classId, options.branch ?? BRANCH),
  });
  return classId;
}

export interface MemberOptions {
  credits?: number;
  kind?: CreditKind;
  waiver?: boolean;
  expiresAt?: number;
  /** Time of the grant. */
  nowMs?: number;
  name?: string;
  uid?: string;
}

/** A member with `credits` credits of `kind`, granted in one ledger entry. */
export async function seedMember(db: Database, options: MemberOptions = {}): Promise<string> {
  const uid = options.uid ?? newUid('member');
  const nowMs = options.nowMs ?? Date.now();
  const count = options.credits ?? 2;
  const kind = options.kind ?? 'regular';
  const ids = count > 0 ? creditIdsFor(`seed-${uid}`, count) : [];
  const credit: CreditEntry = {
    kind,
    source: 'seed',
    grantedAt: nowMs,
    expiresAt: options.expiresAt ?? nowMs + 60 * DAY,
  };
  const updates: Record<string, unknown> = {
    [paths.user(uid)]: {
      Name: options.name ?? `Member ${uid.slice(-4)}`,
      Conditions: options.waiver ?? true,
      Admin: false,
      Credits: kind === 'regular' ? count : 0,
      ...(count > 0 ? { 'credits-list': Object.fromEntries(ids.map((id) => [id, credit])) } : {}),
    },
  };
  if (count > 0) {
    updates[paths.creditLedgerEntry(uid, 'seed-grant')] = ledgerEntrySchema.parse({
      type: 'grant',
      kind,
      delta: count,
      creditIds: ids,
      reason: 'Test credits',
      at: nowMs,
      by: 'system',
    });
  }
  await db.ref().update(updates);
  return uid;
}

export async function read(db: Database, path: string): Promise<unknown> {
  return (await db.ref(path).get()).val() as unknown;
}

/** The member's notifications, in any order. */
export async function notificationsOf(db: Database, uid: string): Promise<unknown[]> {
  const stored = await read(db, paths.notifications(uid));
  return typeof stored === 'object' && stored !== null
    ? Object.values(stored as Record<string, unknown>)
    : [];
}

/** Fails with the list of broken invariants, if any. */
export async function expectInvariants(
  db: Database,
  options: { nowMs?: number; quiescent?: boolean } = {},
): Promise<void> {
  const root = await read(db, '/');
  const violations = bookingInvariantViolations(root, {
    nowMs: options.nowMs ?? Date.now(),
    quiescent: options.quiescent ?? true,
  });
  expect(violations).toEqual([]);
}

/**
 * Runs `call` and expects it refused with `code` and the message `messageKey`, having written
 * nothing: the whole database is the same before and after. `counted` names the caller's abuse
 * counter a refusal may count (`bookClass` counts refused calls: `RateLimits/{uid}/book`); it
 * is left out of the comparison, everything else must match.
 */
export async function expectRefusedUnchanged(
  db: Database,
  call: () => Promise<unknown>,
  code: string,
  messageKey: string,
  counted?: { uid: string; action: RateLimitAction },
): Promise<void> {
  const before = withoutCounter(await dump(db), counted);
  const error = await rejectionOf(call());
  expect([error.code, (error.details as { messageKey: string }).messageKey]).toEqual([
    code,
    messageKey,
  ]);
  expect(withoutCounter(await dump(db), counted)).toEqual(before);
}

function withoutCounter(
  dumped: unknown,
  counted: { uid: string; action: RateLimitAction } | undefined,
): unknown {
  if (counted === undefined || typeof dumped !== 'object' || dumped === null) return dumped;
  const tree = structuredClone(dumped) as Record<string, Record<string, Record<string, unknown>>>;
  const mine = tree['RateLimits']?.[counted.uid];
  if (mine === undefined) return tree;
  delete mine[counted.action];
  if (Object.keys(mine).length === 0) delete tree['RateLimits']?.[counted.uid];
  if (Object.keys(tree['RateLimits'] ?? {}).length === 0) delete tree['RateLimits'];
  return tree;
}

export const member = (uid: string) => ({ uid, claims: { role: 'member' } });
export const admin = { uid: 'admin-1', claims: { role: 'admin' } };
export const coach = { uid: COACH_UID, claims: { role: 'coach' } };
export const otherCoach = { uid: OTHER_COACH_UID, claims: { role: 'coach' } };
/** The front desk. */
export const desk = { uid: 'desk-1', claims: { role: 'staff' } };

export interface StudioBackend extends Omit<TestBackend, 'stop'> {
  /**
   * The default instance, as the handlers are handed it (`db` is the test's view of the whole
   * studio, support/layouts.ts: never hand it to a handler).
   */
  main: Database;
  /** The booking handlers' dependencies, with the clock pinned at `nowMs`. */
  at(nowMs: number): BookingDeps;
  /** The booking handlers' dependencies with this clock (default: the real one). */
  deps(now?: () => number): BookingDeps;
}

/**
 * One fresh database emulator for the calling test file, with the studio seeded, stopped after
 * the file. Use at the top level of a test file; read `db`/`auth` inside tests and hooks.
 */
export function useStudioBackend(): StudioBackend {
  let backend: TestBackend | undefined;
  beforeAll(async () => {
    backend = await startBackend();
    await seedStudio(backend.db);
  });
  afterAll(async () => {
    // Two instances: every handler wrote each node where the layout keeps it.
    if (backend) expect(await misplacedNodes(backend.db)).toEqual([]);
    await backend?.stop();
  });
  const started = (): TestBackend => {
    if (!backend) throw new Error('useStudioBackend: read db/auth inside a test or hook');
    return backend;
  };
  return {
    get db() {
      return layoutDatabase(started().db);
    },
    get main() {
      return started().db;
    },
    get auth() {
      return started().auth;
    },
    at: (nowMs) => handlerDeps(started().db, () => nowMs),
    deps: (now = Date.now) => handlerDeps(started().db, now),
  };
}

/** What a handler is handed in these tests: the default instance, and the rush unless off. */
export function handlerDeps(main: Database, now: () => number): BookingDeps {
  const rush = testRush();
  return { db: main, now, ...(rush ? { rush } : {}) };
}
