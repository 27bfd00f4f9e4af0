import { describe, expect, it } from 'vitest';
import { auditEntrySchema, parsePass, paths } from '@studio/core';
import { checkInByName, checkInByPass, memberPass, revokeMemberPass } from '../../src/index';
import { signPass, verifyPass } from '../../src/handlers/desk/pass-codes';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  DAY,
  MINUTE,
  OTHER_COACH,
  admin,
  coach,
  desk,
  expectInvariants,
  expectRefusedUnchanged,
  member,
  otherCoach,
  read,
  seedClass,
  seedBranch,
  seedMember,
  useStudioBackend,
} from '../booking/fixtures';

const backend = useStudioBackend();
const SECRET = 'test-member-pass-secret';

const passOf = async (uid: string) => memberPass.run(callableRequest({}, member(uid)));
const scan = (caller: Caller | null, data: unknown) =>
  checkInByPass.run(callableRequest(data, caller));

/** A member booked into a class of Carlos's starting `startsIn` from now. */
async function bookedMember(startsIn = 20 * MINUTE, options: { waiver?: boolean } = {}) {
  const startsAt = Date.now() + startsIn;
  const classId = await seedClass(backend.db, { startsAt, name: 'Evening ride' });
  const uid = await seedMember(backend.db, { name: 'Ana Ruiz', waiver: true });
  await bookClassHandler({ db: backend.db, now: () => startsAt - DAY }, { uid, classId });
  if (options.waiver === false) await backend.db.ref(paths.userField(uid, 'Conditions')).set(false);
  return { classId, uid, startsAt };
}

async function expectRefused(caller: Caller | null, data: unknown, code: string, key: string) {
  await expectRefusedUnchanged(backend.db, () => scan(caller, data), code, key);
}

describe('the member pass', () => {
  it('is signed by the server, kept on the member, and the same on every call', async () => {
    const uid = await seedMember(backend.db);
    const first = await passOf(uid);
    expect(parsePass(first.pass)?.uid).toBe(uid);
    expect(verifyPass(first.pass, SECRET)).toMatchObject({ uid });
    expect(await read(backend.db, paths.userField(uid, 'pass'))).toMatchObject({
      code: first.pass,
      issuedAt: first.issuedAt,
    });
    expect((await passOf(uid)).pass).toBe(first.pass);
  });

  it('cannot be made without the secret, nor reused for another member', () => {
    const forged = signPass('demo-member', 'AbCdEfGhIjKlMnOpQrStUv', 'a-guessed-secret-value');
    expect(verifyPass(forged, SECRET)).toBeNull();
    const real = signPass('ana', 'AbCdEfGhIjKlMnOpQrStUv', SECRET);
    expect(verifyPass(real.replace('.ana.', '.bob.'), SECRET)).toBeNull();
  });

  it('renews on request: the old pass stops checking in', async () => {
    const { uid, classId } = await bookedMember();
    const old = await passOf(uid);
    const renewed = (await memberPass.run(callableRequest({ renew: true }, member(uid)))) as {
      pass: string;
    };
    expect(renewed.pass).not.toBe(old.pass);
    await expectRefused(desk, { pass: old.pass }, 'failed-precondition', 'passRevoked');
    await scan(desk, { pass: renewed.pass });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      attendance: 'attended',
    });
  });

  it('is revoked by the desk, audited; the member then gets a new one', async () => {
    const { uid } = await bookedMember();
    const old = await passOf(uid);
    await revokeMemberPass.run(callableRequest({ uid }, desk));
    await expectRefused(desk, { pass: old.pass }, 'failed-precondition', 'passRevoked');
    const audit = Object.values((await read(backend.db, paths.auditLog())) ?? {})
      .map((entry) => auditEntrySchema.parse(entry))
      .filter((entry) => entry.action === 'revokeMemberPass' && entry.target === paths.user(uid));
    expect(audit).toEqual([expect.objectContaining({ by: desk.uid })]);
    expect((await passOf(uid)).pass).not.toBe(old.pass);
  });

  it('is not the member’s to revoke', async () => {
    const uid = await seedMember(backend.db);
    await expectRefusedUnchanged(
      backend.db,
      () => revokeMemberPass.run(callableRequest({ uid }, member(uid))),
      'permission-denied',
      'permissionDenied',
    );
  });
});

