// Wire protocol details the SDKs rely on but hide, checked
// frame by frame with a bare websocket client.
import { describe, expect, it } from 'vitest';
import { RawClient } from '../support/raw-client';
import type { Push } from '../support/raw-client';
import { readAsOwner, rest, setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { mockIdToken } from '../support/tokens';

function isPushFor(path: string, action = 'd') {
  return (push: Push): boolean => push.a === action && push.b.p === path;
}

describe('wire protocol', () => {
  const ctx = useConformance();

  it('sends the hello first, with ts, v "5", h echoing the Host header and a session id', async () => {
    const ns = await ctx.namespace('hello');
    const before = Date.now();
    const client = await RawClient.open(ctx.target, ns);
    const hello = await client.hello();
    expect(hello.v).toBe('5');
    expect(hello.h).toBe(ctx.target.hostAndPort);
    expect(typeof hello.s).toBe('string');
    expect(hello.s.length).toBeGreaterThan(0);
    expect(hello.ts).toBeGreaterThanOrEqual(before - 1_000);
    expect(hello.ts).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(client.messages.items[0]?.t).toBe('c');
    client.close();
  });

  it('answers a ping with a pong that carries d', async () => {
    const ns = await ctx.namespace('ping');
    const client = await RawClient.connect(ctx.target, ns);
    client.sendEnvelope({ t: 'c', d: { t: 'p', d: {} } });
    await client.messages.waitForMatch(
      (message) => message.t === 'c' && (message.d as { t?: string }).t === 'o',
      'pong',
    );
    const pong = client.controls().find((control) => control.t === 'o');
    expect(pong).toEqual({ t: 'o', d: {} });
    client.close();
  });

  it('answers the stats request with ok and ignores a bare "0" keepalive frame', async () => {
    const ns = await ctx.namespace('stats');
    const client = await RawClient.connect(ctx.target, ns);
    expect(await client.request('s', { c: { 'sdk.node.12-19-0': 1 } })).toMatchObject({ s: 'ok' });
    client.sendText('0');
    expect(await client.request('s', { c: {} })).toMatchObject({ s: 'ok' });
    expect(client.isClosed).toBe(false);
    client.close();
  });

  it('reassembles a message the client split into a count frame and segments', async () => {
    const ns = await ctx.namespace('split');
    const client = await RawClient.connect(ctx.target, ns);
    const value = 'z'.repeat(40_000);
    const text = JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/big', d: value } } });
    const segments = [text.slice(0, 16_384), text.slice(16_384, 32_768), text.slice(32_768)];
    client.sendText(String(segments.length));
    segments.forEach((segment) => client.sendText(segment));
    expect(await client.response(1)).toMatchObject({ s: 'ok' });
    expect(await readAsOwner(ctx.target, '/big', ns)).toBe(value);
    client.close();
  });

  it('never sends a bare numeric frame other than as the count of a split message', async () => {
    const ns = await ctx.namespace('no-numeric');
    await writeAsOwner(ctx.target, '/big', ns, 'y'.repeat(50_000));
    const client = await RawClient.connect(ctx.target, ns);
    expect(await client.request('q', { p: '/big', h: '' })).toMatchObject({ s: 'ok' });
    const push = client.pushes().find(isPushFor('/big'));
    expect(push?.b.d).toBe('y'.repeat(50_000));
    for (let i = 0; i < client.frames.length; i += 1) {
      const frame = client.frames[i] ?? '';
      if (/^\d{1,6}$/.test(frame)) expect(Number(frame)).toBeGreaterThan(0);
    }
    client.close();
  });

  it('pushes the data of a default listen before its ok, untagged', async () => {
    const ns = await ctx.namespace('listen-order');
    await writeAsOwner(ctx.target, '/a/b', ns, { x: 1 });
    const client = await RawClient.connect(ctx.target, ns);
    const r = client.sendRequest('q', { p: '/a/b', h: '' });
    expect(await client.response(r)).toMatchObject({ s: 'ok' });
    const push = client.pushes().find(isPushFor('/a/b'));
    expect(push?.b).toEqual({ p: '/a/b', d: { x: 1 } });
    expect(client.indexOfPush(push)).toBeGreaterThan(0);
    expect(client.indexOfPush(push)).toBeLessThan(client.indexOfResponse(r));
    client.close();
  });

  it('pushes the window of a tagged query with its tag, at the query path, before the ok', async () => {
    const ns = await ctx.namespace('tagged');
    await writeAsOwner(ctx.target, '/q1', ns, {
      k1: { score: 12 },
      k2: { score: 15 },
      k3: { score: 30 },
      k4: { score: 5 },
    });
    const client = await RawClient.connect(ctx.target, ns);
    const q = { sp: 10, sin: true, ep: 20, ein: true, l: 3, vf: 'l', i: 'score' };
    const r = client.sendRequest('q', { p: '/q1', q, t: 7, h: '' });
    expect(await client.response(r)).toMatchObject({ s: 'ok' });
    const push = client.pushes().find(isPushFor('/q1'));
    expect(push?.b).toEqual({ p: '/q1', d: { k1: { score: 12 }, k2: { score: 15 } }, t: 7 });
    expect(client.indexOfPush(push)).toBeLessThan(client.indexOfResponse(r));
    await writeAsOwner(ctx.target, '/q1/k5', ns, { score: 11 });
    const update = await client.waitForPush(
      (candidate) => candidate !== push && candidate.b.t === 7,
      'tagged update push',
    );
    expect(String(update.b.p).startsWith('/q1')).toBe(true);
    client.close();
  });

  it('stops pushes for a listen after n (unlisten)', async () => {
    const ns = await ctx.namespace('unlisten');
    const client = await RawClient.connect(ctx.target, ns);
    await client.request('q', { p: '/topic', h: '' });
    await client.request('n', { p: '/topic' });
    const pushesBefore = client.pushes().length;
    await writeAsOwner(ctx.target, '/topic', ns, 'after unlisten');
    expect(await client.request('s', { c: {} })).toMatchObject({ s: 'ok' });
    expect(client.pushes().slice(pushesBefore)).toEqual([]);
    client.close();
  });

  it('answers g with the value including priorities, filtered by q, without creating a listen', async () => {
    const ns = await ctx.namespace('get');
    await writeAsOwner(ctx.target, '/g', ns, {
      k1: { c: 1, '.priority': 3 },
      k2: { c: 2 },
      leaf: { '.value': 'v', '.priority': 'p' },
    });
    const client = await RawClient.connect(ctx.target, ns);
    const whole = await client.request('g', { p: '/g', q: {} });
    expect(whole).toEqual({
      s: 'ok',
      d: { k1: { c: 1, '.priority': 3 }, k2: { c: 2 }, leaf: { '.value': 'v', '.priority': 'p' } },
    });
    const window = await client.request('g', { p: '/g', q: { l: 1, vf: 'l', i: 'c' } });
    expect(window).toEqual({ s: 'ok', d: { leaf: { '.value': 'v', '.priority': 'p' } } });
    const missing = await client.request('g', { p: '/none', q: {} });
    expect(missing).toEqual({ s: 'ok', d: null });
    await writeAsOwner(ctx.target, '/g/k2', ns, 'changed');
    expect(await client.request('s', { c: {} })).toMatchObject({ s: 'ok' });
    expect(client.pushes()).toEqual([]);
    client.close();
  });

  it("pushes a write to the writer's own listen before acknowledging it", async () => {
    const ns = await ctx.namespace('push-before-ack');
    const client = await RawClient.connect(ctx.target, ns);
    await client.request('q', { p: '/w', h: '' });
    const pushesBefore = client.pushes().length;
    const r = client.sendRequest('p', { p: '/w/x', d: 'new' });
    expect(await client.response(r)).toMatchObject({ s: 'ok' });
    const newPushes = client.pushes().slice(pushesBefore);
    expect(newPushes.length).toBeGreaterThan(0);
    const lastPush = newPushes.at(-1);
    expect(client.indexOfPush(lastPush)).toBeLessThan(client.indexOfResponse(r));
    client.close();
  });

  it('applies a merge (m) atomically and pushes it to listeners as one message', async () => {
    const ns = await ctx.namespace('merge');
    await writeAsOwner(ctx.target, '/w', ns, { keep: 1, z: 'gone' });
    const listener = await RawClient.connect(ctx.target, ns);
    await listener.request('q', { p: '/w', h: '' });
    const pushesBefore = listener.pushes().length;
    const writer = await RawClient.connect(ctx.target, ns);
    expect(
      await writer.request('m', { p: '/w', d: { 'x/y': 1, z: null, 'p/.priority': 3 } }),
    ).toMatchObject({ s: 'ok' });
    expect(await listener.request('s', { c: {} })).toMatchObject({ s: 'ok' });
    expect(listener.pushes().slice(pushesBefore)).toHaveLength(1);
    expect(await readAsOwner(ctx.target, '/w', ns)).toEqual({ keep: 1, x: { y: 1 } });
    listener.close();
    writer.close();
  });

  it.each([
    ['5', 5, 'w28swksk9+tXf5jEdS9R5oSFAv8='],
    ['1.5', 1.5, '4MftviR9Z/2MQCMkjh2RNbvlLJc='],
    ['-1', -1, 'dMw8oUBNk57KCeIcgAKXVS2BfB0='],
    ['"hello"', 'hello', 'z6sRbrNLwbHX5fdjpvsTtWgXUFc='],
    ['true', true, 'E5z61QM0lN/U2WsOnusszCTkR8M='],
    ['{"a":1,"b":{"c":"x"}}', { a: 1, b: { c: 'x' } }, 'ysk3YQgEFZBh3N6ot97Ywoub98Q='],
    ['a leaf with priority 1', { '.value': 3, '.priority': 1 }, '3wXWF3gDap6hMAJkscycMFLN0IA='],
    ['a node with priority "p"', { a: 1, '.priority': 'p' }, 'XmDTv07owVSgIxu8wWYeRPkdpXU='],
    [
      'children with mixed priorities',
      { b: { '.value': 1, '.priority': 'z' }, a: { '.value': 2, '.priority': 5 }, c: 3 },
      'zjU7WZ571RtwfCgz+Twc7S6GR8U=',
    ],
    ['integer-like keys', { '9': 1, '10': 1, a: 1, '-1': 1 }, 'vUbDcbSFPHG8p4hEOemblr5590g='],
    ['MAX_SAFE_INTEGER', 9007199254740991, 'm4qsp/5BbIWTdjthNlnOX+WCTB0='],
    ['3.9999999999999996', 3.9999999999999996, 'eVih19a6ZDz3NL32uVBtg9KSgQY='],
    ['2^-55', 2.7755575615628914e-17, 'CMG4cFM+vnPWT+/pbIw3SlWKto4='],
  ])('accepts a transaction put whose h is the SDK hash of %s', async (_, stored, hash) => {
    const ns = await ctx.namespace('hash');
    await rest(ctx.target, 'PUT', '/txn', { ns, bearer: 'owner', body: stored });
    const client = await RawClient.connect(ctx.target, ns);
    expect(await client.request('p', { p: '/txn', d: 'next', h: hash })).toMatchObject({ s: 'ok' });
    expect(await readAsOwner(ctx.target, '/txn', ns)).toBe('next');
    client.close();
  });

  it('answers datastale to a transaction put with a stale hash and changes nothing', async () => {
    const ns = await ctx.namespace('datastale');
    await writeAsOwner(ctx.target, '/txn', ns, 6);
    const client = await RawClient.connect(ctx.target, ns);
    const response = await client.request('p', {
      p: '/txn',
      d: 1,
      h: 'w28swksk9+tXf5jEdS9R5oSFAv8=',
    });
    expect(response.s).toBe('datastale');
    expect(await readAsOwner(ctx.target, '/txn', ns)).toBe(6);
    const empty = await client.request('p', { p: '/txn', d: 1, h: '' });
    expect(empty.s).toBe('datastale');
    client.close();
  });

  it('revokes a tagged listen on rules upload with c carrying q as an array', async () => {
    const ns = await ctx.namespace('revoke-tag', { rules: { '.read': true, '.write': true } });
    const client = await RawClient.connect(ctx.target, ns);
    const q = { l: 1, vf: 'l', i: '.key' };
    await client.request('q', { p: '/revoke2', q, t: 3, h: '' });
    await client.request('q', { p: '/revoke', h: '' });
    await setRules(ctx.target, ns, { rules: { '.read': false } });
    const tagged = await client.waitForPush(isPushFor('/revoke2', 'c'), 'c for the tagged listen');
    expect(tagged.b).toEqual({ p: '/revoke2', q: [q] });
    const plain = await client.waitForPush(isPushFor('/revoke', 'c'), 'c for the default listen');
    expect(plain.b).toEqual({ p: '/revoke' });
    client.close();
  });

  it('revokes a listen when the user signs out (unauth)', async () => {
    const ns = await ctx.namespace('unauth', {
      rules: { users: { $uid: { '.read': 'auth != null && auth.uid == $uid' } } },
    });
    const client = await RawClient.connect(ctx.target, ns);
    expect(await client.request('auth', { cred: mockIdToken('alice') })).toMatchObject({ s: 'ok' });
    expect(await client.request('q', { p: '/users/alice', h: '' })).toMatchObject({ s: 'ok' });
    expect(await client.request('unauth', {})).toMatchObject({ s: 'ok' });
    const revoked = await client.waitForPush(isPushFor('/users/alice', 'c'), 'c after unauth');
    expect(revoked.b).toEqual({ p: '/users/alice' });
    expect(await client.request('q', { p: '/users/alice', h: '' })).toMatchObject({
      s: 'permission_denied',
    });
    client.close();
  });

  it('revokes a listen when the connection re-authenticates as another user', async () => {
    const ns = await ctx.namespace('reauth', {
      rules: { users: { $uid: { '.read': 'auth != null && auth.uid == $uid' } } },
    });
    const client = await RawClient.connect(ctx.target, ns);
    await client.request('auth', { cred: mockIdToken('alice') });
    expect(await client.request('q', { p: '/users/alice', h: '' })).toMatchObject({ s: 'ok' });
    expect(await client.request('auth', { cred: mockIdToken('bob') })).toMatchObject({ s: 'ok' });
    const revoked = await client.waitForPush(isPushFor('/users/alice', 'c'), 'c after re-auth');
    expect(revoked.b).toEqual({ p: '/users/alice' });
    client.close();
  });

  it('treats gauth with cred "owner" as admin and with authvar as that auth', async () => {
    const ns = await ctx.namespace('gauth', {
      rules: { '.read': false, svc: { '.read': "auth.uid == 'svc'" } },
    });
    await writeAsOwner(ctx.target, '/svc', ns, 'service data');
    const owner = await RawClient.connect(ctx.target, ns);
    expect(await owner.request('gauth', { cred: 'owner' })).toMatchObject({ s: 'ok' });
    expect(await owner.request('g', { p: '/', q: {} })).toEqual({
      s: 'ok',
      d: { svc: 'service data' },
    });
    const service = await RawClient.connect(ctx.target, ns);
    await service.request('gauth', { cred: 'owner', authvar: { uid: 'svc' } });
    expect(await service.request('g', { p: '/svc', q: {} })).toEqual({
      s: 'ok',
      d: 'service data',
    });
    expect((await service.request('g', { p: '/', q: {} })).s).toBe('permission_denied');
    const nobody = await RawClient.connect(ctx.target, ns);
    await nobody.request('gauth', { cred: 'owner', noauth: true });
    expect((await nobody.request('g', { p: '/svc', q: {} })).s).toBe('permission_denied');
    owner.close();
    service.close();
    nobody.close();
  });

  it('answers appcheck and unappeck with ok', async () => {
    const ns = await ctx.namespace('appcheck');
    const client = await RawClient.connect(ctx.target, ns);
    expect(await client.request('appcheck', { token: 'fake' })).toMatchObject({ s: 'ok' });
    expect(await client.request('unappeck', {})).toMatchObject({ s: 'ok' });
    client.close();
  });

  it('runs the onDisconnect writes of an old session when a client reconnects with ls=<session>', async () => {
    const ns = await ctx.namespace('last-session');
    const old = await RawClient.connect(ctx.target, ns);
    const { s: session } = await old.hello();
    expect(await old.request('o', { p: '/od', d: 'fired' })).toMatchObject({ s: 'ok' });
    const replacement = await RawClient.connect(ctx.target, ns, `&ls=${session}`);
    expect(await replacement.request('g', { p: '/od', q: {} })).toEqual({ s: 'ok', d: 'fired' });
    old.close();
    replacement.close();
  });
  it('treats gauth with a decodable JWT like auth (the user, not admin)', async () => {
    const ns = await ctx.namespace('gauth-jwt', {
      rules: { users: { $uid: { '.read': 'auth != null && auth.uid == $uid' } } },
    });
    await writeAsOwner(ctx.target, '/users', ns, { alice: 1, bob: 2 });
    const client = await RawClient.connect(ctx.target, ns);
    expect(await client.request('gauth', { cred: mockIdToken('alice') })).toMatchObject({
      s: 'ok',
    });
    expect(await client.request('g', { p: '/users/alice', q: {} })).toEqual({ s: 'ok', d: 1 });
    expect((await client.request('g', { p: '/users/bob', q: {} })).s).toBe('permission_denied');
    client.close();
  });

  it('answers auth with an undecodable token with invalid_token', async () => {
    const ns = await ctx.namespace('bad-token');
    const client = await RawClient.connect(ctx.target, ns);
    const response = await client.request('auth', { cred: 'not.a-jwt.at-all' });
    expect(response.s).toBe('invalid_token');
    client.close();
  });

  it('takes the uid from user_id when a token has no sub', async () => {
    const ns = await ctx.namespace('user-id-token', {
      rules: { users: { $uid: { '.read': 'auth != null && auth.uid == $uid' } } },
    });
    await writeAsOwner(ctx.target, '/users/carol', ns, 'mine');
    const client = await RawClient.connect(ctx.target, ns);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({
        user_id: 'carol',
        iat: 1,
        exp: 2,
        firebase: { sign_in_provider: 'password' },
      }),
    ).toString('base64url');
    expect(await client.request('auth', { cred: `${header}.${claims}.` })).toMatchObject({
      s: 'ok',
    });
    expect(await client.request('g', { p: '/users/carol', q: {} })).toEqual({ s: 'ok', d: 'mine' });
    client.close();
  });
});
