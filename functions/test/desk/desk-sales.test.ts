// The front desk's money and doors, through the deployed callables on a fresh database and a
// Storage emulator: waivers signed with a drawn signature, cash sales and their refunds, members
// and walk-ins added to classes (credit, plan, drop-in, comp), every refusal writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator } from '@studio/storage-emulator';
import type { StorageEmulator } from '@studio/storage-emulator';
import {
  auditEntrySchema,
  cashPaymentId,
  paths,
  paymentBranchKey,
  paymentSchema,
  waiverSignatureSchema,
} from '@studio/core';
import {
  addToClass,
  recordCashSale,
  refundCashSale,
  saveWaiver,
  signWaiver,
} from '../../src/index';
import { walkInUid } from '../../src/handlers/desk/add-to-class';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  DAY,
  MINUTE,
  admin,
  desk,
  expectInvariants,
  expectRefusedUnchanged,
  member,
  read,
  BRANCH,
  seedBranch,
  seedClass,
  seedMember,
  useStudioBackend,
} from '../booking/fixtures';

const BUCKET = 'demo-studio.firebasestorage.app';
process.env['STORAGE_BUCKET_URL'] = BUCKET;
let storage: StorageEmulator;
beforeAll(async () => {
  // The admin SDK is not bound by storage.rules: the emulator needs none here.
  storage = await startStorageEmulator({ port: 0 });
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${storage.port}`;
  process.env['STORAGE_EMULATOR_HOST'] = `http://127.0.0.1:${storage.port}`;
});
afterAll(async () => {
  await storage.stop();
});

const backend = useStudioBackend();

