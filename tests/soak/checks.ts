// The soak's invariants, read from the database (and, for mail, the inbox) alone:
// - the booking invariants of core (no class over capacity, no spot held twice, the ledger
//   explains every balance, no credit used twice or lost; at rest also the views and outboxes);
// - every waiting list in FIFO order, and promotions only before the member's cut-off;
// - every paid checkout and paid invoice granted exactly once, every refund and lost dispute taken
//   back once, a coupon never used beyond its limits;
// - one mail per causing event (one Message-ID per outbox entry; a second delivery of the same
//   Message-ID only where the sending invocation died after the server accepted it);
// - one push per event and device (never twice, even when the sender died after the push service
//   accepted it), and every entry marked `sent` received;
// - the admins' directory row equal to the profile it copies.
// Each returns the violations it found, as lines a person can read.
import { isDeepStrictEqual } from 'node:util';
import {
  addDays,
  bookingInvariantViolations,
  directoryEntryOf,
  formatDate,
  insightsDaySchema,
  insightsLiabilitySchema,
  insightsMonthSchema,
  paths,
  rosterSchema,
  settingsFromStored,
  type DateString,
  type Roster,
} from '@studio/core';
import { bruteForce, datesOf } from '../../functions/test/insights/brute-force.ts';
import type { ReceivedMessage } from '@studio/push-service';
import { deviceIdOf } from '../../functions/src/handlers/push/devices.ts';
import type { InboxMessage } from '../../scripts/lib/mail-inbox.ts';
import type { Model } from './model.ts';
import { COUPON, PACKAGES } from './studio.ts';

type Raw = Record<string, unknown>;

function record(value: unknown): Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {};
}

/** The value at a `paths` location in a dump of the whole database. */
function at(root: unknown, path: string): unknown {
  return path.split('/').reduce<unknown>((node, key) => record(node)[key], root);
}

export function bookingViolations(root: unknown, nowMs: number, quiescent: boolean): string[] {
  return bookingInvariantViolations(root, { nowMs, quiescent }).map((line) => `booking: ${line}`);
}

/**
 * Nobody waits behind someone promoted after them (a member passed over left a `skipped` or
 * `past-cutoff` trace), and every promotion happened before the class's cut-off, or the member's
 * own earlier one.
 */
export function waitlistViolations(root: unknown): string[] {
  const data = record(root);
  const settings = settingsFromStored(data['Settings']);
  const users = record(data['Users']);
  const out: string[] = [];
  for (const [classId, raw] of Object.entries(record(data['ClassRoster']))) {
    const cls = record(record(data['Classes'])[classId]);
    const startsAt = typeof cls['startsAt'] === 'number' ? cls['startsAt'] : undefined;
    let roster: Roster;
    try {
      roster = rosterSchema.parse(raw);
    } catch {
      continue; // the booking invariants report a roster that does not parse
    }
    const promotedSeqs = Object.entries(roster.departed)
      .filter(([, entry]) => entry.status === 'promoted')
      .map(([uid, entry]) => ({ uid, seq: entry.seq, at: entry.at }));
    for (const [uid, waiting] of Object.entries(roster.waitlist)) {
      const passed = promotedSeqs.filter((p) => p.seq > waiting.seq && p.at >= waiting.joinedAt);
      for (const p of passed)
        out.push(
          `waitlist: ${classId}: ${p.uid} (seq ${p.seq}) promoted while ${uid} (seq ${waiting.seq}) still waits`,
        );
    }
    if (startsAt === undefined) continue;
    for (const p of promotedSeqs) {
      const own = record(users[p.uid])['PromotionCutoffHours'];
      const cutoff = Math.max(
        settings.waitlistCutoffMinutes * 60_000,
        typeof own === 'number' ? own * 3_600_000 : 0,
      );
      if (p.at > startsAt - cutoff)
        out.push(
          `waitlist: ${classId}: ${p.uid} promoted ${Math.round((startsAt - p.at) / 60_000)} min before start, past the cut-off`,
        );
    }
  }
  return out;
}

/** Ledger entries of `uid` of `type`, by their business id. */
function ledgerBySource(root: Raw, uid: string, type: string): Map<string, number[]> {
  const bySource = new Map<string, number[]>();
  for (const entry of Object.values(record(record(root['CreditLedger'])[uid]))) {
    const e = record(entry);
    if (e['type'] !== type || typeof e['sourceId'] !== 'string') continue;
    const list = bySource.get(e['sourceId']) ?? [];
    list.push(typeof e['delta'] === 'number' ? e['delta'] : 0);
    bySource.set(e['sourceId'], list);
  }
  return bySource;
}

/**
 * Each cash sale at the desk has one `Payments` record (`method: 'cash'`) and one grant of its
 * credits; a sale whose call failed granted at most once; a refund took
 * back what its record says.
 */
