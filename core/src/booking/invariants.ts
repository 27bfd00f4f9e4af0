/**
 * The booking invariants, checked on a dump of the whole database: what the
 * concurrency tests, the end-to-end suites and an operator's audit all assert. Pure: give it
 * the JSON of the root.
 *
 * Always (at any instant, crashes included):
 * - no spot held twice, spots taken = spots of the bookings, no class over capacity;
 * - nobody both booked and waiting; a cancelled class holds nobody;
 * - per member and kind, ledger (with the outbox) sums to the credits held;
 * - `Credits` = usable regular credits;
 * - no credit used twice: 'used' records name distinct credits, none of them still held;
 * - every confirmed booking has its credit record 'used'; every 'used' record backs a booking
 *   (or a cancel being settled); every settled cancel has its refund or forfeit.
 * At rest (`quiescent`, after the handlers finished or the reconciler ran), also: nothing pending
 * or unsettled, outboxes flushed, ledger entries for every record, and the views (UserClasses,
 * UserWaitlist, class counts, Attendance) equal to the rosters.
 */
import { ROOTS } from '../paths';
import { asRecord } from '../raw-data';
import { attendanceRecordSchema, classSchema, rosterSchema } from '../schemas/classes';
import type { Roster, StudioClass } from '../schemas/classes';
import { CREDIT_KINDS, rtdbMap } from '../schemas/common';
import { ledgerEntrySchema } from '../schemas/ledger';
import type { LedgerEntry } from '../schemas/ledger';
import { userClassSchema, userWaitlistEntrySchema } from '../schemas/classes';
import { heldCount, ledgerBalance, usableRegularCount } from './credits';
import { rosterKey, waitlistPositions } from './roster';
import { rosterCounts, showsBooking } from './views';
import { BOOKING_RECORD_RETENTION_MS, ledgerIds, readWallet } from './wallet';
import type { Wallet } from './wallet';

export interface InvariantOptions {
  nowMs: number;
  /** Everything finished (or reconciled): also check what only holds at rest. */
  quiescent: boolean;
}

const ledgerSchema = rtdbMap(ledgerEntrySchema);

interface Parsed {
  classes: Map<string, StudioClass>;
  rosters: Map<string, Roster>;
  wallets: Map<string, Wallet>;
  usersRaw: Record<string, unknown>;
  ledgers: Map<string, Record<string, LedgerEntry>>;
}

function parseAll(root: unknown, violations: string[]): Parsed {
  const data = asRecord(root);
  const parsed: Parsed = {
    classes: new Map(),
    rosters: new Map(),
    wallets: new Map(),
    usersRaw: asRecord(data[ROOTS.users]),
    ledgers: new Map(),
  };
  for (const [id, value] of Object.entries(asRecord(data[ROOTS.classes]))) {
    const result = classSchema.safeParse(value);
    if (result.success) parsed.classes.set(id, result.data);
    else violations.push(`Classes/${id}: does not parse`);
  }
  for (const [id, value] of Object.entries(asRecord(data[ROOTS.classRoster]))) {
    const result = rosterSchema.safeParse(value);
    if (result.success) parsed.rosters.set(id, result.data);
    else violations.push(`ClassRoster/${id}: does not parse`);
  }
  for (const [uid, value] of Object.entries(parsed.usersRaw)) {
    try {
      parsed.wallets.set(uid, readWallet(value, `Users/${uid}`));
    } catch {
      violations.push(`Users/${uid}: credits do not parse`);
    }
  }
  for (const [uid, value] of Object.entries(asRecord(data[ROOTS.creditLedger]))) {
    const result = ledgerSchema.safeParse(value);
    if (result.success) parsed.ledgers.set(uid, result.data);
    else violations.push(`CreditLedger/${uid}: does not parse`);
  }
  return parsed;
}

