// REST streaming (`Accept: text/event-stream`), read with `eventsource`, the WHATWG EventSource
// client that REST streaming consumers use in Node: the first `put` with the whole location, then
// `put`/`patch` events relative to it as the SDKs write, `keep-alive`, `cancel` when the rules stop
// allowing the read, `auth_revoked` when the credential goes, and the same refusals as a REST read.
import { EventSource } from 'eventsource';
import { afterEach, describe, expect, it } from 'vitest';
import { rest, restUrl, setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { mockIdToken } from '../support/tokens';
import { waitUntil } from '../support/wait';

interface StreamEvent {
  type: string;
  data: unknown;
}

const EVENT_TYPES = ['put', 'patch', 'keep-alive', 'cancel', 'auth_revoked'];

/** One open stream and the events it received, in order. */
interface Stream {
  readonly events: StreamEvent[];
  readonly source: EventSource;
  /** Resolves with the first event of that type after `from` events. */
  next(type: string, from?: number): Promise<StreamEvent>;
  closedByServer(): boolean;
}

const open: EventSource[] = [];

function stream(url: string, headers: Record<string, string> = {}): Stream {
  const events: StreamEvent[] = [];
  let serverClosed = false;
  const source = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers ?? {}), ...headers } }),
  });
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (event) => {
      events.push({ type, data: JSON.parse((event as { data: string }).data) as unknown });
    });
  }
  // The server ends the response after cancel/auth_revoked; EventSource then tries to reconnect.
  source.addEventListener('error', () => {
    serverClosed = true;
  });
  open.push(source);
  return {
    events,
    source,
    async next(type, from = 0) {
      return waitUntil(`a ${type} event`, () =>
        events.slice(from).find((event) => event.type === type),
      );
    },
    closedByServer: () => serverClosed,
  };
}

afterEach(() => {
  for (const source of open.splice(0)) source.close();
});

