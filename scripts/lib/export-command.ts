// `npm run admin -- export <folder>`: the whole studio in the import's generic template, so
// another system (or this one, into an empty studio) can read it back: members.csv,
// balances.csv, memberships.csv and visits.csv (the import's files), and beside them plans.csv,
// payments.csv and ledger.csv for the record. Members are read 200 at a time, each file written
// as a stream (docs/architecture/import.md#export).
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Database } from 'firebase-admin/database';
import {
  csvLine,
  formatDate,
  packageSchema,
  paths,
  paymentSchema,
  ledgerEntrySchema,
  settingsFromStored,
  userClassSchema,
  userSchema,
  type UserClass,
} from '@studio/core';
import {
  balanceExportLines,
  exportHeader,
  exportMemberId,
  importedVisitSchema,
  memberExportLine,
  membershipExportLine,
  visitExportLines,
  type ImportedVisit,
} from '@studio/core/import';

export interface ExportDeps {
  db: Database;
  now: () => number;
}

interface OutFile {
  name: string;
  stream: WriteStream;
  rows: number;
}

async function put(file: OutFile, line: string, counts = true): Promise<void> {
  if (counts) file.rows += 1;
  if (!file.stream.write(line)) await once(file.stream, 'drain');
}

function parsedMap<T>(value: unknown, parse: (item: unknown) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, item] of Object.entries(value)) {
    const parsed = parse(item);
    if (parsed !== undefined) out[key] = parsed;
  }
  return out;
}

export async function runExportCommand(
  deps: ExportDeps,
  folder: string,
): Promise<{ name: string; rows: number }[]> {
  const { db } = deps;
  const now = deps.now();
  await mkdir(folder, { recursive: true });
  const open = (name: string): OutFile => ({
    name,
    stream: createWriteStream(join(folder, name)),
    rows: 0,
  });
  const members = open('members.csv');
  const balances = open('balances.csv');
  const visits = open('visits.csv');
  const memberships = open('memberships.csv');
  const ledger = open('ledger.csv');
  const payments = open('payments.csv');
  const plans = open('plans.csv');
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const tz = settings.timeZone;

  await put(members, exportHeader('members'), false);
  await put(balances, exportHeader('balances'), false);
  await put(visits, exportHeader('visits'), false);
  await put(memberships, exportHeader('memberships'), false);
  await put(
    ledger,
    csvLine(['member_id', 'entry_id', 'at', 'type', 'kind', 'delta', 'reason']),
    false,
  );
  await put(
    payments,
    csvLine([
      'payment_id',
      'member_id',
      'created',
      'kind',
      'status',
      'amount',
      'currency',
      'credits',
    ]),
    false,
  );
  await put(
    plans,
    csvLine([
      'package_id',
      'name',
      'kind',
      'credits',
      'price',
      'currency',
      'validity_days',
      'active',
    ]),
    false,
  );

  const memberIds = new Map<string, string>();
  let after: string | undefined;
  for (;;) {
    let query = db.ref(paths.users()).orderByKey().limitToFirst(200);
    if (after !== undefined) query = query.startAfter(after);
    const page = ((await query.get()).val() ?? {}) as Record<string, unknown>;
    const uids = Object.keys(page).sort();
    for (const uid of uids) {
      const user = userSchema.safeParse(page[uid]);
      if (!user.success || user.data.Email === undefined) continue;
      const memberId = exportMemberId(uid, user.data);
      memberIds.set(uid, memberId);
      const [classes, imported, entries] = await Promise.all([
        db.ref(paths.userClasses(uid)).get(),
        db.ref(paths.importedVisits(uid)).get(),
        db.ref(paths.creditLedger(uid)).get(),
      ]);
      await put(members, memberExportLine(uid, user.data, tz));
      for (const line of balanceExportLines(uid, user.data, now, tz)) await put(balances, line);
      const plan = membershipExportLine(uid, user.data, now, tz);
      if (plan !== undefined) await put(memberships, plan);
      const views = parsedMap<UserClass>(
        classes.val(),
        (item) => userClassSchema.safeParse(item).data,
      );
      const before = parsedMap<ImportedVisit>(
        imported.val(),
        (item) => importedVisitSchema.safeParse(item).data,
      );
      for (const line of visitExportLines(uid, user.data, views, before)) await put(visits, line);
      const lines = parsedMap(entries.val(), (item) => ledgerEntrySchema.safeParse(item).data);
      for (const [id, entry] of Object.entries(lines).sort(([, a], [, b]) => a.at - b.at)) {
        await put(
          ledger,
          csvLine(
            [
              memberId,
              id,
              new Date(entry.at).toISOString(),
              entry.type,
              entry.kind,
              entry.delta,
              entry.reason,
            ],
            [true, false, false, false, false, false, true],
          ),
        );
      }
    }
    if (uids.length < 200) break;
    after = uids[uids.length - 1];
  }

  let paymentAfter: string | undefined;
  for (;;) {
    let query = db.ref(paths.payments()).orderByKey().limitToFirst(500);
    if (paymentAfter !== undefined) query = query.startAfter(paymentAfter);
    const page = ((await query.get()).val() ?? {}) as Record<string, unknown>;
    const ids = Object.keys(page).sort();
    for (const id of ids) {
      const payment = paymentSchema.safeParse(page[id]);
      if (!payment.success) continue;
      const p = payment.data;
      await put(
        payments,
        csvLine(
          [
            id,
            memberIds.get(p.uid) ?? p.uid,
            formatDate(p.createdAt, tz),
            p.kind,
            p.status,
            p.amount,
            p.currency,
            p.credits?.count,
          ],
          [false, true],
        ),
      );
    }
    if (ids.length < 500) break;
    paymentAfter = ids[ids.length - 1];
  }

  const catalogue = parsedMap(
    (await db.ref(paths.packages()).get()).val(),
    (item) => packageSchema.safeParse(item).data,
  );
  for (const [id, pack] of Object.entries(catalogue)) {
    await put(
      plans,
      csvLine(
        [
          id,
          pack.name,
          pack.kind,
          pack.credits,
          pack.price,
          pack.currency,
          pack.validityDays,
          pack.active ? 'yes' : 'no',
        ],
        [false, true],
      ),
    );
  }

  const files = [members, balances, memberships, visits, plans, payments, ledger];
  for (const file of files) {
    file.stream.end();
    await once(file.stream, 'finish');
  }
  return files.map(({ name, rows }) => ({ name, rows }));
}
