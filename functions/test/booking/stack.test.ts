// The booking callables through the real Functions emulator (the built lib/index.js, as
// `npm start` serves it), signed in through the Auth emulator, on one local stack: proves the
// wiring — export names, region, auth and role claims, input parsing, error mapping. The
// behaviour itself is tested in-process in the other files.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';
import { paths } from '@studio/core';
import { startStack } from '../../../scripts/lib/stack';
import type { Stack } from '../../../scripts/lib/stack';
import { DAY, MINUTE, read, seedClass, seedMember, seedStudio } from './fixtures';

const FUNCTIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'studio123';

let stack: Stack;
let app: App;
let db: Database;
const tokens: Record<string, string> = {};

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(output))));
  });
}

/** Accounts with role claims in the stack's Auth emulator, and their ID tokens. */
async function signIn(accounts: { uid: string; role: string }[]): Promise<void> {
  const auth = `http://127.0.0.1:${stack.ports.auth}`;
  const created = await fetch(
    `${auth}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({
        users: accounts.map(({ uid, role }) => ({
          localId: uid,
          email: `${uid}@booking.test`,
          rawPassword: PASSWORD,
          customAttributes: JSON.stringify({ role }),
        })),
      }),
    },
  );
  expect(created.status).toBe(200);
  for (const { uid } of accounts) {
    const response = await fetch(
      `${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: `${uid}@booking.test`,
          password: PASSWORD,
          returnSecureToken: true,
        }),
      },
    );
    tokens[uid] = ((await response.json()) as { idToken: string }).idToken;
  }
}

interface Wire {
  status: number;
  result?: unknown;
  error?: { status: string; message: string; details?: { messageKey: string } };
}

async function call(name: string, data: unknown, uid?: string): Promise<Wire> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (uid !== undefined) headers['Authorization'] = `Bearer ${tokens[uid] ?? ''}`;
  const response = await fetch(stack.functionUrl(name), {
    method: 'POST',
    headers,
    body: JSON.stringify({ data }),
  });
  return { status: response.status, ...((await response.json()) as Omit<Wire, 'status'>) };
}

beforeAll(async () => {
  await run(process.execPath, ['build.mjs'], FUNCTIONS_DIR);
  stack = await startStack({ only: ['auth', 'functions'] });
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = stack.env['FIREBASE_DATABASE_EMULATOR_HOST'];
  app = initializeApp(
    {
      projectId: stack.projectId,
      databaseURL: `http://127.0.0.1:${stack.ports.database}?ns=${stack.namespace}`,
    },
    'booking-stack-test',
  );
  db = getDatabase(app);
  await seedStudio(db);
  await signIn([
    { uid: 'stack-admin', role: 'admin' },
    { uid: 'coach-carlos', role: 'coach' },
    { uid: 'stack-ana', role: 'member' },
    { uid: 'stack-bo', role: 'member' },
  ]);
  await seedMember(db, { uid: 'stack-ana', credits: 3 });
  await seedMember(db, { uid: 'stack-bo', credits: 3 });
}, 240_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  if (stack) await stack.stop();
}, 60_000);

describe('booking callables through the Functions emulator', () => {
  it('bookClass books, cancelBooking refunds, and a refusal arrives as an HttpsError', async () => {
    const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY });

    const unauthenticated = await call('bookClass', { classId });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.error).toMatchObject({
      status: 'UNAUTHENTICATED',
      details: { messageKey: 'unauthenticated' },
    });

    const booked = await call('bookClass', { classId, spot: 'A2' }, 'stack-ana');
    expect(booked.result).toMatchObject({ classId, spot: 'A2' });
    expect(await read(db, paths.rosterSpots(classId))).toEqual({ A2: true });

    const taken = await call('bookClass', { classId, spot: 'A2' }, 'stack-bo');
    expect(taken.error).toMatchObject({
      status: 'ALREADY_EXISTS',
      details: { messageKey: 'spotTaken' },
    });

    const cancelled = await call('cancelBooking', { classId }, 'stack-ana');
    expect(cancelled.result).toEqual({ refunded: true });
  }, 120_000);

  it('joinWaitlist and leaveWaitlist queue and unqueue a member', async () => {
    const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, capacity: 1 });
    expect((await call('bookClass', { classId }, 'stack-ana')).result).toBeDefined();
    expect((await call('joinWaitlist', { classId }, 'stack-bo')).result).toEqual({ position: 1 });
    expect((await call('leaveWaitlist', { classId }, 'stack-bo')).result).toEqual({});
    expect(await read(db, paths.userWaitlistEntry('stack-bo', classId))).toMatchObject({
      status: 'left',
    });
  }, 120_000);

  it('checkIn lets the class’s coach mark attendance and refuses a member', async () => {
    const classId = await seedClass(db, { startsAt: Date.now() + 30 * MINUTE });
    await call('bookClass', { classId }, 'stack-bo');
    const denied = await call(
      'checkIn',
      { classId, uid: 'stack-bo', status: 'attended' },
      'stack-ana',
    );
    expect(denied.error).toMatchObject({ status: 'PERMISSION_DENIED' });
    const marked = await call(
      'checkIn',
      { classId, uid: 'stack-bo', status: 'attended' },
      'coach-carlos',
    );
    expect(marked.result).toEqual({});
    expect(await read(db, paths.attendance('stack-bo'))).toMatchObject({ attended: 1 });
  }, 120_000);

  it('adjustCredits, createClasses and cancelClass work for an admin only', async () => {
    const adjusted = await call(
      'adjustCredits',
      { uid: 'stack-ana', kind: 'regular', delta: 2, reason: 'Welcome' },
      'stack-admin',
    );
    expect(adjusted.result).toMatchObject({ balance: expect.any(Number) as number });
    const refused = await call(
      'adjustCredits',
      { uid: 'stack-ana', kind: 'regular', delta: 2, reason: 'Me' },
      'stack-ana',
    );
    expect(refused.error).toMatchObject({ status: 'PERMISSION_DENIED' });

    const created = await call(
      'createClasses',
      {
        branch: 'centro',
        exercise: 'cycling',
        coach: 'carlos',
        layout: 'row',
        hour: '07:00',
        duration: 45,
        repeat: { from: '2030-01-07', until: '2030-01-13', weekdays: [1, 3, 5] },
      },
      'stack-admin',
    );
    const { classIds } = created.result as { classIds: string[] };
    expect(classIds).toHaveLength(3);

    const classId = await seedClass(db, { startsAt: Date.now() + DAY });
    await call('bookClass', { classId }, 'stack-bo');
    const cancelled = await call('cancelClass', { classId, reason: 'Holiday' }, 'stack-admin');
    expect(cancelled.result).toEqual({ refunded: 1 });
    expect(await read(db, paths.class(classId))).toMatchObject({ status: 'cancelled' });
  }, 120_000);
});
