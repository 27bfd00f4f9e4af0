// Credit movements caused by money: grants for purchases and subscription periods, revocations
// after refunds, and expiry. Same invariants as the booking engine (design §3, decision 018):
// one `credits-list` entry per credit, `Credits` = usable regular credits, one ledger entry per
// movement whose id derives from the business id, so replaying a movement writes nothing new.
import {
  creditEntrySchema,
  creditExpiry,
  creditIdsFor,
  expiredCreditIds,
  paths,
  t,
  usableRegularCount,
} from '@studio/core';
import type {
  CreditEntry,
  CreditKind,
  LedgerEntry,
  LedgerType,
  MessageKey,
  MessageParams,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';

/** Who moves credits here: webhooks and the scheduled job. */
const SYSTEM = 'system';

export interface GrantCommand {
  uid: string;
  kind: CreditKind;
  count: number;
  source: 'purchase' | 'subscription';
  /** Checkout session id or invoice id: what the credits and the ledger entry name. */
  sourceId: string;
  /** The grant's own key (the source id, or source id plus cart line): ids derive from it. */
  key: string;
  packageId?: string | undefined;
  validityDays: number;
  reasonKey: MessageKey;
  reasonParams?: MessageParams;
}

export interface RevokeCommand {
  uid: string;
  /** The purchase whose credits go: checkout session id or invoice id. */
  sourceId: string;
  /** The refund behind it: the ledger id derives from it. */
  refundKey: string;
  /** At most this many credits (a partial refund revokes a share). */
  maxCount: number;
}

// Transactions below return `current` unchanged instead of `undefined` when there is nothing to
// do: the first attempt may see a cached `null`, and `undefined` would abort before the server's
// value is seen, while writing back what was read is checked against it and retried.
type UserNode = Record<string, unknown> & { 'credits-list'?: Record<string, unknown> };

function asUserNode(value: unknown): UserNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ...(value as UserNode) }
    : {};
}

/** The stored credits that parse; anything else is left untouched and not counted. */
function parsedCredits(list: Record<string, unknown> | undefined): Record<string, CreditEntry> {
  const credits: Record<string, CreditEntry> = {};
  for (const [id, raw] of Object.entries(list ?? {})) {
    const parsed = creditEntrySchema.safeParse(raw);
    if (parsed.success) credits[id] = parsed.data;
  }
  return credits;
}

export function grantLedgerId(sourceId: string): string {
  return `grant-${sourceId}`;
}

export function revokeLedgerId(refundKey: string): string {
  return `revoke-${refundKey}`;
}

async function ledgerEntryExists(db: Database, uid: string, entryId: string): Promise<boolean> {
  return (await db.ref(paths.creditLedgerEntry(uid, entryId)).get()).exists();
}

function ledgerEntry(
  type: LedgerType,
  kind: CreditKind,
  delta: number,
  creditIds: string[],
  sourceId: string,
  at: number,
  reasonKey: MessageKey,
  reasonParams: MessageParams = {},
): LedgerEntry {
  return {
    type,
    kind,
    delta,
    creditIds,
    reason: t(reasonKey, 'en', reasonParams),
    reasonKey,
    reasonParams,
    sourceId,
    at,
    by: SYSTEM,
  };
}

/**
 * Adds the credits of one grant, exactly once. The ledger entry is the durable marker; the
 * credit ids are deterministic, so if a crash left the credits without their ledger entry, the
 * replay sees them and only writes the entry. Returns whether this call added the credits.
 */