export function cashSaleViolations(root: unknown, model: Model): string[] {
  const data = record(root);
  const payments = record(data['Payments']);
  const out: string[] = [];
  for (const sale of model.cashSales) {
    const payment = record(payments[sale.paymentId]);
    const grants = ledgerBySource(data, sale.uid, 'grant').get(sale.paymentId) ?? [];
    const credits = PACKAGES[sale.packageId].credits;
    if (!sale.completed && payment['status'] === undefined) {
      if (grants.length > 1)
        out.push(`desk: failed sale ${sale.paymentId} granted ${grants.length}×`);
      continue;
    }
    if (payment['method'] !== 'cash')
      out.push(`desk: cash sale ${sale.paymentId} has no cash Payments record`);
    if (grants.length !== 1 || grants[0] !== credits)
      out.push(
        `desk: ${sale.paymentId} granted ${JSON.stringify(grants)}, expected one grant of ${credits}`,
      );
    const revoked = -(ledgerBySource(data, sale.uid, 'revoke').get(sale.paymentId) ?? []).reduce(
      (a, b) => a + b,
      0,
    );
    const recorded = typeof payment['creditsRevoked'] === 'number' ? payment['creditsRevoked'] : 0;
    if (revoked !== recorded)
      out.push(
        `desk: ${sale.paymentId} revoked ${revoked} in the ledger, ${recorded} on the record`,
      );
    if (sale.refunded === true && payment['status'] !== 'refunded')
      out.push(`desk: refunded ${sale.paymentId} is ${String(payment['status'])}`);
  }
  return out;
}

/**
 * At rest, with every webhook delivered: each paid package checkout has one `Payments` record and
 * one grant of its credits; each abandoned one granted nothing; what refunds and lost disputes
 * took back equals what the record says, once; the coupon stayed within its limits.
 */
export function paymentViolations(root: unknown, model: Model): string[] {
  const data = record(root);
  const payments = record(data['Payments']);
  const out: string[] = [];
  for (const purchase of model.purchases) {
    if (purchase.packageId === 'subscription') continue;
    const pack = PACKAGES[purchase.packageId];
    const payment = record(payments[purchase.sessionId]);
    const grants = ledgerBySource(data, purchase.uid, 'grant').get(purchase.sessionId) ?? [];
    if (!purchase.completed) {
      if (grants.length > 0)
        out.push(`payments: abandoned ${purchase.sessionId} granted ${grants.length}×`);
      continue;
    }
    if (payment['status'] === undefined) {
      out.push(`payments: paid ${purchase.sessionId} has no Payments record`);
      continue;
    }
    if (grants.length !== 1 || grants[0] !== pack.credits)
      out.push(
        `payments: ${purchase.sessionId} granted ${JSON.stringify(grants)}, expected one grant of ${pack.credits}`,
      );
    const revoked = -(
      ledgerBySource(data, purchase.uid, 'revoke').get(purchase.sessionId) ?? []
    ).reduce((a, b) => a + b, 0);
    const recorded = typeof payment['creditsRevoked'] === 'number' ? payment['creditsRevoked'] : 0;
    if (purchase.refunded !== undefined && revoked !== recorded)
      out.push(
        `payments: ${purchase.sessionId} revoked ${revoked} in the ledger, ${recorded} on the record`,
      );
    if (purchase.refunded !== undefined && payment['amountRefunded'] !== purchase.refunded)
      out.push(
        `payments: ${purchase.sessionId} refunded ${String(payment['amountRefunded'])}, the bank refunded ${purchase.refunded}`,
      );
  }
  const uses = record(record(data['CodeCloudStore'])[COUPON.code]);
  let total = 0;
  for (const [uid, list] of Object.entries(uses)) {
    const count =
      Object.keys(record(list)).length +
      (Array.isArray(list) ? list.filter((x) => x !== null).length : 0);
    total += count;
    if (count > COUPON.maxPerMember)
      out.push(`coupon: ${uid} used ${COUPON.code} ${count}× (limit ${COUPON.maxPerMember})`);
  }
  if (total > COUPON.maxRedemptions)
    out.push(`coupon: ${COUPON.code} used ${total}× (limit ${COUPON.maxRedemptions})`);
  return out;
}

/** The mail outbox entries a dying invocation's write was cut at (`OpRunner.cutWrites`). */
export function cutOutboxIds(cutWrites: Iterable<string>): Set<string> {
  const prefix = `${paths.mailOutbox()}/`;
  const ids = new Set<string>();
  for (const path of cutWrites) {
    if (path.startsWith(prefix)) ids.add(path.slice(prefix.length).split('/')[0] ?? '');
  }
  return ids;
}

/**
 * One mail per outbox entry: each Message-ID delivered once, or more than once only when an
 * invocation sending it died at a write of its entry (`died`: after the SMTP server accepted the
 * mail, before `sent` was recorded); and every entry marked
 * `sent` is in the inbox.
 */
export function mailViolations(
  messages: readonly InboxMessage[],
  sentIds: ReadonlySet<string>,
  died: ReadonlySet<string>,
): string[] {
  const byMessageId = new Map<string, number>();
  for (const message of messages) {
    const id = message.headers['message-id'] ?? '';
    byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const [messageId, count] of byMessageId) {
    if (count === 1) continue;
    const outboxId = /^<([^@]+)@/.exec(messageId)?.[1] ?? messageId;
    if (!died.has(outboxId)) out.push(`mail: ${messageId} delivered ${count}×`);
  }
  for (const id of sentIds) {
    const found = [...byMessageId.keys()].some((messageId) => messageId.startsWith(`<${id}@`));
    if (!found) out.push(`mail: outbox entry ${id} is marked sent but no such mail arrived`);
  }
  return out;
}