describe('checkInByPass', () => {
  it('checks the member into the class starting soonest, as the checador marks it', async () => {
    const { uid, classId } = await bookedMember();
    const { pass } = await passOf(uid);
    const result = await scan(desk, { pass });
    expect(result).toMatchObject({ uid, classId, name: 'Ana Ruiz', title: 'Evening ride' });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({
      attendance: 'attended',
      checkedInBy: desk.uid,
    });
    expect(await read(backend.db, paths.attendance(uid))).toMatchObject({ attended: 1 });
    await expectInvariants(backend.db);
  });

  it('lets the class’s coach scan, and refuses another coach', async () => {
    const { uid } = await bookedMember();
    const { pass } = await passOf(uid);
    await expectRefused(otherCoach, { pass }, 'permission-denied', 'permissionDenied');
    await scan(coach, { pass });
  });

  it('lets the substitute scan the class they take over', async () => {
    const { uid, classId } = await bookedMember();
    await backend.db.ref(paths.class(classId)).update({ substitute: OTHER_COACH });
    await scan(otherCoach, { pass: (await passOf(uid)).pass });
  });

  it.each<[string, Caller | null, string, string]>([
    ['a member', member('someone'), 'permission-denied', 'permissionDenied'],
    ['a guest', null, 'unauthenticated', 'unauthenticated'],
  ])('refuses %s', async (_label, who, code, key) => {
    const { uid } = await bookedMember();
    await expectRefused(who, { pass: (await passOf(uid)).pass }, code, key);
  });

  it('says clearly why not, and writes nothing', async () => {
    const early = await bookedMember(5 * 60 * MINUTE);
    await expectRefused(
      desk,
      { pass: (await passOf(early.uid)).pass },
      'failed-precondition',
      'passTooEarly',
    );
    const nobody = await seedMember(backend.db, { name: 'Eva' });
    await expectRefused(desk, { pass: (await passOf(nobody)).pass }, 'not-found', 'passNoBooking');
    const unsigned = await bookedMember(20 * MINUTE, { waiver: false });
    await expectRefused(
      desk,
      { pass: (await passOf(unsigned.uid)).pass },
      'failed-precondition',
      'waiverNotSigned',
    );
    await expectRefused(desk, { pass: 'https://example.com/' }, 'invalid-argument', 'passInvalid');
    const forged = signPass(early.uid, 'AbCdEfGhIjKlMnOpQrStUv', 'not-the-server-secret');
    await expectRefused(desk, { pass: forged }, 'invalid-argument', 'passInvalid');
  });

  it('refuses a second scan, and a scan for another class at the checador', async () => {
    const { uid } = await bookedMember();
    const { pass } = await passOf(uid);
    await scan(admin, { pass });
    await expectRefused(desk, { pass }, 'failed-precondition', 'alreadyCheckedIn');
    const other = await seedClass(backend.db, { startsAt: Date.now() + 30 * MINUTE });
    const { uid: second } = await bookedMember();
    await expectRefused(
      desk,
      { pass: (await passOf(second)).pass, classId: other },
      'failed-precondition',
      'passOtherClass',
    );
  });
});

