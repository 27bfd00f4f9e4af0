// What people do with the outbox from outside: an admin resends a failed mail (audited; nothing
// written on a refusal), and a member follows a one-click unsubscribe link (GET asks, POST
// records; a forged or altered link writes nothing).
import { paths } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { handleUnsubscribe } from '../../src/handlers/mail/unsubscribe.ts';
import { resendMail } from '../../src/index.ts';
import { enqueueMail, unsubscribeUrl } from '../../src/mail/index.ts';
import { dump } from '../support/backend.ts';
import { callableRequest, rejectionOf, type Caller } from '../support/callable.ts';
import { MESSAGES } from './fixtures.ts';
import {
  UNSUBSCRIBE_ENDPOINT,
  UNSUBSCRIBE_SECRET,
  entry,
  freshId,
  seedRecipient,
  useOutboxWorld,
} from './outbox-support.ts';

const world = useOutboxWorld();
const admin: Caller = { uid: 'admin-mail', claims: { role: 'admin' } };
const coach: Caller = { uid: 'coach-mail', claims: { role: 'coach' } };

const resend = (caller: Caller | null, data: unknown) =>
  resendMail.run(callableRequest(data, caller));

async function failedEntry(): Promise<string> {
  const uid = await seedRecipient(world.db);
  const id = freshId();
  await enqueueMail(world.db, { id, uid, message: MESSAGES.welcome }, Date.now());
  await world.db.ref(paths.mailOutboxEntry(id)).update({
    status: 'failed',
    attempts: 8,
    nextAttemptAt: null,
    lastError: 'connect ECONNREFUSED',
  });
  return id;
}

async function expectRefused(caller: Caller | null, data: unknown, code: string, key?: string) {
  const before = await dump(world.db);
  const error = await rejectionOf(resend(caller, data));
  expect(error.code).toBe(code);
  if (key) expect((error.details as { messageKey: string }).messageKey).toBe(key);
  expect(await dump(world.db)).toEqual(before);
}

describe('resendMail', () => {
  it('puts a failed mail back to retrying, due now, and audits it', async () => {
    const id = await failedEntry();
    const before = Date.now();
    await expect(resend(admin, { id })).resolves.toEqual({});
    const stored = await entry(world.db, id);
    expect(stored).toMatchObject({ status: 'retrying', attempts: 0 });
    expect(stored?.nextAttemptAt).toBeGreaterThanOrEqual(before);
    expect(stored?.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    const audit = Object.values(
      ((await world.db.ref(paths.auditLog()).get()).val() ?? {}) as Record<string, unknown>,
    );
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'resendMail',
        by: admin.uid,
        target: paths.mailOutboxEntry(id),
        details: expect.objectContaining({
          kind: 'welcome',
          lastError: 'connect ECONNREFUSED',
        }) as unknown,
      }),
    );
  });

  it('refuses guests, members and coaches, writing nothing', async () => {
    const id = await failedEntry();
    await expectRefused(null, { id }, 'unauthenticated');
    await expectRefused({ uid: 'm1', claims: { role: 'member' } }, { id }, 'permission-denied');
    await expectRefused(coach, { id }, 'permission-denied');
  });

  it('refuses bad input, a missing mail and one that did not fail, writing nothing', async () => {
    await expectRefused(admin, {}, 'invalid-argument', 'invalidInput');
    await expectRefused(admin, { id: '../Users' }, 'invalid-argument', 'invalidInput');
    await expectRefused(admin, { id: 'x', extra: 1 }, 'invalid-argument', 'invalidInput');
    await expectRefused(admin, { id: 'welcome-nobody' }, 'not-found', 'mailNotFound');
    const uid = await seedRecipient(world.db);
    const pending = freshId();
    await enqueueMail(world.db, { id: pending, uid, message: MESSAGES.welcome }, Date.now());
    await expectRefused(admin, { id: pending }, 'failed-precondition', 'mailNotFailed');
  });
});

describe('the unsubscribe endpoint', () => {
  const link = (uid: string, kind: Parameters<typeof unsubscribeUrl>[1]['kind']) =>
    new URL(unsubscribeUrl(UNSUBSCRIBE_ENDPOINT, { uid, kind }, UNSUBSCRIBE_SECRET)).searchParams;
  const call = (method: string, query: URLSearchParams, acceptLanguage?: string) =>
    handleUnsubscribe(
      { db: world.db, secret: UNSUBSCRIBE_SECRET },
      { method, query, acceptLanguage },
    );

  it('asks on GET, in the member’s language, and writes nothing', async () => {
    const uid = await seedRecipient(world.db, { Lang: 'es' });
    const before = await dump(world.db);
    const response = await call('GET', link(uid, 'class-reminder'));
    expect(response.status).toBe(200);
    expect(response.html).toContain('<html lang="es">');
    expect(response.html).toContain('recordatorios de clase');
    expect(response.html).toContain('<form method="post">');
    expect(await dump(world.db)).toEqual(before);
  });

  it('turns the kind off on POST (one click), and a replay changes nothing more', async () => {
    const uid = await seedRecipient(world.db);
    const query = link(uid, 'class-reminder');
    const response = await call('POST', query);
    expect(response.status).toBe(200);
    expect(response.html).toContain('You are unsubscribed');
    expect((await world.db.ref(paths.mailPreferences(uid)).get()).val()).toEqual({
      'class-reminder': false,
    });
    const before = await dump(world.db);
    expect((await call('POST', query)).status).toBe(200);
    expect(await dump(world.db)).toEqual(before);
  });

  it('refuses a forged or altered link with 400, writing nothing', async () => {
    const uid = await seedRecipient(world.db);
    const before = await dump(world.db);
    const forged = link(uid, 'class-reminder');
    forged.set('token', 'A'.repeat(43));
    const otherMember = link(uid, 'class-reminder');
    otherMember.set('uid', await seedRecipient(world.db));
    const afterSeed = await dump(world.db);
    for (const query of [
      forged,
      otherMember,
      new URLSearchParams('uid=x'),
      new URLSearchParams(),
    ]) {
      const response = await call('POST', query, 'es-MX,es;q=0.9');
      expect(response.status).toBe(400);
      expect(response.html).toContain('Este enlace no es válido');
    }
    expect(before).not.toEqual(afterSeed);
    expect(await dump(world.db)).toEqual(afterSeed);
  });

  it('writes nothing for a link to a member who is gone, or a kind that always goes', async () => {
    const before = await dump(world.db);
    expect((await call('POST', link('nobody-here', 'welcome'))).status).toBe(400);
    expect(await dump(world.db)).toEqual(before);
    const uid = await seedRecipient(world.db);
    const seeded = await dump(world.db);
    const always = await call('POST', link(uid, 'purchase-receipt'));
    expect(always.status).toBe(200);
    expect(always.html).toContain('These e-mails always go');
    expect(await dump(world.db)).toEqual(seeded);
  });

  it('answers other methods with 405', async () => {
    const uid = await seedRecipient(world.db);
    const response = await call('PUT', link(uid, 'welcome'));
    expect(response.status).toBe(405);
    expect(response.headers).toEqual({ Allow: 'GET, POST' });
  });
});
