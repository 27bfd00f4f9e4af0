// One instance serves many calls at once, so a member's ledger copy or plan flags can be written
// while another call's wallet transaction on `Users/{uid}` waits for the server. The Realtime
// Database SDK drops a waiting transaction when the same process writes two or more keys under
// its node, and its promise never settles: those writes are transactions too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Reference } from 'firebase-admin/database';
import { paths } from '@studio/core';
import type { LedgerEntry } from '@studio/core';
import { flushOutbox } from '../../src/engine/wallets';
import { setFields } from '../../src/engine/fields';
import { newUid, startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';
import { settles } from '../support/settles';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.stop();
});

const entry = (creditId: string): LedgerEntry => ({
  type: 'grant',
  kind: 'regular',
  delta: 1,
  creditId,
  reason: 'Five classes',
  at: 1,
  by: 'system',
});

/** `db`, whose `update()` at `path` runs `after` once the server has taken it. */
function afterUpdateOf(db: Database, path: string, after: () => void): Database {
  const ref = (at?: string): Reference => {
    const real = db.ref(at);
    if (at !== path) return real;
    return new Proxy(real, {
      get(target, key) {
        if (key === 'update') return (value: object) => target.update(value).then(after);
        const property: unknown = Reflect.get(target, key);
        return typeof property === 'function' ? (property as () => unknown).bind(target) : property;
      },
    });
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'ref') return ref;
      const property: unknown = Reflect.get(target, key);
      return typeof property === 'function' ? (property as () => unknown).bind(target) : property;
    },
  });
}

describe('the ledger copy beside a waiting wallet transaction', () => {
  it('the SDK drops a sent transaction when this process updates two keys under its node', async () => {
    const { db } = backend;
    const uid = newUid('sdk-drop');
    await db.ref(paths.user(uid)).set({ Credits: 2, 'ledger-outbox': { a: entry('a') } });
    // Nothing listens here, so the transaction first runs on nothing and the server refuses it.
    const wallet = db
      .ref(paths.user(uid))
      .transaction((current: unknown) => (current === null ? current : { ...current, Credits: 3 }));
    await db.ref(paths.ledgerOutbox(uid)).update({ a: null, b: null });
    // Should a future SDK settle this, the outbox removal may go back to an update.
    expect(await settles(wallet, 3000)).toBe(false);
  });

  it('both land when the outbox is emptied while the transaction waits for the server', async () => {
    const { db } = backend;
    const uid = newUid('flush');
    const outbox = { a: entry('a'), b: entry('b'), c: entry('c') };
    await db.ref(paths.user(uid)).set({ Credits: 3, 'ledger-outbox': outbox });
    // Another call's wallet transaction starts right after the ledger copy, before the removal:
    // it is out, on nothing (nothing listens here), when the removal is written.
    let wallet: Promise<unknown> = Promise.resolve();
    const hooked = afterUpdateOf(db, paths.creditLedger(uid), () => {
      wallet = db
        .ref(paths.user(uid))
        .transaction((current: unknown) =>
          current === null ? current : { ...current, Credits: 4, Name: 'Ana' },
        );
    });
    expect(await settles(flushOutbox(hooked, uid, outbox), 15_000)).toBe(true);
    expect(await settles(wallet, 15_000)).toBe(true);
    const stored = (await db.ref(paths.user(uid)).get()).val() as Record<string, unknown>;
    expect(stored).toMatchObject({ Credits: 4, Name: 'Ana' });
    expect(stored['ledger-outbox']).toBeUndefined();
    expect(Object.keys((await db.ref(paths.creditLedger(uid)).get()).val() as object)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('fields set beside a waiting transaction', () => {
  it('land with it, where an update of the same fields would leave it hanging', async () => {
    const { db } = backend;
    const uid = newUid('fields');
    await db.ref(paths.user(uid)).set({ Credits: 3, activeSuscription: false, Name: 'Ana' });
    // Nothing listens here, so the transaction first runs on nothing and the server refuses it.
    const wallet = db
      .ref(paths.user(uid))
      .transaction((current: unknown) => (current === null ? current : { ...current, Credits: 4 }));
    const flags = setFields(db, paths.user(uid), {
      activeSuscription: true,
      activeSuscriptionId: 'sub_1',
      Name: null,
    });
    expect(await settles(Promise.all([wallet, flags]), 15_000)).toBe(true);
    expect((await db.ref(paths.user(uid)).get()).val()).toEqual({
      Credits: 4,
      activeSuscription: true,
      activeSuscriptionId: 'sub_1',
    });
  });

  it('land when this process writes one field under the node while they wait for the server', async () => {
    const { db } = backend;
    const path = paths.userDirectoryEntry(newUid('directory'));
    await db.ref(path).set({ Name: 'Ana', credits: 2 });
    // Nothing listens here, so the transaction first runs on nothing and the server refuses it;
    // the plain write meanwhile (the directory's credit count) makes the SDK abort it ('set').
    const plan = setFields(db, path, { plan: 'active' });
    await db.ref(`${path}/credits`).set(3);
    expect(await settles(plan, 15_000)).toBe(true);
    expect((await db.ref(path).get()).val()).toEqual({ Name: 'Ana', credits: 3, plan: 'active' });
  });

  it('creates a missing node and removes one left empty', async () => {
    const { db } = backend;
    const path = paths.userDirectoryEntry(newUid('entry'));
    await setFields(db, path, { plan: 'active' });
    expect((await db.ref(path).get()).val()).toEqual({ plan: 'active' });
    await setFields(db, path, { plan: null });
    expect((await db.ref(path).get()).exists()).toBe(false);
  });
});
