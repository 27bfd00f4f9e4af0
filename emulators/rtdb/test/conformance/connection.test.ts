// Connection and transport through the real SDKs.
import {
  get,
  goOffline,
  goOnline,
  onDisconnect,
  onValue,
  ref,
  set,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { adminRoundTrip } from '../support/apps';
import { readAsOwner, rest, setRules, writeAsOwner } from '../support/rest';
import { emulatorOf, external } from '../support/target';
import { useConformance } from '../support/suite';
import { EventLog, rejectionOf, waitUntil } from '../support/wait';
import { watchValue } from '../support/watch';

/** 100 KB of varied text with multi-byte characters, so a lost or reordered frame shows. */
function bigString(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 é€😀"\\/';
  let text = '';
  for (let i = 0; text.length < 100 * 1024; i += 1) {
    text += `${i}:${alphabet[(i * 7) % alphabet.length] ?? '?'};`;
  }
  return text;
}

describe('connection and transport', () => {
  const ctx = useConformance();

  it('reports .info/connected true and a small .info/serverTimeOffset after the handshake', async () => {
    const ns = await ctx.namespace('connect');
    const db = ctx.apps.client(ns);
    const connected = watchValue(ref(db, '.info/connected'));
    await connected.values.waitForMatch((value) => value === true, '.info/connected true');
    const offsets = watchValue(ref(db, '.info/serverTimeOffset'));
    const [offset] = await offsets.values.waitForCount(1, '.info/serverTimeOffset');
    expect(typeof offset).toBe('number');
    expect(Math.abs(offset as number)).toBeLessThan(5_000);
    offsets.stop();
    connected.stop();
  });

  it('delivers a 100 KB string written by one client intact to another (frames split both ways)', async () => {
    const ns = await ctx.namespace('big');
    const writer = ctx.apps.client(ns);
    const reader = ctx.apps.client(ns);
    const big = bigString();
    const watch = watchValue(ref(reader, 'big/value'));
    await watch.values.waitForCount(1, 'initial null');
    await set(ref(writer, 'big/value'), big);
    const seen = await watch.values.waitForMatch((value) => value !== null, 'the big string');
    expect(seen).toBe(big);
    expect(await readAsOwner(ctx.target, '/big/value', ns)).toBe(big);
    watch.stop();
  });

  it('fans a write out to every client listening on the location', async () => {
    const ns = await ctx.namespace('fanout');
    const listeners = Array.from({ length: 5 }, () => ctx.apps.client(ns));
    const watches = listeners.map((db) => watchValue(ref(db, 'room/message')));
    await Promise.all(watches.map((watch) => watch.values.waitForCount(1, 'initial value')));
    const writer = ctx.apps.client(ns);
    await set(ref(writer, 'room/message'), { text: 'hello all', n: 1 });
    const seen = await Promise.all(
      watches.map((watch) =>
        watch.values.waitForMatch((value) => value !== null, 'the fanned-out message'),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 5 }, () => ({ text: 'hello all', n: 1 })));
    watches.forEach((watch) => watch.stop());
  });

  it('keeps the data of two namespaces on the same port apart', async () => {
    const first = await ctx.namespace('ns-one');
    const second = await ctx.namespace('ns-two');
    await set(ref(ctx.apps.client(first), 'shared/path'), 'first');
    await set(ref(ctx.apps.client(second), 'shared/path'), 'second');
    expect((await get(ref(ctx.apps.client(first), 'shared/path'))).val()).toBe('first');
    expect((await get(ref(ctx.apps.client(second), 'shared/path'))).val()).toBe('second');
    expect(await readAsOwner(ctx.target, '/shared/path', first)).toBe('first');
    expect(await readAsOwner(ctx.target, '/shared/path', second)).toBe('second');
  });

  it('keeps the rules of two namespaces on the same port apart', async () => {
    const closed = await ctx.namespace('rules-closed', {
      rules: { '.read': false, '.write': false },
    });
    const open = await ctx.namespace('rules-open', { rules: { '.read': true, '.write': true } });
    const closedDb = ctx.apps.client(closed);
    const openDb = ctx.apps.client(open);
    await set(ref(openDb, 'x'), 1);
    expect((await get(ref(openDb, 'x'))).val()).toBe(1);
    const error = await rejectionOf('write to the closed namespace', set(ref(closedDb, 'x'), 1));
    expect(error.message).toMatch(/permission_denied/i);
    const response = await rest(ctx.target, 'GET', '/x', { ns: closed });
    expect(response.status).toBe(401);
  });

  it('connects the admin SDK through FIREBASE_DATABASE_EMULATOR_HOST and reads and writes', async () => {
    const ns = await ctx.namespace('admin-env');
    const admin = ctx.apps.admin(ns, { viaEnvironment: true });
    await admin.ref('from/admin').set({ ok: true });
    expect(await readAsOwner(ctx.target, '/from/admin', ns)).toEqual({ ok: true });
    const snapshot = await admin.ref('from/admin').once('value');
    expect(snapshot.val()).toEqual({ ok: true });
  });

  it('lets a client work again after goOffline and goOnline', async () => {
    const ns = await ctx.namespace('offline-online');
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'v'));
    await watch.values.waitForCount(1, 'initial value');
    goOffline(db);
    await writeAsOwner(ctx.target, '/v', ns, 'while offline');
    goOnline(db);
    expect(await watch.values.waitForMatch((value) => value === 'while offline', 'resync')).toBe(
      'while offline',
    );
    watch.stop();
  });

  it('replays writes made while offline once the client is back online', async () => {
    const ns = await ctx.namespace('offline-writes');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'warm'), true);
    goOffline(db);
    const pending = [set(ref(db, 'queued/a'), 1), update(ref(db, 'queued'), { b: 2, 'c/d': 3 })];
    goOnline(db);
    await Promise.all(pending);
    expect(await readAsOwner(ctx.target, '/queued', ns)).toEqual({ a: 1, b: 2, c: { d: 3 } });
  });

  it('registers onDisconnect writes queued while offline once the client reconnects', async () => {
    const ns = await ctx.namespace('offline-ondisconnect');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'warm'), true);
    goOffline(db);
    const registered = onDisconnect(ref(db, 'presence')).set('gone');
    goOnline(db);
    await registered;
    expect(await readAsOwner(ctx.target, '/presence', ns)).toBeNull();
    goOffline(db);
    await waitUntil('the replayed onDisconnect to fire', async () =>
      (await readAsOwner(ctx.target, '/presence', ns)) === 'gone' ? true : undefined,
    );
  });

  describe.runIf(!external)('with in-process hooks', () => {
    it('reconnects the admin SDK after its socket is dropped (hello h is reachable)', async () => {
      const ns = await ctx.namespace('admin-drop');
      const admin = ctx.apps.admin(ns, { viaEnvironment: true });
      const connected = new EventLog<boolean>();
      admin.ref('.info/connected').on('value', (snapshot) => {
        connected.push(snapshot.val() as boolean);
      });
      await connected.waitForMatch((value) => value, 'admin connected');
      await adminRoundTrip(admin);
      const before = connected.length;
      emulatorOf(ctx.target).dropConnections();
      await waitUntil('admin reconnected', () =>
        connected.items.slice(before).join(',').includes('false,true'),
      );
      await admin.ref('after/drop').set('written after reconnect');
      expect(await readAsOwner(ctx.target, '/after/drop', ns)).toBe('written after reconnect');
      admin.ref('.info/connected').off();
    });

    it('re-sends a client listen after a dropped socket and keeps delivering writes', async () => {
      const ns = await ctx.namespace('client-drop');
      const db = ctx.apps.client(ns);
      const watch = watchValue(ref(db, 'live/value'));
      await watch.values.waitForCount(1, 'initial value');
      const connected = new EventLog<boolean>();
      const stopConnected = onValue(ref(db, '.info/connected'), (snapshot) => {
        connected.push(snapshot.val() as boolean);
      });
      await connected.waitForMatch((value) => value, 'client connected');
      const before = connected.length;
      emulatorOf(ctx.target).dropConnections();
      await waitUntil('client reconnected', () =>
        connected.items.slice(before).join(',').includes('false,true'),
      );
      await writeAsOwner(ctx.target, '/live/value', ns, 'after reconnect');
      expect(
        await watch.values.waitForMatch((value) => value === 'after reconnect', 'REST write'),
      ).toBe('after reconnect');
      watch.stop();
      stopConnected();
    });
  });

  it('serves the rules of a namespace uploaded before any connection exists', async () => {
    const ns = await ctx.namespace('rules-first');
    await setRules(ctx.target, ns, { rules: { public: { '.read': true }, '.write': false } });
    await writeAsOwner(ctx.target, '/public', ns, 'visible');
    const db = ctx.apps.client(ns);
    expect((await get(ref(db, 'public'))).val()).toBe('visible');
  });
});
