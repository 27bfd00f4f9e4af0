import {
  canBook,
  fullClassRefusal,
  isDomainError,
  memberSeatsLeft,
  orThrow,
  paths,
  reserveSeat,
  rosterBookingError,
} from '@studio/core';
import type {
  BookClassInput,
  CallableResult,
  DomainError,
  Roster,
  SeatCount,
  StudioClass,
} from '@studio/core';
import {
  changeRoster,
  listenerMirrors,
  newId,
  NO_RATE_LIMITS,
  raceLive,
  readClassCall,
  readLayout,
  readMember,
  readTurn,
} from '../../engine';
import type { BookingDeps, Member } from '../../engine';
import { finishBooking } from './finish-booking';

/**
 * A class already full refuses a new member before its roster is parsed: in a rush this is
 * the answer for nearly everyone, and each refusal runs again every time the roster changes.
 * The rule is core's `fullClassRefusal`, the one `reserveSeat` applies; this only takes what it
 * reads off the stored node, and leaves anything unexpected to the parsed roster.
 */
function refusesFullClass(
  stored: unknown,
  uid: string,
  cls: Pick<StudioClass, 'capacity'>,
): DomainError | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { bookings, cancellation, capacity } = stored as Record<string, unknown>;
  if (typeof bookings !== 'object' || bookings === null || Array.isArray(bookings)) return null;
  const seats: SeatCount = { bookings: bookings as Record<string, unknown>, cancellation };
  if (typeof capacity === 'number') seats.capacity = capacity;
  return fullClassRefusal(cls, seats, uid);
}

function isClassFull(value: unknown): value is DomainError {
  return isDomainError(value) && value.messageKey === 'classFull';
}

/**
 * The roster as the server has it now: a roster transaction that changes nothing, which the
 * server's hash check confirms (engine/transact.ts). A "full" read on the instance's mirror is
 * only answered once this roster says it too
 * (docs/architecture/booking.md#throughput-on-one-instance); it shares the class's group
 * commit, so the callers a fill refuses at once confirm it in one transaction.
 */
export async function committedRoster(db: BookingDeps['db'], classId: string): Promise<Roster> {
  return (await changeRoster(db, classId, (roster) => ({ roster }))).roster;
}

export interface BookClassCommand extends BookClassInput {
  uid: string;
}

export interface BookClassOutcome extends CallableResult<'bookClass'> {
  bookingId: string;
}

/**
 * `bookClass` (design §4, §8; docs/decisions/030-booking-protocol.md). Every rule is checked first
 * on what was read (the class and roster first, the member's node only while seats are left), so a
 * refusal writes nothing; the roster read is the instance's mirror, so a "full" it shows is
 * checked on the committed roster before the member hears it
 * (docs/architecture/booking.md#throughput-on-one-instance); then
 *
 * 1. one transaction on `ClassRoster/{classId}` reserves the seat (the same rules again, on
 *    the committed roster: no oversell, no spot twice, one booking per member);
 * 2. one transaction on `Users/{uid}` consumes the credit (`finishBooking`);
 * 3. the booking is confirmed with that credit.
 *
 * In a rush, the members who lose the race are refused at step 1 and never touch credits.
 */
export async function bookClass(
  deps: BookingDeps,
  { uid, classId, spot, payWith }: BookClassCommand,
): Promise<BookClassOutcome> {
  const { db } = deps;
  const mirrors = deps.mirrors ?? listenerMirrors(db);
  const limits = deps.limits ?? NO_RATE_LIMITS;
  const nowMs = deps.now();
  const { context, cls, settings, roster: mirrored } = await readClassCall(db, classId, mirrors);
  let roster = mirrored;
  // What the mirror says is a hint: a "full" on it is decided again on the server's roster.
  const recheckOnServer = async () => {
    roster = await committedRoster(db, classId);
  };
  const rosterRefusal = () => rosterBookingError({ cls, roster, uid, nowMs, settings });
  let refusal = rosterRefusal();
  if (isClassFull(refusal)) {
    await recheckOnServer();
    refusal = rosterRefusal();
  }
  if (refusal) throw refusal;
  // The member's node is read only while seats are left, by as many callers at once as could
  // still take one (docs/architecture/booking.md#throughput-on-one-instance), and a class that
  // seems to fill meanwhile is checked
  // on the server at once (docs/architecture/booking.md#throughput-on-one-instance). The turn is
  // held until the call answers: a
  // caller who took a seat keeps it counted, one refused (or whose seat went back) hands it on.
  const turn = readTurn(db, classId, memberSeatsLeft(cls, roster, nowMs, settings));
  const refusedWhileReading = (stored: unknown) => {
    const full = refusesFullClass(stored, uid, cls);
    if (full) turn.done();
    return full;
  };
  // Run once, by the turn or by the check after a "full" from the mirror. The abuse limit's
  // counter is read next to the member's node, so counting the attempt (after every rule has
  // passed, before the first write) is one small transaction; a refused call counts nothing.
  let memberRead: Promise<Member> | undefined;
  let stopWatchingLimit: () => void = () => undefined;
  const readForBooking = () => {
    if (memberRead === undefined) stopWatchingLimit = limits.watch(uid, 'book');
    return (memberRead ??= readMember(db, uid, mirrors));
  };
  try {
    const [layout, member] = await Promise.all([
      readLayout(db, cls),
      raceLive(
        mirrors,
        paths.classRoster(classId),
        turn.ready.then(readForBooking),
        refusedWhileReading,
      ).catch(async (error: unknown) => {
        if (!isClassFull(error)) throw error;
        // The mirror may be behind the server: "full" only if the committed roster says so.
        await recheckOnServer();
        const stillRefused = rosterRefusal();
        if (stillRefused) throw stillRefused;
        return readForBooking();
      }),
    ]);
    // The plan pays when it can, else a credit (docs/architecture/plans.md#entitlements).
    const payment = { payWith, timeZone: settings.timeZone };
    const check = () =>
      canBook({ cls, roster, layout, user: member.user, uid, spot, nowMs, settings, ...payment });
    let grant = check();
    if (isClassFull(grant)) {
      await recheckOnServer();
      grant = check();
    }
    // What the member was shown is what the member's transaction pays with: never switched.
    const paidBy = orThrow(grant).paidBy;
    await limits.take(uid, 'book');

    // Made by the first run that gets this far: a caller the quick check refuses needs none.
    let bookingId: string | undefined;
    const reserved = await changeRoster(
      db,
      classId,
      (current) => {
        // Already reserved by this call (a transaction retried after a dropped connection).
        const mine = current.bookings[uid];
        if (bookingId !== undefined && mine?.bookingId === bookingId)
          return { roster: current, booking: mine };
        bookingId ??= newId(db);
        return reserveSeat(current, {
          cls,
          layout,
          settings,
          uid,
          bookingId,
          spot,
          nowMs,
          via: 'member',
          name: member.user?.Name,
        });
      },
      (stored) => refusesFullClass(stored, uid, cls),
    );
    const { booking } = reserved.result;
    const creditId = await finishBooking(
      deps,
      context,
      booking,
      reserved.roster,
      paidBy === 'plan' ? 'plan' : 'credits',
    );
    return { classId, spot: booking.spot, creditId, bookingId: booking.bookingId, paidBy };
  } finally {
    turn.done();
    stopWatchingLimit();
  }
}
