// onDisconnect: queued per connection, run when the socket
// closes (goOffline, app deleted, socket dropped), server values resolved at that moment.
import { goOffline, increment, onDisconnect, ref, serverTimestamp, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { roundTrip } from '../support/apps';
import { readAsOwner, writeAsOwner } from '../support/rest';
import { emulatorOf, external } from '../support/target';
import { useConformance } from '../support/suite';
import { rejectionOf, sleep, waitUntil } from '../support/wait';
import { sameValue, watchValue } from '../support/watch';

describe('onDisconnect', () => {
  const ctx = useConformance();

  /** Waits until the owner's REST view of `path` equals `expected`. */
  async function eventually(ns: string, path: string, expected: unknown): Promise<void> {
    await waitUntil(`${path} to become ${JSON.stringify(expected)}`, async () =>
      sameValue(await readAsOwner(ctx.target, path, ns), expected),
    );
  }

  it('runs onDisconnect().set when the client calls goOffline(), seen by another client', async () => {
    const ns = await ctx.namespace('od-set');
    const leaving = ctx.apps.client(ns);
    const watcher = ctx.apps.client(ns);
    const watch = watchValue(ref(watcher, 'presence/alice'));
    await watch.values.waitForCount(1, 'initial presence');
    await set(ref(leaving, 'presence/alice'), 'online');
    await onDisconnect(ref(leaving, 'presence/alice')).set('offline');
    await watch.values.waitForMatch((value) => value === 'online', 'online');
    goOffline(leaving);
    expect(await watch.values.waitForMatch((value) => value === 'offline', 'offline')).toBe(
      'offline',
    );
    watch.stop();
  });

  it('runs onDisconnect().update when the client goes offline', async () => {
    const ns = await ctx.namespace('od-update');
    await writeAsOwner(ctx.target, '/status', ns, { state: 'online', keep: 1 });
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'status')).update({ state: 'offline', 'last/seen': 'yes' });
    goOffline(db);
    await eventually(ns, '/status', { state: 'offline', keep: 1, last: { seen: 'yes' } });
  });

  it('runs onDisconnect().remove when the client goes offline', async () => {
    const ns = await ctx.namespace('od-remove');
    await writeAsOwner(ctx.target, '/sessions', ns, { s1: true, s2: true });
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'sessions/s1')).remove();
    goOffline(db);
    await eventually(ns, '/sessions', { s2: true });
  });

  it('runs onDisconnect().setWithPriority when the client goes offline', async () => {
    const ns = await ctx.namespace('od-priority');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'ranked')).setWithPriority('gone', 4);
    goOffline(db);
    await eventually(ns, '/ranked', 'gone');
    const reader = ctx.apps.client(ns);
    const watch = watchValue(ref(reader, 'ranked'));
    await watch.values.waitForCount(1, 'ranked value');
    expect(watch.snapshots[0]?.priority).toBe(4);
    watch.stop();
  });

  it('does not run a write cancelled with onDisconnect().cancel()', async () => {
    const ns = await ctx.namespace('od-cancel');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'cancelled')).set('should not appear');
    await onDisconnect(ref(db, 'kept')).set('appears');
    await onDisconnect(ref(db, 'cancelled')).cancel();
    goOffline(db);
    await eventually(ns, '/kept', 'appears');
    expect(await readAsOwner(ctx.target, '/cancelled', ns)).toBeNull();
  });

  it('cancels the matching part of an update queued at a parent and still runs its siblings', async () => {
    const ns = await ctx.namespace('od-cancel-part');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'room')).update({ a: 'A', b: 'B', 'c/d': 'D' });
    await onDisconnect(ref(db, 'room/a')).cancel();
    await onDisconnect(ref(db, 'room/c/d')).cancel();
    goOffline(db);
    await eventually(ns, '/room', { b: 'B' });
  });

  it('cancels the matching part of a set queued at a parent', async () => {
    const ns = await ctx.namespace('od-cancel-set-part');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'room')).set({ a: 'A', b: 'B' });
    await onDisconnect(ref(db, 'room/a')).cancel();
    goOffline(db);
    await eventually(ns, '/room', { b: 'B' });
  });

  it('stores the disconnect time for onDisconnect().set(serverTimestamp())', async () => {
    const ns = await ctx.namespace('od-timestamp');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'lastSeen')).set(serverTimestamp());
    // A gap between registration and disconnect shows which instant was stored.
    await sleep(300);
    const disconnectedAt = Date.now();
    goOffline(db);
    const stored = await waitUntil('lastSeen stored', async () => {
      const value = await readAsOwner(ctx.target, '/lastSeen', ns);
      return typeof value === 'number' ? value : undefined;
    });
    expect(stored).toBeGreaterThanOrEqual(disconnectedAt);
    expect(stored).toBeLessThanOrEqual(Date.now());
  });

  it('resolves onDisconnect increment() against the value at disconnect time', async () => {
    const ns = await ctx.namespace('od-increment');
    const db = ctx.apps.client(ns);
    await writeAsOwner(ctx.target, '/online', ns, 1);
    await onDisconnect(ref(db, 'online')).set(increment(-1));
    await writeAsOwner(ctx.target, '/online', ns, 5);
    goOffline(db);
    await eventually(ns, '/online', 4);
  });

  it('runs queued writes when the client app is deleted', async () => {
    const ns = await ctx.namespace('od-delete-app');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'gone')).set(true);
    await ctx.apps.deleteClient(db);
    await eventually(ns, '/gone', true);
  });

  it('rejects onDisconnect() on a path the user may not write, immediately', async () => {
    const ns = await ctx.namespace('od-denied', {
      rules: { '.read': true, open: { '.write': true }, locked: { '.write': false } },
    });
    const db = ctx.apps.client(ns);
    const error = await rejectionOf(
      'onDisconnect on a locked path',
      onDisconnect(ref(db, 'locked')).set('x'),
    );
    expect(error.message).toMatch(/permission_denied/i);
    await onDisconnect(ref(db, 'open')).set('fired');
    goOffline(db);
    await eventually(ns, '/open', 'fired');
    expect(await readAsOwner(ctx.target, '/locked', ns)).toBeNull();
  });

  describe.runIf(!external)('on a dropped socket', () => {
    it('runs onDisconnect writes, with the disconnect time, when the socket is dropped', async () => {
      const ns = await ctx.namespace('od-drop');
      const db = ctx.apps.client(ns);
      await onDisconnect(ref(db, 'presence')).set({ state: 'offline', at: serverTimestamp() });
      await roundTrip(db);
      const droppedAt = Date.now();
      emulatorOf(ctx.target).dropConnections();
      const stored = await waitUntil('presence written on drop', async () => {
        const value = (await readAsOwner(ctx.target, '/presence', ns)) as {
          state: string;
          at: number;
        } | null;
        return value ?? undefined;
      });
      expect(stored.state).toBe('offline');
      expect(stored.at).toBeGreaterThanOrEqual(droppedAt);
    });
  });
  it('applies an onDisconnect update queued below an earlier onDisconnect set on top of it', async () => {
    const ns = await ctx.namespace('od-layered');
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'seat')).set({ a: 1, b: 2 });
    await onDisconnect(ref(db, 'seat')).update({ b: 3, c: 4 });
    goOffline(db);
    await eventually(ns, '/seat', { a: 1, b: 3, c: 4 });
  });

  it('replaces queued child writes with a later onDisconnect on their parent', async () => {
    const ns = await ctx.namespace('od-replace');
    await writeAsOwner(ctx.target, '/room', ns, { keep: 'until disconnect' });
    const db = ctx.apps.client(ns);
    await onDisconnect(ref(db, 'room/child')).set('queued first');
    await onDisconnect(ref(db, 'room')).remove();
    goOffline(db);
    await eventually(ns, '/room', null);
  });
});