export async function grantCredits(
  db: Database,
  command: GrantCommand,
  now: number,
): Promise<boolean> {
  const entryId = grantLedgerId(command.key);
  if (await ledgerEntryExists(db, command.uid, entryId)) return false;
  const ids = creditIdsFor(command.key, command.count);
  const expiresAt = creditExpiry(now, command.validityDays);
  let added = false;

  await db.ref(paths.user(command.uid)).transaction((current: unknown) => {
    const user = asUserNode(current);
    const list = { ...(user['credits-list'] ?? {}) };
    // Any id present means this grant was applied before (credits used since are gone from the
    // list, so presence of one is the test, not presence of all).
    if (ids.some((id) => list[id] !== undefined)) {
      added = false;
      return current;
    }
    for (const id of ids) {
      const credit: CreditEntry = {
        kind: command.kind,
        source: command.source,
        sourceId: command.sourceId,
        grantedAt: now,
        expiresAt,
      };
      if (command.packageId !== undefined) credit.packageId = command.packageId;
      list[id] = credit;
    }
    user['credits-list'] = list;
    user['Credits'] = usableRegularCount(parsedCredits(list), now);
    added = true;
    return user;
  });

  await db
    .ref(paths.creditLedgerEntry(command.uid, entryId))
    .set(
      ledgerEntry(
        'grant',
        command.kind,
        command.count,
        ids,
        command.sourceId,
        now,
        command.reasonKey,
        command.reasonParams,
      ),
    );
  return added;
}

/**
 * Removes the purchase's credits that are still unused (in the list and not held by a booking in
 * flight), at most `maxCount`, exactly once per refund. Returns how many were removed.
 */
export async function revokeUnusedCredits(
  db: Database,
  command: RevokeCommand,
  now: number,
): Promise<number> {
  const entryId = revokeLedgerId(command.refundKey);
  if (await ledgerEntryExists(db, command.uid, entryId)) return 0;
  let revoked: string[] = [];
  let kind: CreditKind = 'regular';

  await db.ref(paths.user(command.uid)).transaction((current: unknown) => {
    const user = asUserNode(current);
    const list = { ...(user['credits-list'] ?? {}) };
    const credits = parsedCredits(list);
    const unused = Object.entries(credits)
      .filter(([, credit]) => credit.sourceId === command.sourceId && credit.hold === undefined)
      .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
      .slice(0, Math.max(0, command.maxCount));
    revoked = unused.map(([id]) => id).sort();
    const first = unused[0];
    if (first) kind = first[1].kind;
    if (revoked.length === 0) return current;
    for (const id of revoked) delete list[id];
    user['credits-list'] = list;
    user['Credits'] = usableRegularCount(parsedCredits(list), now);
    return user;
  });

  await db
    .ref(paths.creditLedgerEntry(command.uid, entryId))
    .set(
      ledgerEntry('revoke', kind, -revoked.length, revoked, command.sourceId, now, 'ledgerRevoke'),
    );
  return revoked.length;
}

/**
 * Removes a member's expired credits (not held) with one `expire` ledger entry per credit, keyed
 * by the credit id, so a second run finds nothing to do. Returns how many expired.
 */
export async function expireCredits(db: Database, uid: string, now: number): Promise<number> {
  let expired: [string, CreditEntry][] = [];
  await db.ref(paths.user(uid)).transaction((current: unknown) => {
    const user = asUserNode(current);
    const list = { ...(user['credits-list'] ?? {}) };
    const credits = parsedCredits(list);
    const ids = expiredCreditIds(credits, now);
    expired = ids.flatMap((id) => {
      const credit = credits[id];
      return credit ? [[id, credit] as [string, CreditEntry]] : [];
    });
    if (ids.length === 0) return current;
    for (const id of ids) delete list[id];
    user['credits-list'] = list;
    user['Credits'] = usableRegularCount(parsedCredits(list), now);
    return user;
  });
  if (expired.length === 0) return 0;
  const updates: Record<string, LedgerEntry> = {};
  for (const [id, credit] of expired) {
    updates[paths.creditLedgerEntry(uid, `expire-${id}`)] = ledgerEntry(
      'expire',
      credit.kind,
      -1,
      [id],
      credit.sourceId ?? id,
      now,
      'ledgerExpire',
    );
  }
  await db.ref().update(updates);
  return expired.length;
}