describe('checkInByPass at a branch’s desk (a desk scoped to one branch)', () => {
  const deskOf = (branch: string) => ({
    uid: `desk-of-${branch}`,
    claims: { role: 'staff', branch },
  });

  /** Ana booked at Centro in 10 minutes and at Norte in 25: Centro's class is the soonest. */
  async function bookedAtBoth() {
    await seedBranch(backend.db, 'norte', 'Norte');
    const now = Date.now();
    const centro = await seedClass(backend.db, {
      startsAt: now + 10 * MINUTE,
      name: 'Centro ride',
    });
    const norte = await seedClass(backend.db, {
      startsAt: now + 25 * MINUTE,
      name: 'Norte ride',
      branch: 'norte',
    });
    const uid = await seedMember(backend.db, { name: 'Ana Ruiz', waiver: true });
    for (const classId of [centro, norte])
      await bookClassHandler({ db: backend.db, now: () => now - DAY }, { uid, classId });
    return { centro, norte, uid };
  }

  it('checks the member into this branch’s class, not the sooner one at another branch', async () => {
    const { centro, norte, uid } = await bookedAtBoth();
    const { pass } = await passOf(uid);

    const result = await scan(deskOf('norte'), { pass });

    expect(result).toMatchObject({ uid, classId: norte, title: 'Norte ride' });
    expect(await read(backend.db, paths.rosterBooking(norte, uid))).toMatchObject({
      attendance: 'attended',
      checkedInBy: 'desk-of-norte',
    });
    expect(await read(backend.db, paths.rosterBooking(centro, uid))).not.toHaveProperty(
      'attendance',
    );
    // The chain's desk still takes the soonest, Centro's.
    expect(await scan(desk, { pass })).toMatchObject({ classId: centro });
    await expectInvariants(backend.db);
  });

  it('says the class is another branch’s when only that one is booked, and writes nothing', async () => {
    const { uid } = await bookedMember();
    await seedBranch(backend.db, 'norte', 'Norte');
    const { pass } = await passOf(uid);
    await expectRefused(deskOf('norte'), { pass }, 'permission-denied', 'outsideBranch');
    // A member with nothing booked anywhere gets the usual answer, not the branch's.
    const idle = await seedMember(backend.db, { name: 'Luis', waiver: true });
    const idlePass = await passOf(idle);
    await expectRefused(deskOf('norte'), { pass: idlePass.pass }, 'not-found', 'passNoBooking');
  });
});

describe('checkInByName (the kiosk)', () => {
  async function kioskMember(name: string, phone: string) {
    const booked = await bookedMember();
    await backend.db.ref(paths.user(booked.uid)).update({ Name: name, Phone: phone });
    await backend.db.ref(paths.userDirectoryEntry(booked.uid)).set({
      name,
      email: `${booked.uid}@example.test`,
      phone,
      role: 'member',
      credits: 1,
      nameKey: name.toLowerCase(),
      emailKey: `${booked.uid}@example.test`,
      phoneKey: phone.replace(/\D/g, ''),
    });
    return booked;
  }

  it('checks in the one member with that name and those last four digits', async () => {
    const { uid, classId } = await kioskMember('Zoe Kiosk', '+52 81 5555 0199');
    const result = await checkInByName.run(
      callableRequest({ name: 'zoe', phoneLast4: '0199' }, desk),
    );
    expect(result).toMatchObject({ uid, classId });
  });

  it('finds nobody with other digits, and only the desk may ask', async () => {
    await kioskMember('Yara Kiosk', '+52 81 5555 0288');
    const call = (caller: Caller) =>
      checkInByName.run(callableRequest({ name: 'Yara', phoneLast4: '0000' }, caller));
    const error = (await call(desk).catch((e: unknown) => e)) as {
      details: { messageKey: string };
    };
    expect(error.details.messageKey).toBe('kioskNoMatch');
    await expectRefusedUnchanged(
      backend.db,
      () => call(coach),
      'permission-denied',
      'permissionDenied',
    );
  });

  it('does not guess between two members who match', async () => {
    await kioskMember('Xime Twin', '+52 81 1111 0377');
    await kioskMember('Xime Other', '+52 81 2222 0377');
    const error = (await checkInByName
      .run(callableRequest({ name: 'xime', phoneLast4: '0377' }, desk))
      .catch((e: unknown) => e)) as { details: { messageKey: string } };
    expect(error.details.messageKey).toBe('kioskManyMatches');
  });

  it("goes by the name a row shows, not its search key: a key copied from another member's name does not make the kiosk find its writer", async () => {
    const { uid } = await kioskMember('Wendy Kiosk', '+52 81 3333 0466');
    // Another member, named otherwise, files their row under Wendy's name with her last digits
    // (the rules cannot fold a name with accents, so such a key is the member's to write).
    const mimic = await kioskMember('Żaneta Mimic', '+52 81 4444 0466');
    await backend.db.ref(paths.userDirectoryEntry(mimic.uid)).update({ nameKey: 'wendy kiosk' });
    const result = await checkInByName.run(
      callableRequest({ name: 'wendy', phoneLast4: '0466' }, desk),
    );
    expect(result).toMatchObject({ uid });
  });
});
