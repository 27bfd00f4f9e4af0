// What the all-users screen shows, computed from the raw nodes it watches. Pure, so the search,
// the credit summary and the ledger order are unit-tested without a database.
import {
  CREDIT_KINDS,
  creditsListSchema,
  isRecord,
  ledgerEntrySchema,
  paymentSchema,
  roleFromAdminFlag,
  userClassSchema,
} from '@studio/core';
import type { CreditKind, LedgerEntry, Payment, Role, UserClass } from '@studio/core';
import { parseUserDirectory } from '../../lib/user-directory';

export interface MemberRow {
  uid: string;
  name: string;
  email: string;
  phone: string;
  role: Role;
  /** `Users/{uid}/Credits`: usable regular credits (0 when missing). */
  credits: number;
}

/** Every `Users/{uid}` record as a row, sorted by name (nameless ones last), then e-mail. */
export function memberRows(users: unknown): MemberRow[] {
  const rows = Object.entries(parseUserDirectory(users)).map(([uid, user]): MemberRow => ({
    uid,
    name: (user.Name ?? '').trim(),
    email: user.Email ?? '',
    phone: user.Phone ?? '',
    role: roleFromAdminFlag(user.Admin),
    credits: user.Credits ?? 0,
  }));
  return rows.sort((a, b) => {
    if ((a.name === '') !== (b.name === '')) return a.name === '' ? 1 : -1;
    return a.name.localeCompare(b.name) || a.email.localeCompare(b.email);
  });
}

/** Lower case without accents, so 'jose' finds 'José'. */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Rows whose name, e-mail or phone contain every word of `query` (accents and case ignored;
 * a phone matches on its digits, so '81 1234' finds '+52 (81) 1234-5678'). Empty: all rows.
 */
export function searchMembers(rows: readonly MemberRow[], query: string): MemberRow[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = fold(`${row.name} ${row.email} ${row.phone} ${row.uid}`);
    const phone = digits(row.phone);
    return words.every((word) => {
      if (haystack.includes(word)) return true;
      const wanted = digits(word);
      return wanted.length > 0 && wanted.length === word.length && phone.includes(wanted);
    });
  });
}

/** `Reports/{uid}` entries joined with what `Users` knows of each account. */
export function reportedAccounts(
  reports: unknown,
  rows: readonly MemberRow[],
): { uid: string; email: string; phone: string }[] {
  if (!isRecord(reports)) return [];
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  return Object.keys(reports)
    .map((uid) => ({ uid, email: byUid.get(uid)?.email ?? '', phone: byUid.get(uid)?.phone ?? '' }))
    .sort((a, b) => a.email.localeCompare(b.email) || a.uid.localeCompare(b.uid));
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

/** Cents to money ('$1,250.00'). */
export function formatMoney(cents: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
}
