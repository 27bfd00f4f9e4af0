// Auth and rules. Users are simulated with mockUserToken
// (the SDK's unsigned JWT); the Auth emulator is not part of this suite, so "a user signed in
// through the Auth emulator" is covered by mock tokens carrying the same claims, and sign-out is
// covered at the protocol level (`unauth`) in protocol.test.ts.
import {
  endAt,
  equalTo,
  get,
  limitToFirst,
  orderByChild,
  orderByKey,
  orderByValue,
  query,
  ref,
  serverTimestamp,
  set,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { roundTrip } from '../support/apps';
import { readAsOwner, setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { rejectionOf } from '../support/wait';
import { watchValue } from '../support/watch';

const RULES = {
  rules: {
    users: {
      $uid: {
        '.read': 'auth != null && auth.uid == $uid',
        '.write': 'auth != null && auth.uid == $uid',
      },
    },
    adminOnly: {
      '.read': "auth != null && auth.token.role == 'admin'",
      '.write': "auth != null && auth.token.role == 'admin'",
    },
    protected: { '.read': 'auth != null', '.write': 'auth != null' },
    provider: {
      '.read': "auth.provider == 'custom' && auth.token.firebase.sign_in_provider == 'custom'",
    },
    parentGrant: { '.read': true, '.write': true, child: { '.write': false } },
    validated: {
      '.read': true,
      '.write': true,
      $item: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
    },
    strict: {
      '.read': true,
      '.write': true,
      $id: { name: { '.validate': 'newData.isString()' }, $other: { '.validate': false } },
    },
    multi: { '.read': true, open: { '.write': true }, closed: { '.write': false } },
    pair: {
      '.read': true,
      '.write': true,
      a: { '.validate': "newData.parent().child('b').val() == newData.val()" },
    },
    owned: {
      '.read': "auth != null && query.orderByChild == 'owner' && query.equalTo == auth.uid",
      '.write': true,
    },
    stamped: { '.read': true, '.write': true, $id: { '.validate': 'newData.val() == now' } },
    locked: { '.read': true, '.write': false },
  },
};

function errorCode(error: Error): unknown {
  return (error as Error & { code?: unknown }).code;
}

describe('auth and rules', () => {
  const ctx = useConformance();

  async function ruled(label: string): Promise<string> {
    return ctx.namespace(label, RULES);
  }

  it('fails an unauthenticated read of a protected path with PERMISSION_DENIED and fires the cancel callback', async () => {
    const ns = await ruled('unauth-read');
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'protected'));
    const [cancelled] = await watch.cancellations.waitForCount(1, 'cancel callback');
    expect(errorCode(cancelled as Error)).toBe('PERMISSION_DENIED');
    expect(watch.values.items).toEqual([]);
    const error = await rejectionOf('get of a protected path', get(ref(db, 'protected')));
    expect(error.message).toMatch(/permission denied/i);
  });

  it('fails an unauthenticated write with PERMISSION_DENIED and writes nothing', async () => {
    const ns = await ruled('unauth-write');
    const db = ctx.apps.client(ns);
    const error = await rejectionOf('unauthenticated write', set(ref(db, 'protected/x'), 1));
    expect(errorCode(error)).toBe('PERMISSION_DENIED');
    expect(error.message).toMatch(/PERMISSION_DENIED/);
    expect(await readAsOwner(ctx.target, '/protected', ns)).toBeNull();
  });

  it("lets mockUserToken {sub: 'alice'} read /users/alice but not /users/bob", async () => {
    const ns = await ruled('alice');
    await writeAsOwner(ctx.target, '/users', ns, { alice: { n: 1 }, bob: { n: 2 } });
    const alice = ctx.apps.client(ns, { token: { sub: 'alice' } });
    expect((await get(ref(alice, 'users/alice'))).val()).toEqual({ n: 1 });
    const error = await rejectionOf("alice reading bob's node", get(ref(alice, 'users/bob')));
    expect(error.message).toMatch(/permission denied/i);
  });

  it('lets a signed-in user write their own node (auth.uid) and not somebody else’s', async () => {
    const ns = await ruled('own-node');
    const alice = ctx.apps.client(ns, { token: { sub: 'alice', email: 'alice@demo.studio' } });
    await set(ref(alice, 'users/alice/profile'), { name: 'Alice' });
    expect(await readAsOwner(ctx.target, '/users/alice/profile', ns)).toEqual({ name: 'Alice' });
    const error = await rejectionOf('alice writing bob', set(ref(alice, 'users/bob/profile'), 1));
    expect(errorCode(error)).toBe('PERMISSION_DENIED');
  });

  it("exposes custom claims as auth.token (role: 'admin')", async () => {
    const ns = await ruled('claims');
    await writeAsOwner(ctx.target, '/adminOnly', ns, 'secret');
    const admin = ctx.apps.client(ns, { token: { sub: 'carol', role: 'admin' } });
    const member = ctx.apps.client(ns, { token: { sub: 'dave', role: 'member' } });
    expect((await get(ref(admin, 'adminOnly'))).val()).toBe('secret');
    await rejectionOf('member reading adminOnly', get(ref(member, 'adminOnly')));
  });

  it('sets auth.provider and auth.token.firebase.sign_in_provider from the token', async () => {
    const ns = await ruled('provider');
    await writeAsOwner(ctx.target, '/provider', ns, 'ok');
    const user = ctx.apps.client(ns, { token: { sub: 'erin' } });
    expect((await get(ref(user, 'provider'))).val()).toBe('ok');
  });

  it('denies reading a parent whose children are readable but which has no .read (rules are not filters)', async () => {
    const ns = await ruled('not-filters');
    await writeAsOwner(ctx.target, '/users', ns, { alice: { n: 1 } });
    const alice = ctx.apps.client(ns, { token: { sub: 'alice' } });
    await rejectionOf('reading /users', get(ref(alice, 'users')));
    const watch = watchValue(query(ref(alice, 'users'), limitToFirst(1)));
    await watch.cancellations.waitForCount(1, 'cancelled query on /users');
    expect(watch.values.items).toEqual([]);
  });

  it('keeps a .write grant at a parent even with .write: false below', async () => {
    const ns = await ruled('parent-grant');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'parentGrant/child'), 'written');
    expect(await readAsOwner(ctx.target, '/parentGrant/child', ns)).toBe('written');
  });

  it('rejects data failing .validate and allows deleting the same node without validation', async () => {
    const ns = await ruled('validate');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'validated/ok'), 5);
    const error = await rejectionOf('negative number', set(ref(db, 'validated/bad'), -1));
    expect(errorCode(error)).toBe('PERMISSION_DENIED');
    await rejectionOf('a string', set(ref(db, 'validated/ok'), 'five'));
    expect(await readAsOwner(ctx.target, '/validated', ns)).toEqual({ ok: 5 });
    await set(ref(db, 'validated/ok'), null);
    expect(await readAsOwner(ctx.target, '/validated', ns)).toBeNull();
  });

  it('rejects unknown children with "$other": {".validate": false}', async () => {
    const ns = await ruled('other');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'strict/s1'), { name: 'ok' });
    await rejectionOf('unknown child', set(ref(db, 'strict/s2'), { name: 'ok', extra: 1 }));
    await rejectionOf('unknown child by update', update(ref(db, 'strict/s1'), { extra: 1 }));
    expect(await readAsOwner(ctx.target, '/strict', ns)).toEqual({ s1: { name: 'ok' } });
  });

  it('rejects a multi-path update as a whole when one path is denied, writing nothing', async () => {
    const ns = await ruled('multi');
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'multi'));
    await watch.values.waitForCount(1, 'initial multi');
    const error = await rejectionOf(
      'half-denied update',
      update(ref(db, 'multi'), { 'open/x': 1, 'closed/y': 2 }),
    );
    expect(errorCode(error)).toBe('PERMISSION_DENIED');
    expect(await readAsOwner(ctx.target, '/multi', ns)).toBeNull();
    await roundTrip(db);
    expect(watch.values.items.at(-1)).toBeNull();
    await update(ref(db, 'multi'), { 'open/x': 1, 'open/y': 2 });
    expect(await readAsOwner(ctx.target, '/multi', ns)).toEqual({ open: { x: 1, y: 2 } });
    watch.stop();
  });

  it('lets newData.parent().child(...) see sibling values from the same update', async () => {
    const ns = await ruled('siblings');
    const db = ctx.apps.client(ns);
    await update(ref(db, 'pair'), { a: 5, b: 5 });
    await rejectionOf('mismatched pair', update(ref(db, 'pair'), { a: 6, b: 7 }));
    await rejectionOf('a alone', set(ref(db, 'pair/a'), 8));
    expect(await readAsOwner(ctx.target, '/pair', ns)).toEqual({ a: 5, b: 5 });
  });

  it('allows the query a query-based rule names and denies the plain listen', async () => {
    const ns = await ruled('query-rule');
    await writeAsOwner(ctx.target, '/owned', ns, {
      o1: { owner: 'alice', v: 1 },
      o2: { owner: 'bob', v: 2 },
      o3: { owner: 'alice', v: 3 },
    });
    const alice = ctx.apps.client(ns, { token: { sub: 'alice' } });
    const allowed = watchValue(query(ref(alice, 'owned'), orderByChild('owner'), equalTo('alice')));
    expect(await allowed.values.waitForCount(1, 'allowed query')).toEqual([
      { o1: { owner: 'alice', v: 1 }, o3: { owner: 'alice', v: 3 } },
    ]);
    // Another client, so the default listen does not shadow the query on the same connection.
    const aliceElsewhere = ctx.apps.client(ns, { token: { sub: 'alice' } });
    const plain = watchValue(ref(aliceElsewhere, 'owned'));
    const [error] = await plain.cancellations.waitForCount(1, 'plain listen cancelled');
    expect(errorCode(error as Error)).toBe('PERMISSION_DENIED');
    const other = watchValue(query(ref(alice, 'owned'), orderByChild('owner'), equalTo('bob')));
    await other.cancellations.waitForCount(1, "query for bob's items cancelled");
    allowed.stop();
  });

  it('lets the admin SDK ignore rules', async () => {
    const ns = await ruled('admin-bypass');
    const admin = ctx.apps.admin(ns);
    await admin.ref('locked').set('admin wrote');
    await admin.ref('users/bob').set({ by: 'admin' });
    expect((await admin.ref('users').once('value')).val()).toEqual({ bob: { by: 'admin' } });
    expect(await readAsOwner(ctx.target, '/locked', ns)).toBe('admin wrote');
  });

  it('makes the admin SDK obey rules as that uid with databaseAuthVariableOverride {uid}', async () => {
    const ns = await ruled('override-uid');
    const admin = ctx.apps.admin(ns, { authOverride: { uid: 'alice' } });
    await admin.ref('users/alice').set({ via: 'override' });
    expect(await readAsOwner(ctx.target, '/users/alice', ns)).toEqual({ via: 'override' });
    await rejectionOf('override writing bob', admin.ref('users/bob').set(1));
    await rejectionOf('override writing locked', admin.ref('locked').set(1));
    expect(await readAsOwner(ctx.target, '/users/bob', ns)).toBeNull();
  });

  it('makes the admin SDK obey rules as unauthenticated with databaseAuthVariableOverride null', async () => {
    const ns = await ruled('override-null');
    await writeAsOwner(ctx.target, '/protected', ns, 'members only');
    await writeAsOwner(ctx.target, '/locked', ns, 'public');
    const admin = ctx.apps.admin(ns, { authOverride: null });
    expect((await admin.ref('locked').once('value')).val()).toBe('public');
    await rejectionOf(
      'unauthenticated admin reading protected',
      admin.ref('protected').once('value'),
    );
    await rejectionOf('unauthenticated admin writing protected', admin.ref('protected').set(1));
    expect(await readAsOwner(ctx.target, '/protected', ns)).toBe('members only');
  });

  it("bypasses rules with mockUserToken 'owner' (withSecurityRulesDisabled)", async () => {
    const ns = await ruled('owner-token');
    const owner = ctx.apps.client(ns, { token: 'owner' });
    await set(ref(owner, 'locked'), 'owner wrote');
    await set(ref(owner, 'users/zed'), 1);
    expect((await get(ref(owner, 'users'))).val()).toEqual({ zed: 1 });
    expect(await readAsOwner(ctx.target, '/locked', ns)).toBe('owner wrote');
  });

  it('cancels active listens, default and query, when newly uploaded rules deny them', async () => {
    const ns = await ctx.namespace('revoke-upload', { rules: { '.read': true, '.write': true } });
    await writeAsOwner(ctx.target, '/feed', ns, { a: 1, b: 2 });
    const db = ctx.apps.client(ns);
    // The query sits on its own client: a default listen on the same path would shadow it.
    const queryDb = ctx.apps.client(ns);
    const plain = watchValue(ref(db, 'feed'));
    const windowed = watchValue(query(ref(queryDb, 'feed'), limitToFirst(1)));
    const stillAllowed = watchValue(ref(db, 'public'));
    await plain.values.waitForCount(1, 'plain listen');
    await windowed.values.waitForCount(1, 'query listen');
    await stillAllowed.values.waitForCount(1, 'public listen');
    await setRules(ctx.target, ns, {
      rules: { feed: { '.read': false }, public: { '.read': true, '.write': true } },
    });
    const [plainError] = await plain.cancellations.waitForCount(1, 'plain listen revoked');
    const [windowError] = await windowed.cancellations.waitForCount(1, 'query listen revoked');
    expect(errorCode(plainError as Error)).toBe('PERMISSION_DENIED');
    expect(errorCode(windowError as Error)).toBe('PERMISSION_DENIED');
    await set(ref(db, 'public'), 'still served');
    expect(
      await stillAllowed.values.waitForMatch((value) => value === 'still served', 'public value'),
    ).toBe('still served');
    expect(stillAllowed.cancellations.items).toEqual([]);
    stillAllowed.stop();
  });

  it('evaluates now in rules as the stored serverTimestamp() (newData.val() == now)', async () => {
    const ns = await ruled('now');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'stamped/a'), serverTimestamp());
    expect(typeof (await readAsOwner(ctx.target, '/stamped/a', ns))).toBe('number');
    await rejectionOf('a literal time', set(ref(db, 'stamped/b'), 123));
    await update(ref(db, 'stamped'), { c: serverTimestamp(), d: serverTimestamp() });
    const stored = (await readAsOwner(ctx.target, '/stamped', ns)) as Record<string, number>;
    expect(stored.c).toBe(stored.d);
  });

  it('reverts the optimistic value in listeners when a write is denied', async () => {
    const ns = await ruled('revert');
    await writeAsOwner(ctx.target, '/locked', ns, 'server');
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'locked'));
    await watch.values.waitForCount(1, 'server value');
    await rejectionOf('denied write', set(ref(db, 'locked'), 'local'));
    await roundTrip(db);
    expect(watch.values.items.at(-1)).toBe('server');
    expect(await readAsOwner(ctx.target, '/locked', ns)).toBe('server');
    watch.stop();
  });

  it('applies query rules to a get() and to a windowed listen the same way', async () => {
    const ns = await ctx.namespace('query-get', {
      rules: {
        scores: { '.read': 'query.limitToFirst != null && query.limitToFirst <= 2' },
      },
    });
    await writeAsOwner(ctx.target, '/scores', ns, { a: 1, b: 2, c: 3 });
    const db = ctx.apps.client(ns);
    const small = await get(query(ref(db, 'scores'), limitToFirst(2)));
    expect(small.val()).toEqual({ a: 1, b: 2 });
    await rejectionOf('limit 3', get(query(ref(db, 'scores'), limitToFirst(3))));
    await rejectionOf('endAt only', get(query(ref(db, 'scores'), endAt(2))));
    await rejectionOf('no query', get(ref(db, 'scores')));
  });
  it('cancels a listen whose .read depends on data once that data changes', async () => {
    const ns = await ctx.namespace('revoke-data', {
      rules: {
        members: { '.read': true },
        board: { '.read': "auth != null && root.child('members').child(auth.uid).exists()" },
      },
    });
    await writeAsOwner(ctx.target, '/', ns, { members: { alice: true }, board: { note: 'hi' } });
    const alice = ctx.apps.client(ns, { token: { sub: 'alice' } });
    const watch = watchValue(ref(alice, 'board'));
    expect(await watch.values.waitForCount(1, 'board for a member')).toEqual([{ note: 'hi' }]);
    await writeAsOwner(ctx.target, '/members/alice', ns, null);
    const [error] = await watch.cancellations.waitForCount(1, 'board listen revoked');
    expect(errorCode(error as Error)).toBe('PERMISSION_DENIED');
  });
  it('builds the query variable from orderByKey and limitToFirst for .read', async () => {
    const ns = await ctx.namespace('query-key-rule', {
      rules: {
        pages: {
          '.read':
            'query.orderByKey == true && query.limitToFirst != null && query.limitToFirst <= 10',
        },
      },
    });
    await writeAsOwner(ctx.target, '/pages', ns, { a: 1, b: 2, c: 3 });
    const db = ctx.apps.client(ns);
    const page = await get(query(ref(db, 'pages'), orderByKey(), limitToFirst(2)));
    expect(page.val()).toEqual({ a: 1, b: 2 });
    await rejectionOf(
      'too big a page',
      get(query(ref(db, 'pages'), orderByKey(), limitToFirst(11))),
    );
    await rejectionOf('wrong order', get(query(ref(db, 'pages'), orderByValue(), limitToFirst(2))));
  });
});