/**
 * One push per outbox entry (`{event}-{device}`): the stand-in accepted each at most once, and
 * each entry marked `sent` is among what it accepted. `sentIds` are collected as the run goes (the
 * sweep removes old entries).
 */
export function pushViolations(
  messages: readonly ReceivedMessage[],
  sentIds: ReadonlySet<string>,
): string[] {
  const accepted = new Map<string, number>();
  for (const message of messages) {
    if (message.status !== 201 || message.payload === undefined) continue;
    const event = (JSON.parse(message.payload) as { id?: unknown }).id;
    const id = `${String(event)}-${deviceIdOf(message.endpoint)}`;
    accepted.set(id, (accepted.get(id) ?? 0) + 1);
  }
  const out: string[] = [];
  for (const [id, count] of accepted) if (count > 1) out.push(`push: ${id} accepted ${count}×`);
  for (const id of sentIds)
    if (!accepted.has(id)) out.push(`push: outbox entry ${id} is marked sent but never arrived`);
  return out;
}

/** Push outbox entries marked `sent` now. */
export function sentPushIds(root: unknown): string[] {
  return Object.entries(record(record(root)[paths.pushOutbox()]))
    .filter(([, entry]) => record(entry)['status'] === 'sent')
    .map(([id]) => id);
}

/** Each `UserDirectory` row shows what its profile says now. */
export function directoryViolations(root: unknown): string[] {
  const data = record(root);
  const directory = record(data['UserDirectory']);
  const out: string[] = [];
  for (const [uid, user] of Object.entries(record(data['Users']))) {
    const row = record(directory[uid]);
    const expected = directoryEntryOf(user);
    for (const [field, value] of Object.entries(expected)) {
      if (JSON.stringify(row[field]) !== JSON.stringify(value))
        out.push(
          `directory: ${uid}.${field} is ${JSON.stringify(row[field])}, the profile says ${JSON.stringify(value)}`,
        );
    }
  }
  return out;
}

/** Outbox entries marked `sent` now (the sweep removes old ones, so callers collect as they go). */
export function sentOutboxIds(root: unknown): string[] {
  return Object.entries(record(record(root)[paths.mailOutbox()]))
    .filter(([, entry]) => record(entry)['status'] === 'sent')
    .map(([id]) => id);
}

/**
 * Every insights figure the rollup wrote for the days from `from` to yesterday, and the credit
 * liability as of `nowMs`, equal to a brute-force count over the same records.
 */
export function insightsViolations(root: unknown, from: DateString, nowMs: number): string[] {
  const data = record(root);
  const wallets: Record<string, Record<string, Raw>> = {};
  const homes: Record<string, string> = {};
  for (const [uid, user] of Object.entries(record(data['Users']))) {
    wallets[uid] = record(record(user)['credits-list']) as Record<string, Raw>;
    const home = record(user)['homeBranch'];
    if (typeof home === 'string') homes[uid] = home;
  }
  const records = {
    classes: record(data['Classes']) as Record<string, Raw>,
    rosters: record(data['ClassRoster']) as Record<string, Raw>,
    userClasses: record(data['UserClasses']) as Record<string, Record<string, Raw>>,
    payments: record(data['Payments']) as Record<string, Raw>,
    grants: record(data['SubscriptionGrants']) as Record<string, Record<string, Raw>>,
    memberships: record(data['Memberships']) as Record<string, Raw>,
    wallets,
    homes,
  };
  const today = formatDate(nowMs);
  const dates = datesOf(from, addDays(today, -1));
  const expected = bruteForce(records, dates, nowMs);
  const days = record(at(root, paths.insightsDays()));
  const months = record(at(root, paths.insightsMonths()));
  const out: string[] = [];
  for (const day of expected.days) {
    const stored = insightsDaySchema.safeParse(days[day.date]);
    if (!stored.success || !isDeepStrictEqual(stored.data, day))
      out.push(
        `insights: ${day.date} differs from the recount: ${JSON.stringify(days[day.date])} ≠ ${JSON.stringify(day)}`,
      );
  }
  for (const month of expected.months) {
    const stored = insightsMonthSchema.safeParse(months[month.month]);
    const same =
      stored.success &&
      isDeepStrictEqual(stored.data.cells, month.cells) &&
      isDeepStrictEqual(stored.data.members, month.members) &&
      isDeepStrictEqual(stored.data.subscriptions, month.subscriptions) &&
      isDeepStrictEqual(stored.data.plans, month.plans);
    if (!same) out.push(`insights: month ${month.month} differs from the recount`);
  }
  const liability = insightsLiabilitySchema.safeParse(at(root, paths.insightsLiability(today)));
  if (
    !liability.success ||
    !isDeepStrictEqual(liability.data, { asOf: nowMs, byKind: expected.liability })
  )
    out.push(`insights: liability of ${today} differs from the recount`);
  return out;
}