function checkRoster(classId: string, roster: Roster, cls: StudioClass | undefined, out: string[]) {
  const where = `ClassRoster/${classId}`;
  const bookings = Object.entries(roster.bookings);
  const bookedSpots = bookings.map(([, booking]) => booking.spot);
  if (new Set(bookedSpots).size !== bookedSpots.length)
    out.push(`${where}: a spot is held by two bookings`);
  const taken = Object.keys(roster.spots).sort();
  if (JSON.stringify(taken) !== JSON.stringify([...bookedSpots].sort()))
    out.push(`${where}: spots taken ${JSON.stringify(taken)} ≠ spots booked`);
  if (!cls) out.push(`${where}: no class`);
  else if (bookings.length > cls.capacity)
    out.push(`${where}: ${bookings.length} bookings over capacity ${cls.capacity}`);
  if (roster.capacity !== undefined && bookings.length > roster.capacity)
    out.push(`${where}: ${bookings.length} bookings over its capacity ${roster.capacity}`);
  for (const [uid, booking] of bookings) {
    if (rosterKey(booking) !== uid) out.push(`${where}/bookings/${uid}: uid mismatch`);
    if (roster.waitlist[uid]) out.push(`${where}: ${uid} is booked and waiting`);
    if (roster.ended[booking.bookingId])
      out.push(`${where}: booking ${booking.bookingId} is both active and ended`);
    if (booking.pending !== true && booking.creditId === undefined)
      out.push(`${where}/bookings/${uid}: confirmed without a credit`);
  }
  const seqs = Object.values(roster.waitlist).map((entry) => entry.seq);
  if (new Set(seqs).size !== seqs.length) out.push(`${where}: two waiting members share a seq`);
  if (seqs.some((seq) => seq >= roster.waitlistSeq))
    out.push(`${where}: a waiting seq is not below waitlistSeq`);
  for (const [bookingId, ended] of Object.entries(roster.ended))
    if (ended.bookingId !== bookingId) out.push(`${where}/ended/${bookingId}: id mismatch`);
  if (roster.cancellation && (bookings.length > 0 || seqs.length > 0))
    out.push(`${where}: cancelled class still holds members`);
}

function checkRosterAtRest(
  classId: string,
  roster: Roster,
  cls: StudioClass | undefined,
  out: string[],
) {
  const where = `ClassRoster/${classId}`;
  for (const booking of Object.values(roster.bookings))
    if (booking.pending === true) out.push(`${where}: booking ${booking.bookingId} still pending`);
  for (const ended of Object.values(roster.ended))
    if (!ended.settled) out.push(`${where}: ended ${ended.bookingId} not settled`);
  if (roster.cancellation && !roster.cancellation.done)
    out.push(`${where}: cancellation not finished`);
  if (!cls) return;
  const counts = rosterCounts(roster);
  if (cls.bookedCount !== counts.bookedCount || cls.waitlistCount !== counts.waitlistCount)
    out.push(
      `Classes/${classId}: counts ${cls.bookedCount}/${cls.waitlistCount} ≠ roster ${counts.bookedCount}/${counts.waitlistCount}`,
    );
  if ((cls.status === 'cancelled') !== (roster.cancellation !== undefined))
    out.push(`Classes/${classId}: status ${cls.status} disagrees with the roster`);
}

function checkWallet(
  uid: string,
  wallet: Wallet,
  ledger: Record<string, LedgerEntry>,
  options: InvariantOptions,
  out: string[],
) {
  const where = `Users/${uid}`;
  // By id: an entry being flushed may briefly sit in both places.
  const entries = Object.values({ ...ledger, ...wallet.outbox });
  for (const kind of CREDIT_KINDS) {
    const balance = ledgerBalance(entries, kind);
    const held = heldCount(wallet.credits, kind);
    if (balance !== held) out.push(`${where}: ledger says ${balance} ${kind}, list holds ${held}`);
  }
  const usable = usableRegularCount(wallet.credits, options.nowMs);
  if (wallet.exists && (wallet.count ?? 0) !== usable)
    out.push(`${where}: Credits ${wallet.count} ≠ ${usable} usable regular credits`);
  // A plan booking names no credit (`planPaymentId`): only credit bookings are compared.
  const usedCredits = Object.values(wallet.bookingCredits)
    .filter((record) => record.state === 'used' && record.plan === undefined)
    .map((record) => record.creditId ?? '');
  if (new Set(usedCredits).size !== usedCredits.length)
    out.push(`${where}: a credit is used by two bookings`);
  for (const creditId of usedCredits)
    if (wallet.credits[creditId]) out.push(`${where}: used credit ${creditId} is still held`);
  if (!options.quiescent) return;
  if (Object.keys(wallet.outbox).length > 0) out.push(`${where}: ledger outbox not flushed`);
  for (const [bookingId, record] of Object.entries(wallet.bookingCredits)) {
    const expected = {
      used: [ledgerIds.use(bookingId)],
      refunded: [ledgerIds.use(bookingId), ledgerIds.refund(bookingId)],
      forfeited: [ledgerIds.use(bookingId), ledgerIds.forfeit(bookingId)],
      void: [],
    }[record.state];
    for (const id of expected)
      if (!ledger[id])
        out.push(`CreditLedger/${uid}: ${id} missing for a '${record.state}' record`);
    if (
      record.state === 'void' &&
      (ledger[ledgerIds.use(bookingId)] || ledger[ledgerIds.refund(bookingId)])
    )
      out.push(`CreditLedger/${uid}: a void booking ${bookingId} has ledger entries`);
  }
}