describe('REST streaming', () => {
  const ctx = useConformance({ streamKeepAliveMs: 300 });

  it('starts with a put of the whole location, then puts and patches relative to it', async () => {
    const ns = await ctx.namespace('stream-events');
    await writeAsOwner(ctx.target, '/rooms/r1', ns, { name: 'Box', seats: { a: 1 } });
    const live = stream(restUrl(ctx.target, '/rooms/r1', ns, { auth: 'owner' }));
    expect(await live.next('put')).toEqual({
      type: 'put',
      data: { path: '/', data: { name: 'Box', seats: { a: 1 } } },
    });

    const db = ctx.apps.admin(ns);
    let seen = live.events.length;
    await db.ref('rooms/r1/seats/b').set(2);
    expect((await live.next('put', seen)).data).toEqual({ path: '/seats/b', data: 2 });

    seen = live.events.length;
    await db.ref('rooms/r1').update({ name: 'Cycle', 'seats/a': null });
    expect((await live.next('patch', seen)).data).toEqual({
      path: '/',
      data: { name: 'Cycle', 'seats/a': null },
    });

    seen = live.events.length;
    await db.ref('rooms/r1').remove();
    expect((await live.next('put', seen)).data).toEqual({ path: '/', data: null });
  });

  it('streams a query as whole windows, with the same parameters as a REST read', async () => {
    const ns = await ctx.namespace('stream-query', {
      rules: { '.read': true, '.write': true, scores: { '.indexOn': ['v'] } },
    });
    await writeAsOwner(ctx.target, '/scores', ns, { a: { v: 1 }, b: { v: 5 }, c: { v: 9 } });
    const live = stream(
      restUrl(ctx.target, '/scores', ns, { orderBy: '"v"', startAt: '4', limitToFirst: '1' }),
    );
    expect((await live.next('put')).data).toEqual({ path: '/', data: { b: { v: 5 } } });
    const seen = live.events.length;
    await ctx.apps.admin(ns).ref('scores/d').set({ v: 4 });
    expect((await live.next('put', seen)).data).toEqual({ path: '/', data: { d: { v: 4 } } });
  });

  it('sends keep-alive events while nothing changes', async () => {
    const ns = await ctx.namespace('stream-keep-alive');
    const live = stream(restUrl(ctx.target, '/quiet', ns, { auth: 'owner' }));
    expect((await live.next('put')).data).toEqual({ path: '/', data: null });
    expect((await live.next('keep-alive')).data).toBeNull();
  });

  it('sends cancel and ends the stream when the rules stop allowing the read', async () => {
    const rules = { rules: { users: { $uid: { '.read': 'auth.uid == $uid' } } } };
    const ns = await ctx.namespace('stream-cancel', rules);
    await writeAsOwner(ctx.target, '/users/alice', ns, { name: 'Alice' });
    const token = mockIdToken('alice');
    const live = stream(restUrl(ctx.target, '/users/alice', ns, { auth: token }));
    expect((await live.next('put')).data).toEqual({ path: '/', data: { name: 'Alice' } });
    await setRules(ctx.target, ns, { rules: { users: { $uid: { '.read': false } } } });
    expect((await live.next('cancel')).data).toBeNull();
    await waitUntil('the stream to end', () => live.closedByServer());
  });

  it('sends auth_revoked when the credential is revoked, and the stream ends', async () => {
    const ns = await ctx.namespace('stream-auth', { rules: { '.read': 'auth != null' } });
    const live = stream(restUrl(ctx.target, '/', ns, { auth: mockIdToken('bob') }));
    await live.next('put');
    const listed = await rest(ctx.target, 'GET', '/.emulator/connections', {
      ns,
      bearer: 'owner',
    });
    const mine = (listed.json as { id: number; namespace: string; transport: string }[]).find(
      (info) => info.namespace === ns && info.transport === 'rest-stream',
    );
    expect(mine).toBeDefined();
    const revoke = await rest(ctx.target, 'POST', '/.emulator/revoke-auth', {
      ns,
      bearer: 'owner',
      params: { id: String(mine?.id) },
    });
    expect(revoke.status).toBe(200);
    expect(typeof (await live.next('auth_revoked')).data).toBe('string');
    await waitUntil('the stream to end', () => live.closedByServer());
  });

  it('refuses like a REST read: 401 for a denied read, 400 without an index or an orderBy', async () => {
    const ns = await ctx.namespace('stream-refused', {
      rules: { private: { '.read': false }, open: { '.read': true } },
    });
    const refused = async (path: string, params: Record<string, string>) => {
      const response = await fetch(restUrl(ctx.target, path, ns, params), {
        headers: { Accept: 'text/event-stream' },
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await refused('/private', {})).toEqual({
      status: 401,
      body: { error: 'Permission denied' },
    });
    expect(await refused('/open', { orderBy: '"score"' })).toEqual({
      status: 400,
      body: { error: 'Index not defined, add ".indexOn": "score", for path "/open", to the rules' },
    });
    expect(await refused('/open', { limitToFirst: '1' })).toEqual({
      status: 400,
      body: { error: 'orderBy must be defined when other query parameters are defined' },
    });
  });
});

describe('REST query parameters without orderBy', () => {
  const ctx = useConformance();

  it("answers a plain read's limit or range without orderBy with production's 400", async () => {
    const ns = await ctx.namespace('rest-order-by-required');
    await writeAsOwner(ctx.target, '/s', ns, { a: 1, b: 2 });
    const withoutOrderBy: Record<string, string>[] = [
      { limitToFirst: '1' },
      { limitToLast: '1' },
      { startAt: '"a"' },
    ];
    for (const params of withoutOrderBy) {
      const response = await rest(ctx.target, 'GET', '/s', { ns, bearer: 'owner', params });
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.json).toEqual({
        error: 'orderBy must be defined when other query parameters are defined',
      });
    }
  });

  it('pages a shallow read by key without orderBy, as firebase-tools does', async () => {
    const ns = await ctx.namespace('rest-shallow-page');
    await writeAsOwner(ctx.target, '/s', ns, { a: { x: 1 }, b: 2, c: 3 });
    const response = await rest(ctx.target, 'GET', '/s', {
      ns,
      bearer: 'owner',
      params: { shallow: 'true', limitToFirst: '2', startAfter: 'a' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ b: true, c: true });
  });
});
