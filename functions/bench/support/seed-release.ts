// The class-release benchmarks' studio (class-release.ts, class-release-mail.ts): one branch,
// coach and exercise, members with credits and a ledger entry that grants them, and classes of a
// given capacity starting tomorrow.
import type { Database } from 'firebase-admin/database';
import {
  DEFAULT_SETTINGS,
  classSchema,
  creditIdsFor,
  formatDate,
  formatHour,
  paths,
} from '@studio/core';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` member ids `prefix-0000`, `prefix-0001`, … */
/** The two branches of the chain benches, each in its own database instance (namespace). */
export const TWO_BRANCHES = [
  { id: 'centro', instance: 'demo-studio-centro' },
  { id: 'norte', instance: 'demo-studio-norte' },
] as const;

export const memberIds = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

/** Settings, the branch, exercise and coach the classes use; the studio's name when `studio`. */
export async function seedReleaseStudio(
  db: Database,
  options: { studio?: boolean } = {},
): Promise<void> {
  await db.ref().update({
    [paths.settings()]: DEFAULT_SETTINGS,
    ...(options.studio
      ? { [paths.studio()]: { name: 'Demo Studio', primaryColor: '#0f5e59' } }
      : {}),
    [paths.branch('centro')]: { name: 'Centro', active: true },
    [paths.exercise('cycling')]: { name: 'Cycling', creditKind: 'regular', active: true },
    [paths.coach('carlos')]: { name: 'Carlos', active: true },
  });
}

/** A class of `capacity` spots ("1" … capacity) at `branch` starting tomorrow, on the minute. */
export function releaseClass(capacity: number, branch = 'centro'): unknown {
  const startsAt = Math.floor((Date.now() + DAY_MS) / 60_000) * 60_000;
  const cls = classSchema.parse({
    name: 'Release ride',
    branch,
    date: formatDate(startsAt),
    hour: formatHour(startsAt),
    startsAt,
    duration: 45,
    exercise: 'cycling',
    coach: 'carlos',
    capacity,
  });
  return JSON.parse(JSON.stringify(cls)) as unknown;
}

/** Writes `releaseClass(capacity)` as `classId`. */
export async function seedReleaseClass(
  db: Database,
  classId: string,
  capacity: number,
): Promise<void> {
  await db.ref(paths.class(classId)).set(releaseClass(capacity));
}

/**
 * Members with `credits` regular credits each, valid 60 days, and the ledger entry granting them;
 * with an e-mail address when `email` gives one.
 */
export async function seedCreditMembers(
  db: Database,
  uids: readonly string[],
  options: { credits: number; email?: (uid: string) => string },
): Promise<void> {
  const now = Date.now();
  const updates: Record<string, unknown> = {};
  for (const uid of uids) {
    const ids = creditIdsFor(`bench-${uid}`, options.credits);
    const credit = {
      kind: 'regular',
      source: 'seed',
      grantedAt: now,
      expiresAt: now + 60 * DAY_MS,
    };
    updates[paths.user(uid)] = {
      Name: uid,
      ...(options.email ? { Email: options.email(uid) } : {}),
      Conditions: true,
      Admin: false,
      Credits: options.credits,
      'credits-list': Object.fromEntries(ids.map((id) => [id, credit])),
    };
    updates[paths.creditLedgerEntry(uid, 'bench-grant')] = {
      type: 'grant',
      kind: 'regular',
      delta: options.credits,
      creditIds: ids,
      reason: 'Benchmark credits',
      at: now,
      by: 'system',
    };
  }
  await db.ref().update(updates);
}
