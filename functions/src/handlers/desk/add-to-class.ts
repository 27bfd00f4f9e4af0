// Walk-ins at the front desk: a member (or someone new, who gets an account and the welcome mail)
// added to a class through the booking path itself (`bookClass` with `desk`: outside the booking
// window, `via: 'desk'`), so the roster, the credit, the views, the mail and the reconciler are the
// ones every booking has. A drop-in is a cash sale of the single-class price and a comp a credit
// given with its reason: either gives the member the credit the booking then uses.
import {
  DomainError,
  adjustWallet,
  classPhase,
  dropInPackage,
  cashAmountRefusal,
  isDomainError,
  memberPayment,
  ledgerIds,
  packageSchema,
  paths,
  rosterBookingError,
  rtdbMap,
  parseStored,
} from '@studio/core';
import type { AddToClassInput, AuditEntry, CallableResult, StudioClass } from '@studio/core';
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { changeWallet, readClassCall, readMember, readSettings } from '../../engine';
import type { BookingDeps } from '../../engine';
import { bookClass } from '../booking/book-class';
import { bootstrapUser } from '../users/bootstrap-user';
import { recordCashSale } from './sales';
import { signWaiver } from './waivers';
import type { SignatureStore } from './waivers';

export interface AddToClassDeps extends BookingDeps {
  auth: Auth;
  store: SignatureStore;
}

export interface AddToClassCommand extends AddToClassInput {
  by: string;
  ip: string;
}

/** A walk-in's account: one per request, so a retry finds the account the first try made. */
export function walkInUid(requestId: string): string {
  return `walkin-${requestId}`;
}

/** The account a walk-in gets, or `memberEmailTaken` when the e-mail is someone else's. */
async function walkInAccount(
  auth: Auth,
  uid: string,
  walkIn: NonNullable<AddToClassInput['walkIn']>,
): Promise<'new' | 'retry'> {
  try {
    const user = await auth.getUserByEmail(walkIn.email);
    if (user.uid === uid) return 'retry';
    throw new DomainError('already-exists', 'memberEmailTaken', { email: walkIn.email });
  } catch (error) {
    if (isDomainError(error)) throw error;
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
    return 'new';
  }
}

async function createWalkIn(
  deps: AddToClassDeps,
  uid: string,
  walkIn: NonNullable<AddToClassInput['walkIn']>,
): Promise<void> {
  const { db, auth, now } = deps;
  const user = await auth
    .createUser({ uid, email: walkIn.email, displayName: walkIn.name })
    .catch(async (error: unknown) => {
      if ((error as { code?: unknown }).code === 'auth/uid-already-exists')
        return auth.getUser(uid);
      throw error;
    });
  await bootstrapUser(
    { db, now },
    { uid, displayName: user.displayName, email: user.email, metadata: user.metadata },
  );
  await db.ref(paths.userField(uid, 'Phone')).set(walkIn.phone);
}

/** Where the classes live and the call's rush, without the member's abuse limits. */
function placement({ instances, rush }: BookingDeps): Pick<BookingDeps, 'instances' | 'rush'> {
  return { ...(instances ? { instances } : {}), ...(rush ? { rush } : {}) };
}

/** The single-class price a drop-in is sold at, checked against the cash received. */
async function dropIn(db: Database, cls: StudioClass, amount: number) {
  const raw: unknown = (await db.ref(paths.packages()).get()).val();
  const packages = parseStored(rtdbMap(packageSchema), raw ?? {}, paths.packages());
  const found = dropInPackage(packages, cls.creditKind);
  if (found === null) throw new DomainError('failed-precondition', 'dropInPackageMissing');
  const refusal = cashAmountRefusal(amount, found.pack);
  if (refusal) throw refusal;
  return found;
}

/** A comp: one credit of the class's kind, given once per request, with the desk's reason. */
async function giveComp(
  deps: BookingDeps,
  {
    uid,
    by,
    requestId,
    reason,
    cls,
  }: {
    uid: string;
    by: string;
    requestId: string;
    reason: string;
    cls: StudioClass;
  },
): Promise<void> {
  const { db } = deps;
  const nowMs = deps.now();
  const adjustId = `desk-${requestId}`;
  if ((await db.ref(paths.creditLedgerEntry(uid, ledgerIds.adjust(adjustId))).get()).exists())
    return;
  const { creditValidityDays } = await readSettings(db);
  await changeWallet(db, uid, nowMs, (wallet) => {
    if (wallet.outbox[ledgerIds.adjust(adjustId)] !== undefined) return { change: {}, result: 0 };
    const given = adjustWallet(wallet, {
      adjustId,
      kind: cls.creditKind,
      delta: 1,
      reason: `Comp: ${reason}`,
      nowMs,
      validityDays: creditValidityDays,
      by,
    });
    return isDomainError(given) ? given : { change: given.change, result: given.balance };
  });
}