/** Links between rosters and credit records: the heart of "no credit used twice or lost". */
function checkLinks(parsed: Parsed, options: InvariantOptions, out: string[]) {
  const live = new Map<string, { classId: string; uid: string }>();
  for (const [classId, roster] of parsed.rosters) {
    const cls = parsed.classes.get(classId);
    // Credit records of long-past classes are pruned; nothing about them can change.
    if (cls && cls.startsAt + BOOKING_RECORD_RETENTION_MS <= options.nowMs) continue;
    for (const booking of Object.values(roster.bookings)) {
      live.set(booking.bookingId, { classId, uid: booking.uid });
      const record = parsed.wallets.get(booking.uid)?.bookingCredits[booking.bookingId];
      if (booking.pending === true) {
        if (options.quiescent) continue;
        if (record && record.state !== 'used')
          out.push(
            `ClassRoster/${classId}: pending ${booking.bookingId} has a '${record.state}' record`,
          );
      } else if (record?.state !== 'used' || record.creditId !== booking.creditId) {
        out.push(`ClassRoster/${classId}: booking ${booking.bookingId} without its used credit`);
      }
    }
    for (const ended of Object.values(roster.ended)) {
      if (!ended.settled) {
        live.set(ended.bookingId, { classId, uid: ended.uid });
        continue;
      }
      const record = parsed.wallets.get(ended.uid)?.bookingCredits[ended.bookingId];
      const allowed = ended.outcome === 'late' ? ['forfeited', 'void'] : ['refunded', 'void'];
      if (!record || !allowed.includes(record.state))
        out.push(
          `ClassRoster/${classId}: ended ${ended.bookingId} (${ended.outcome}) settled as ${record?.state ?? 'nothing'}`,
        );
    }
  }
  for (const [uid, wallet] of parsed.wallets) {
    for (const [bookingId, record] of Object.entries(wallet.bookingCredits)) {
      if (record.state !== 'used') continue;
      if (record.startsAt + BOOKING_RECORD_RETENTION_MS <= options.nowMs) continue;
      const owner = live.get(bookingId);
      if (owner?.uid !== uid || owner.classId !== record.classId)
        out.push(`Users/${uid}: credit used by ${bookingId}, which holds no seat`);
    }
  }
}

