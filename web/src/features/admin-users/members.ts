// What the all-users screen shows, computed from the raw nodes it watches. Pure, so the
// directory's rows, the credit summary and the ledger order are unit-tested without a database.
import {
  adjustCreditsInput,
  CREDIT_KINDS,
  creditsListSchema,
  money,
  isRecord,
  ledgerEntrySchema,
  paymentSchema,
  userClassSchema,
  userDirectoryEntrySchema,
} from '@studio/core';
import type {
  AdjustCreditsInput,
  CreditKind,
  Lang,
  LedgerEntry,
  Payment,
  PlanStatus,
  Role,
  UserClass,
} from '@studio/core';

export interface MemberRow {
  uid: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  /** Usable regular credits (0 when missing). */
  credits: number;
  /** The plan's status; absent when the member never had one. */
  plan?: PlanStatus;
  /** The directory's sort key: rows keep the database's order by name. */
  nameKey: string;
}

/**
 * Each field of an entry on its own: an entry the credits mirror wrote before the backfill, or
 * one with a field the schema refuses, is still listed with what it has.
 */
const lenientEntry = userDirectoryEntrySchema.extend({
  name: userDirectoryEntrySchema.shape.name.catch(''),
  email: userDirectoryEntrySchema.shape.email.catch(''),
  phone: userDirectoryEntrySchema.shape.phone.catch(''),
  role: userDirectoryEntrySchema.shape.role.catch('member'),
  credits: userDirectoryEntrySchema.shape.credits.catch(0),
  plan: userDirectoryEntrySchema.shape.plan.catch(undefined),
  createdAt: userDirectoryEntrySchema.shape.createdAt.catch(undefined),
  nameKey: userDirectoryEntrySchema.shape.nameKey.catch(''),
  emailKey: userDirectoryEntrySchema.shape.emailKey.catch(''),
  phoneKey: userDirectoryEntrySchema.shape.phoneKey.catch(''),
});

/** One `UserDirectory/{uid}` value as a row; undefined when it is not a record. */
export function directoryRow(uid: string, value: unknown): MemberRow | undefined {
  if (!isRecord(value)) return undefined;
  const entry = lenientEntry.parse(value);
  const row: MemberRow = {
    uid,
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    role: entry.role,
    credits: entry.credits,
    nameKey: entry.nameKey,
  };
  if (entry.plan !== undefined) row.plan = entry.plan;
  return row;
}

/** Directory entries (one page, or the merged answers of a search) as rows, in name order. */
export function directoryRows(entries: unknown): MemberRow[] {
  if (!isRecord(entries)) return [];
  return Object.entries(entries)
    .flatMap(([uid, value]) => directoryRow(uid, value) ?? [])
    .sort((a, b) =>
      a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.uid < b.uid ? -1 : 1,
    );
}

export interface KindSummary {
  kind: CreditKind;
  /** Usable now: not expired, not held by a booking in flight. */
  usable: number;
  held: number;
  /** The soonest expiry among the usable ones. */
  nextExpiry?: number;
}

/** A member's `credits-list` by kind, as of `nowMs`; kinds with nothing are left out. */
export function creditsByKind(creditsList: unknown, nowMs: number): KindSummary[] {
  const parsed = creditsListSchema.safeParse(creditsList ?? {});
  if (!parsed.success) return [];
  return CREDIT_KINDS.flatMap((kind): KindSummary[] => {
    const live = Object.values(parsed.data).filter(
      (credit) => credit.kind === kind && credit.expiresAt > nowMs,
    );
    const usable = live.filter((credit) => credit.hold === undefined);
    if (live.length === 0) return [];
    const summary: KindSummary = { kind, usable: usable.length, held: live.length - usable.length };
    const soonest = Math.min(...usable.map((credit) => credit.expiresAt));
    if (Number.isFinite(soonest)) summary.nextExpiry = soonest;
    return [summary];
  });
}

function validEntries<T>(value: unknown, parse: (entry: unknown) => T | undefined): [string, T][] {
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([id, entry]): [string, T][] => {
    const parsed = parse(entry);
    return parsed === undefined ? [] : [[id, parsed]];
  });
}

/** `CreditLedger/{uid}`, newest first. */
export function ledgerEntries(value: unknown): [string, LedgerEntry][] {
  return validEntries(value, (entry) => ledgerEntrySchema.safeParse(entry).data).sort(
    ([, a], [, b]) => b.at - a.at,
  );
}

/** `UserClasses/{uid}`, newest class first. */
export function bookings(value: unknown): UserClass[] {
  return validEntries(value, (entry) => userClassSchema.safeParse(entry).data)
    .map(([, entry]) => entry)
    .sort((a, b) => b.startsAt - a.startsAt);
}

/** The member's `Payments` (already queried by uid), newest first. */
export function memberPayments(value: unknown): [string, Payment][] {
  return validEntries(value, (entry) => paymentSchema.safeParse(entry).data).sort(
    ([, a], [, b]) => b.createdAt - a.createdAt,
  );
}

/** Cents to money ('$1,250', '$58.50'), as everywhere in the app. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  return money(cents, currency, lang);
}

/** `LastSeen` ('yyyy-MM-dd HH:mm:ss', studio time) as its day and minute; undefined if unreadable. */
export function lastSeenParts(
  value: string | undefined,
): { date: string; hour: string } | undefined {
  const match = value === undefined ? null : /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return match?.[1] && match[2] ? { date: match[1], hour: match[2] } : undefined;
}

/**
 * The adjust-credits form as the callable's input, checked by the callable's own schema (core),
 * so what passes here passes there; else which fields to point at.
 */
export function adjustRequest(
  uid: string,
  kind: CreditKind,
  delta: string,
  reason: string,
): { ok: true; value: AdjustCreditsInput } | { ok: false; delta: boolean; reason: boolean } {
  const parsed = adjustCreditsInput.safeParse({
    uid,
    kind,
    delta: delta.trim() === '' ? undefined : Number(delta),
    reason,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return { ok: false, delta: fields.has('delta'), reason: fields.has('reason') };
}