/**
 * `addToClass` (the front desk, admins). Checked before anything is written: the class (not
 * cancelled, not over), its roster (a seat left, not booked yet), the walk-in's e-mail, the
 * waiver (signed, or signed now), the drop-in's price, the comp's reason. Then, in order, each
 * step safe to repeat under the same `requestId`: the walk-in's account, the signature, the
 * drop-in sale or the comp credit, the booking, the audit entry. A repeat after the booking
 * returns it.
 */
export async function addToClass(
  deps: AddToClassDeps,
  command: AddToClassCommand,
): Promise<CallableResult<'addToClass'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const { classId, requestId, by } = command;
  const uid = command.uid ?? walkInUid(requestId);
  // The class and its roster from the class's instance, the settings from the default one.
  const { cls, roster, settings } = await readClassCall({ db, ...placement(deps) }, classId);
  const phase = classPhase(cls, nowMs);
  if (phase === 'cancelled') throw new DomainError('failed-precondition', 'classCancelled');
  if (phase === 'ended') throw new DomainError('failed-precondition', 'classEnded');

  const booked = roster.bookings[uid];
  if (booked?.via === 'desk' && booked.pending !== true)
    return { classId, uid, spot: booked.spot, bookingId: booked.bookingId };
  const refusal = rosterBookingError({ cls, roster, uid, nowMs, settings, desk: true });
  if (refusal) throw refusal;

  const walkIn = command.walkIn;
  const paidByMember = command.payWith === 'credit' || command.payWith === 'plan';
  // Someone new has no credit or plan yet, and signs before their first class.
  if (walkIn !== undefined && paidByMember)
    throw new DomainError('failed-precondition', 'noUsableCredit');
  if (walkIn !== undefined && command.waiver === undefined)
    throw new DomainError('failed-precondition', 'waiverNotAccepted');
  const account = walkIn === undefined ? 'member' : await walkInAccount(deps.auth, uid, walkIn);
  if (account === 'member') {
    const exists = (await db.ref(paths.userField(uid, 'Admin')).get()).exists();
    if (!exists) throw new DomainError('not-found', 'userNotFound', { uid });
  }
  const signed = (await db.ref(paths.userField(uid, 'Conditions')).get()).val() === true;
  if (!signed && command.waiver === undefined)
    throw new DomainError('failed-precondition', 'waiverNotAccepted');
  if (paidByMember) {
    // What the booking will pay with, decided now so a refusal comes before any write.
    const { user } = await readMember(db, uid);
    const payment = memberPayment(
      user === null ? null : { ...user, Conditions: true },
      cls,
      nowMs,
      { payWith: command.payWith === 'plan' ? 'plan' : 'credits', timeZone: settings.timeZone },
    );
    if (isDomainError(payment)) throw payment;
  }
  const sale =
    command.payWith === 'drop-in' ? await dropIn(db, cls, command.amount ?? -1) : undefined;
  await deps.limits?.take(by, 'desk');

  if (walkIn !== undefined && account === 'new') await createWalkIn(deps, uid, walkIn);
  if (command.waiver !== undefined && !signed)
    await signWaiver(deps, {
      ...command.waiver,
      by,
      uid,
      via: 'desk',
      ip: command.ip,
    });
  let paymentId: string | undefined;
  if (sale !== undefined) {
    const sold = await recordCashSale(
      { db, now: deps.now },
      {
        by,
        uid,
        kind: 'credits',
        packageId: sale.packageId,
        amount: sale.pack.price,
        requestId: `dropin-${requestId}`,
      },
    );
    paymentId = sold.paymentId;
  }
  if (command.payWith === 'comp')
    await giveComp(deps, { uid, by, requestId, reason: command.reason ?? '', cls });

  const outcome = await bookClass(
    // The member's own abuse limit is not the desk's: the desk's was taken above.
    { db, now: deps.now, ...placement(deps) },
    {
      uid,
      classId,
      spot: command.spot,
      payWith: command.payWith === 'plan' ? 'plan' : 'credits',
      desk: true,
    },
  );
  const entry: AuditEntry = {
    at: deps.now(),
    by,
    action: 'addToClass',
    target: paths.class(classId),
    details: {
      member: uid,
      payWith: command.payWith,
      ...(command.reason === undefined ? {} : { reason: command.reason }),
      ...(walkIn === undefined ? {} : { walkIn: walkIn.email }),
      ...(paymentId === undefined ? {} : { paymentId }),
    },
  };
  await db.ref(paths.auditEntry(`desk-${requestId}`)).set(entry);
  return {
    classId,
    uid,
    spot: outcome.spot,
    bookingId: outcome.bookingId,
    ...(paymentId === undefined ? {} : { paymentId }),
  };
}