function checkViews(root: Record<string, unknown>, parsed: Parsed, out: string[]) {
  const userClasses = asRecord(root[ROOTS.userClasses]);
  const userWaitlist = asRecord(root[ROOTS.userWaitlist]);
  const attendance = asRecord(root[ROOTS.attendance]);
  const seenClasses = new Set<string>();
  const seenWaiting = new Set<string>();
  for (const [classId, roster] of parsed.rosters) {
    for (const booking of Object.values(roster.bookings)) {
      const view = userClassSchema.safeParse(asRecord(userClasses[booking.uid])[classId]);
      const status = booking.attendance ?? 'booked';
      if (booking.guestName !== undefined) {
        // A guest seat is shown on its member's entry; its attendance is not the member's.
        if (!view.success || view.data.guests?.[booking.bookingId]?.status !== status)
          out.push(
            `UserClasses/${booking.uid}/${classId}: does not show guest seat ${booking.bookingId}`,
          );
        continue;
      }
      if (!view.success || view.data.bookingId !== booking.bookingId || view.data.status !== status)
        out.push(
          `UserClasses/${booking.uid}/${classId}: does not show booking ${booking.bookingId}`,
        );
      seenClasses.add(`${booking.uid}/${classId}`);
      if (booking.attendance !== undefined) {
        const marks = attendanceRecordSchema.safeParse(attendance[booking.uid] ?? {});
        if (!marks.success || marks.data.classes[classId] !== booking.attendance)
          out.push(`Attendance/${booking.uid}: ${classId} is not ${booking.attendance}`);
      }
    }
    const positions = waitlistPositions(roster);
    for (const [uid, position] of Object.entries(positions)) {
      const view = userWaitlistEntrySchema.safeParse(asRecord(userWaitlist[uid])[classId]);
      if (!view.success || view.data.status !== 'waiting' || view.data.position !== position)
        out.push(`UserWaitlist/${uid}/${classId}: does not show position ${position}`);
      seenWaiting.add(`${uid}/${classId}`);
    }
  }
  for (const [uid, classes] of Object.entries(userClasses)) {
    for (const [classId, value] of Object.entries(asRecord(classes))) {
      const view = userClassSchema.safeParse(value);
      if (!view.success) {
        out.push(`UserClasses/${uid}/${classId}: does not parse`);
        continue;
      }
      const active = showsBooking(view.data);
      if (active && !seenClasses.has(`${uid}/${classId}`))
        out.push(`UserClasses/${uid}/${classId}: shows a booking the roster does not have`);
      if (!active) {
        const ended = parsed.rosters.get(classId)?.ended[view.data.bookingId];
        if (!ended || ended.uid !== uid)
          out.push(`UserClasses/${uid}/${classId}: shows a cancel the roster does not have`);
      }
    }
  }
  for (const [uid, classes] of Object.entries(userWaitlist)) {
    for (const [classId, value] of Object.entries(asRecord(classes))) {
      const view = userWaitlistEntrySchema.safeParse(value);
      if (!view.success) out.push(`UserWaitlist/${uid}/${classId}: does not parse`);
      else if (view.data.status === 'waiting' && !seenWaiting.has(`${uid}/${classId}`))
        out.push(`UserWaitlist/${uid}/${classId}: shows waiting, the roster does not`);
    }
  }
  for (const [uid, value] of Object.entries(attendance)) {
    const marks = attendanceRecordSchema.safeParse(value);
    if (!marks.success) {
      out.push(`Attendance/${uid}: does not parse`);
      continue;
    }
    const values = Object.values(marks.data.classes);
    const attended = values.filter((mark) => mark === 'attended').length;
    if (marks.data.attended !== attended || marks.data.noShow !== values.length - attended)
      out.push(`Attendance/${uid}: totals do not match the marks`);
  }
}

/** Every broken invariant, in words; empty when the data is consistent. */
export function bookingInvariantViolations(root: unknown, options: InvariantOptions): string[] {
  const out: string[] = [];
  const parsed = parseAll(root, out);
  for (const [classId, roster] of parsed.rosters) {
    const cls = parsed.classes.get(classId);
    checkRoster(classId, roster, cls, out);
    if (options.quiescent) checkRosterAtRest(classId, roster, cls, out);
  }
  if (options.quiescent) {
    for (const [classId, cls] of parsed.classes) {
      if (!parsed.rosters.has(classId) && (cls.bookedCount !== 0 || cls.waitlistCount !== 0))
        out.push(`Classes/${classId}: counts without a roster`);
    }
  }
  const uids = new Set([...parsed.wallets.keys(), ...parsed.ledgers.keys()]);
  for (const uid of uids) {
    const wallet = parsed.wallets.get(uid) ?? readWallet(null, `Users/${uid}`);
    checkWallet(uid, wallet, parsed.ledgers.get(uid) ?? {}, options, out);
  }
  checkLinks(parsed, options, out);
  if (options.quiescent) checkViews(asRecord(root), parsed, out);
  return out;
}