/** A 1 × 1 PNG: what a signature pad hands over, smallest. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const TEXT = {
  en: 'I take part in fitness classes at my own risk and follow the coach.',
  es: 'Participo en las clases bajo mi propio riesgo y sigo al coach.',
};
const PACK = 'pack-5';
const SINGLE = 'single';

const call = <T>(
  fn: { run: (request: never) => Promise<T> },
  data: unknown,
  caller: Caller | null,
) => fn.run(callableRequest(data, caller) as never);

async function auditOf(action: string): Promise<ReturnType<typeof auditEntrySchema.parse>[]> {
  const stored = (await read(backend.db, paths.auditLog())) ?? {};
  return Object.values(stored as Record<string, unknown>)
    .map((entry) => auditEntrySchema.parse(entry))
    .filter((entry) => entry.action === action);
}

beforeAll(async () => {
  await backend.db.ref().update({
    [paths.package(PACK)]: {
      kind: 'credits',
      name: '5 classes',
      credits: 5,
      price: 6500,
      currency: 'USD',
      validityDays: 60,
      active: true,
    },
    [paths.package(SINGLE)]: {
      kind: 'single',
      name: 'Single class',
      credits: 1,
      price: 1500,
      currency: 'USD',
      validityDays: 30,
      active: true,
    },
    [paths.plan('unlimited')]: {
      kind: 'unlimited',
      name: 'Unlimited',
      interval: 'month',
      price: 9900,
      currency: 'USD',
      active: true,
    },
  });
});

describe('waivers', () => {
  it('publishes versions, asks again after a new one, and keeps each signature with its image', async () => {
    const uid = await seedMember(backend.db);
    expect(await call(saveWaiver, { text: TEXT }, admin)).toEqual({ version: 1 });
    expect(await read(backend.db, paths.userField(uid, 'Conditions'))).toBe(false);

    const signed = await call(
      signWaiver,
      { version: 1, fullName: 'Ana Ruiz', lang: 'es', signature: SIGNATURE },
      member(uid),
    );
    const record = waiverSignatureSchema.parse(
      await read(backend.db, paths.waiverSignature(uid, signed.signatureId)),
    );
    expect(record).toMatchObject({ version: 1, fullName: 'Ana Ruiz', lang: 'es', via: 'app' });
    expect(record.ip).toBe('203.0.113.7');
    expect(record.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(storage.objects(BUCKET)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: record.imagePath, contentType: 'image/png' }),
      ]),
    );
    expect(await read(backend.db, paths.userField(uid, 'Conditions'))).toBe(true);

    await call(saveWaiver, { text: { ...TEXT, en: `${TEXT.en} Updated.` } }, admin);
    expect(await read(backend.db, paths.userField(uid, 'Conditions'))).toBe(false);
    expect(await auditOf('saveWaiver')).toHaveLength(2);
  });

  it('refuses an old version, a picture that is not a PNG, and anyone signing for another', async () => {
    const uid = await seedMember(backend.db, { waiver: false });
    const current = (await read(backend.db, paths.waiverCurrent())) as number;
    const sign =
      (data: Record<string, unknown>, caller: Caller = member(uid)) =>
      () =>
        call(
          signWaiver,
          { version: current, fullName: 'Ana Ruiz', lang: 'en', signature: SIGNATURE, ...data },
          caller,
        );
    await expectRefusedUnchanged(
      backend.db,
      sign({ version: current + 1 }),
      'failed-precondition',
      'waiverVersionChanged',
      { uid, action: 'sign' },
    );
    await expectRefusedUnchanged(
      backend.db,
      sign({
        signature: `data:image/png;base64,${Buffer.from('GIF89a'.repeat(20)).toString('base64')}`,
      }),
      'invalid-argument',
      'signatureInvalid',
      { uid, action: 'sign' },
    );
    const other = await seedMember(backend.db);
    await expectRefusedUnchanged(
      backend.db,
      sign({ uid }, member(other)),
      'permission-denied',
      'permissionDenied',
    );
    // The desk may hand in the member's signature at the kiosk: audited.
    await sign({ uid }, desk)();
    expect((await auditOf('signWaiver')).map((entry) => entry.by)).toContain(desk.uid);
  });
});

describe('cash sales', () => {
  it('records a pack sold for cash as a paid payment, grants its credits once, and mails a receipt', async () => {
    const uid = await seedMember(backend.db, { credits: 0 });
    const sale = { uid, kind: 'credits', packageId: PACK, amount: 6500, requestId: 'sale-1' };
    const first = await call(recordCashSale, sale, desk);
    expect(first).toEqual({ paymentId: cashPaymentId('sale-1'), credits: 5 });
    expect(await call(recordCashSale, sale, desk)).toEqual(first);
    const payment = paymentSchema.parse(await read(backend.db, paths.payment(first.paymentId)));
    expect(payment).toMatchObject({
      uid,
      method: 'cash',
      status: 'paid',
      amount: 6500,
      takenBy: desk.uid,
      credits: { kind: 'regular', count: 5 },
    });
    expect(await read(backend.db, paths.userField(uid, 'Credits'))).toBe(5);
    expect(
      await read(backend.db, paths.mailOutboxEntry(`receipt-${first.paymentId}`)),
    ).toMatchObject({
      kind: 'purchase-receipt',
    });
    expect(await auditOf('recordCashSale')).toEqual(
      expect.arrayContaining([expect.objectContaining({ by: desk.uid })]),
    );
    await expectInvariants(backend.db);
  });

  it('refuses a wrong amount, an unknown pack, a member who does not exist, and a member caller', async () => {
    const uid = await seedMember(backend.db, { credits: 0 });
    const sale = { uid, kind: 'credits', packageId: PACK, amount: 6500, requestId: 'sale-x' };
    const refused = (data: Record<string, unknown>, caller: Caller, code: string, key: string) =>
      expectRefusedUnchanged(
        backend.db,
        () => call(recordCashSale, { ...sale, ...data }, caller),
        code,
        key,
      );
    await refused({ amount: 6000 }, desk, 'invalid-argument', 'cashAmountMismatch');
    await refused({ packageId: 'nope' }, desk, 'not-found', 'packageNotFound');
    await refused({ uid: 'nobody' }, desk, 'not-found', 'userNotFound');
    await refused({}, member(uid), 'permission-denied', 'permissionDenied');
  });

  it('sells a plan for one month, once at a time', async () => {
    const uid = await seedMember(backend.db, { credits: 0 });
    const sale = { uid, kind: 'plan', planId: 'unlimited', amount: 9900, requestId: 'plan-1' };
    const { paymentId } = await call(recordCashSale, sale, desk);
    expect(await read(backend.db, paths.membership(uid))).toMatchObject({
      id: paymentId,
      source: 'cash',
      status: 'active',
    });
    await expectRefusedUnchanged(
      backend.db,
      () => call(recordCashSale, { ...sale, requestId: 'plan-2' }, desk),
      'failed-precondition',
      'alreadySubscribed',
    );
  });

  it('refunds a cash sale: unused credits taken back, the payment marked, audited, once', async () => {
    const uid = await seedMember(backend.db, { credits: 0 });
    const { paymentId } = await call(
      recordCashSale,
      { uid, kind: 'credits', packageId: PACK, amount: 6500, requestId: 'refund-1' },
      desk,
    );
    expect(await call(refundCashSale, { paymentId, reason: 'Changed their mind' }, desk)).toEqual({
      taken: 5,
    });
    expect(await read(backend.db, paths.userField(uid, 'Credits'))).toBe(0);
    expect(await read(backend.db, paths.payment(paymentId))).toMatchObject({
      status: 'refunded',
      amountRefunded: 6500,
      refundedBy: desk.uid,
      refundReason: 'Changed their mind',
    });
    await expectRefusedUnchanged(
      backend.db,
      () => call(refundCashSale, { paymentId, reason: 'again' }, desk),
      'failed-precondition',
      'paymentAlreadyRefunded',
    );
    await expectInvariants(backend.db);
  });
});

describe('cash sales at a branch', () => {
  const deskOf = (branch: string) => ({
    uid: `desk-of-${branch}`,
    claims: { role: 'staff', branch },
  });
  const saleOf = (uid: string, requestId: string) => ({
    uid,
    kind: 'credits',
    packageId: PACK,
    amount: 6500,
    requestId,
  });

  it('records the branch of a branch manager’s desk on the payment and in the audit entry', async () => {
    await seedBranch(backend.db, 'norte', 'Norte');
    const uid = await seedMember(backend.db, { credits: 0 });
    const { paymentId } = await call(recordCashSale, saleOf(uid, 'norte-1'), deskOf('norte'));
    const payment = paymentSchema.parse(await read(backend.db, paths.payment(paymentId)));
    expect(payment).toMatchObject({ branch: 'norte', takenBy: 'desk-of-norte' });
    // The key the branch manager's list pages by, in date order.
    expect(payment.branchCreatedAt).toBe(paymentBranchKey('norte', payment.createdAt));
    const [entry] = (await auditOf('recordCashSale')).filter(
      (audit) => audit.target === paths.payment(paymentId),
    );
    expect(entry?.details).toMatchObject({ branch: 'norte' });
  });

  it('records the branch the chain’s desk names, and none when it names none', async () => {
    const uid = await seedMember(backend.db, { credits: 0 });
    const named = await call(recordCashSale, { ...saleOf(uid, 'chain-1'), branch: BRANCH }, desk);
    const unnamed = await call(recordCashSale, saleOf(uid, 'chain-2'), desk);
    expect(await read(backend.db, paths.payment(named.paymentId))).toMatchObject({
      branch: BRANCH,
    });
    expect(await read(backend.db, paths.payment(unnamed.paymentId))).not.toHaveProperty('branch');
  });

  it('refuses another branch, a branch that does not exist, and another branch’s refund, writing nothing', async () => {
    await seedBranch(backend.db, 'norte', 'Norte');
    const uid = await seedMember(backend.db, { credits: 0 });
    await expectRefusedUnchanged(
      backend.db,
      () => call(recordCashSale, { ...saleOf(uid, 'x-1'), branch: BRANCH }, deskOf('norte')),
      'permission-denied',
      'outsideBranch',
    );
    await expectRefusedUnchanged(
      backend.db,
      () => call(recordCashSale, { ...saleOf(uid, 'x-2'), branch: 'sur' }, desk),
      'not-found',
      'branchNotFound',
    );
    const { paymentId } = await call(
      recordCashSale,
      { ...saleOf(uid, 'x-3'), branch: BRANCH },
      desk,
    );
    await expectRefusedUnchanged(
      backend.db,
      () => call(refundCashSale, { paymentId, reason: 'Not ours' }, deskOf('norte')),
      'permission-denied',
      'outsideBranch',
    );
    expect(await call(refundCashSale, { paymentId, reason: 'Ours' }, deskOf(BRANCH))).toEqual({
      taken: 5,
    });
  });
});

describe('adding to a class at the desk', () => {
  const soon = () => Date.now() + 30 * MINUTE;

  it('books a member with a credit after the class started, via the desk', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() - 10 * MINUTE });
    const uid = await seedMember(backend.db, { credits: 1 });
    const result = await call(
      addToClass,
      { classId, uid, payWith: 'credit', requestId: 'late-1' },
      desk,
    );
    expect(result).toMatchObject({ classId, uid });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      via: 'desk',
      bookingId: result.bookingId,
    });
    expect(await read(backend.db, paths.userField(uid, 'Credits'))).toBe(0);
    // A repeated tap finds the booking made.
    expect(
      await call(addToClass, { classId, uid, payWith: 'credit', requestId: 'late-1' }, desk),
    ).toMatchObject({ bookingId: result.bookingId });
    await expectInvariants(backend.db);
  });

  it('makes a walk-in an account, takes their signature and the drop-in cash, and books them', async () => {
    const classId = await seedClass(backend.db, { startsAt: soon() });
    const walkIn = {
      name: 'Eva Ruiz',
      email: `eva.${Date.now()}@example.com`,
      phone: '+52 81 1234 5678',
    };
    const version = (await read(backend.db, paths.waiverCurrent())) as number;
    const result = await call(
      addToClass,
      {
        classId,
        walkIn,
        payWith: 'drop-in',
        amount: 1500,
        waiver: { version, fullName: 'Eva Ruiz', lang: 'es', signature: SIGNATURE },
        requestId: 'walk-1',
      },
      desk,
    );
    const uid = walkInUid('walk-1');
    expect(result).toMatchObject({ uid, paymentId: cashPaymentId('dropin-walk-1') });
    expect(await read(backend.db, paths.user(uid))).toMatchObject({
      Name: 'Eva Ruiz',
      Email: walkIn.email,
      Phone: walkIn.phone,
      Conditions: true,
    });
    expect(await read(backend.db, paths.mailOutboxEntry(`welcome-${uid}`))).toMatchObject({
      kind: 'welcome',
    });
    expect(await read(backend.db, paths.payment(cashPaymentId('dropin-walk-1')))).toMatchObject({
      method: 'cash',
      amount: 1500,
    });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      via: 'desk',
    });
    await expectInvariants(backend.db);
  });

  it('comps a booking with a reason, audited', async () => {
    const classId = await seedClass(backend.db, { startsAt: soon() });
    const uid = await seedMember(backend.db, { credits: 0 });
    await call(
      addToClass,
      { classId, uid, payWith: 'comp', reason: 'Birthday class', requestId: 'comp-1' },
      desk,
    );
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      via: 'desk',
    });
    expect(await auditOf('addToClass')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          details: expect.objectContaining({ member: uid, reason: 'Birthday class' }) as unknown,
        }),
      ]),
    );
    await expectInvariants(backend.db);
  });

  it('says why not, writing nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: soon() });
    const ended = await seedClass(backend.db, { startsAt: Date.now() - 2 * DAY });
    const broke = await seedMember(backend.db, { credits: 0 });
    const unsigned = await seedMember(backend.db, { credits: 1, waiver: false });
    const taken = await seedMember(backend.db);
    const takenEmail = `taken.${Date.now()}@example.com`;
    await seedMember(backend.db, { uid: 'eva-existing' });
    await backend.db.ref(paths.userField('eva-existing', 'Email')).set(takenEmail);
    await backend.auth.createUser({ uid: 'eva-existing', email: takenEmail });
    const add = (data: Record<string, unknown>) => () =>
      call(addToClass, { classId, payWith: 'credit', requestId: 'no', ...data }, desk);
    await expectRefusedUnchanged(
      backend.db,
      add({ uid: broke }),
      'failed-precondition',
      'noUsableCredit',
    );
    await expectRefusedUnchanged(
      backend.db,
      add({ uid: unsigned }),
      'failed-precondition',
      'waiverNotAccepted',
    );
    await expectRefusedUnchanged(
      backend.db,
      add({ uid: taken, classId: ended }),
      'failed-precondition',
      'classEnded',
    );
    await expectRefusedUnchanged(
      backend.db,
      add({ uid: taken, payWith: 'drop-in', amount: 999 }),
      'invalid-argument',
      'cashAmountMismatch',
    );
    await expectRefusedUnchanged(
      backend.db,
      add({
        walkIn: { name: 'Eva', email: takenEmail, phone: '8112345678' },
        payWith: 'comp',
        reason: 'Trial',
        waiver: { version: 1, fullName: 'Eva Ruiz', lang: 'es', signature: SIGNATURE },
      }),
      'already-exists',
      'memberEmailTaken',
    );
    await expectRefusedUnchanged(
      backend.db,
      () =>
        call(addToClass, { classId, uid: taken, payWith: 'credit', requestId: 'm' }, member(taken)),
      'permission-denied',
      'permissionDenied',
    );
  });

  it('leaves a class a day away to the member’s own booking window (the desk books it too)', async () => {
    const far = await seedClass(backend.db, { startsAt: Date.now() + 30 * DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    await call(addToClass, { classId: far, uid, payWith: 'credit', requestId: 'far-1' }, desk);
    expect(await read(backend.db, paths.rosterBooking(far, uid))).toMatchObject({ via: 'desk' });
  });
});
