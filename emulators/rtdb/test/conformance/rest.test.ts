// REST API: what firebase-tools, scripts and the admin SDK's
// REST calls rely on, plus bad input that must be refused without writing anything.
import { request as httpRequest } from 'node:http';
import { orderByChild, query, ref, startAt } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { readAsOwner, rest, restUrl, sendRaw, setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { mockIdToken } from '../support/tokens';
import { watchValue } from '../support/watch';

const PUSH_ID = /^[-0-9A-Z_a-z]{20}$/;

const RULES = {
  rules: {
    users: { $uid: { '.read': 'auth.uid == $uid', '.write': 'auth.uid == $uid' } },
    public: { '.read': true, '.write': true },
  },
};

describe('REST API', () => {
  const ctx = useConformance();

  it('stores a PUT with Bearer owner, answers with the value and serves it to GET', async () => {
    const ns = await ctx.namespace('rest-put', RULES);
    const value = { name: 'Box', spots: { a: 1, b: 2 }, ok: true };
    const put = await rest(ctx.target, 'PUT', '/classes/c1', { ns, bearer: 'owner', body: value });
    expect(put.status).toBe(200);
    expect(put.json).toEqual(value);
    const read = await rest(ctx.target, 'GET', '/classes/c1', { ns, bearer: 'owner' });
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toMatch(/application\/json/);
    expect(read.json).toEqual(value);
  });

  it('applies a PATCH with multi-segment keys and null deletes, answering with the patch', async () => {
    const ns = await ctx.namespace('rest-patch');
    await writeAsOwner(ctx.target, '/doc', ns, { a: { x: 1, y: 2 }, b: 1 });
    const patch = { 'a/x': 10, b: null, 'c/d': 'deep' };
    const response = await rest(ctx.target, 'PATCH', '/doc', { ns, bearer: 'owner', body: patch });
    expect(response.status).toBe(200);
    expect(response.json).toEqual(patch);
    expect(await readAsOwner(ctx.target, '/doc', ns)).toEqual({
      a: { x: 10, y: 2 },
      c: { d: 'deep' },
    });
  });

  it('deletes the location on a PATCH with body null (firebase database:remove)', async () => {
    const ns = await ctx.namespace('rest-patch-null');
    await writeAsOwner(ctx.target, '/doc', ns, { a: 1, b: 2 });
    await writeAsOwner(ctx.target, '/other', ns, 1);
    const response = await rest(ctx.target, 'PATCH', '/doc', {
      ns,
      bearer: 'owner',
      rawBody: 'null',
      params: { print: 'silent', writeSizeLimit: 'tiny' },
    });
    expect(response.status).toBe(204);
    expect(await readAsOwner(ctx.target, '/', ns)).toEqual({ other: 1 });
  });

  it('answers a POST with {"name": <push id>} and stores the value under it, in time order', async () => {
    const ns = await ctx.namespace('rest-post');
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await rest(ctx.target, 'POST', '/log', { ns, bearer: 'owner', body: { i } });
      expect(response.status).toBe(200);
      const { name } = response.json as { name: string };
      expect(name).toMatch(PUSH_ID);
      names.push(name);
    }
    expect([...names].sort()).toEqual(names);
    const stored = (await readAsOwner(ctx.target, '/log', ns)) as Record<string, { i: number }>;
    expect(names.map((name) => stored[name]?.i)).toEqual([0, 1, 2]);
  });

  it('answers a DELETE with null and removes the location', async () => {
    const ns = await ctx.namespace('rest-delete');
    await writeAsOwner(ctx.target, '/doc', ns, { a: 1, b: 2 });
    const response = await rest(ctx.target, 'DELETE', '/doc/a', { ns, bearer: 'owner' });
    expect(response.status).toBe(200);
    expect(response.json).toBeNull();
    expect(await readAsOwner(ctx.target, '/doc', ns)).toEqual({ b: 2 });
  });

  it('answers 204 with an empty body for print=silent', async () => {
    const ns = await ctx.namespace('rest-silent');
    const put = await rest(ctx.target, 'PUT', '/x', {
      ns,
      bearer: 'owner',
      body: 1,
      params: { print: 'silent' },
    });
    expect(put.status).toBe(204);
    expect(put.text).toBe('');
    const get = await rest(ctx.target, 'GET', '/x', {
      ns,
      bearer: 'owner',
      params: { print: 'silent' },
    });
    expect(get.status).toBe(204);
    expect(get.text).toBe('');
    expect(await readAsOwner(ctx.target, '/x', ns)).toBe(1);
  });

  it('applies rules as the user of ?auth=<mock ID token>', async () => {
    const ns = await ctx.namespace('rest-auth', RULES);
    await writeAsOwner(ctx.target, '/users', ns, { alice: { n: 1 }, bob: { n: 2 } });
    const token = mockIdToken('alice');
    const own = await rest(ctx.target, 'GET', '/users/alice', { ns, params: { auth: token } });
    expect(own.status).toBe(200);
    expect(own.json).toEqual({ n: 1 });
    const other = await rest(ctx.target, 'GET', '/users/bob', { ns, params: { auth: token } });
    expect(other.status).toBe(401);
    const write = await rest(ctx.target, 'PUT', '/users/alice/n', {
      ns,
      body: 5,
      params: { auth: token },
    });
    expect(write.status).toBe(200);
    expect(await readAsOwner(ctx.target, '/users/alice/n', ns)).toBe(5);
  });

  it('answers a denied write with 401 {"error":"Permission denied"} and writes nothing', async () => {
    const ns = await ctx.namespace('rest-denied', RULES);
    const response = await rest(ctx.target, 'PUT', '/users/bob', {
      ns,
      body: { hacked: true },
      params: { auth: mockIdToken('alice') },
    });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'Permission denied' });
    const anonymous = await rest(ctx.target, 'PATCH', '/users', { ns, body: { 'bob/x': 1 } });
    expect(anonymous.status).toBe(401);
    expect(await readAsOwner(ctx.target, '/users', ns)).toBeNull();
  });

  it('denies an unauthenticated GET of a protected path with 401', async () => {
    const ns = await ctx.namespace('rest-unauth', RULES);
    await writeAsOwner(ctx.target, '/users/alice', ns, 1);
    const response = await rest(ctx.target, 'GET', '/users/alice', { ns });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'Permission denied' });
  });

  it('treats ?access_token=<anything> and ?auth=owner as admin', async () => {
    const ns = await ctx.namespace('rest-access-token', {
      rules: { '.read': false, '.write': false },
    });
    const put = await rest(ctx.target, 'PUT', '/x', {
      ns,
      body: 'via access_token',
      params: { access_token: 'ya29.some-oauth-token' },
    });
    expect(put.status).toBe(200);
    const get = await rest(ctx.target, 'GET', '/x', { ns, params: { auth: 'owner' } });
    expect(get.status).toBe(200);
    expect(get.json).toBe('via access_token');
  });

  it('includes priorities with format=export and strips them without it', async () => {
    const ns = await ctx.namespace('rest-export');
    const exported = {
      leaf: { '.value': 'v', '.priority': 5 },
      node: { k: 1, '.priority': 'p' },
      plain: 3,
    };
    await writeAsOwner(ctx.target, '/data', ns, exported);
    const withPriorities = await rest(ctx.target, 'GET', '/data', {
      ns,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(withPriorities.json).toEqual(exported);
    expect(await readAsOwner(ctx.target, '/data', ns)).toEqual({
      leaf: 'v',
      node: { k: 1 },
      plain: 3,
    });
  });

  it('truncates children to true with shallow=true', async () => {
    const ns = await ctx.namespace('rest-shallow');
    await writeAsOwner(ctx.target, '/tree', ns, { a: { deep: 1 }, b: 'leaf', c: 3 });
    const object = await rest(ctx.target, 'GET', '/tree', {
      ns,
      bearer: 'owner',
      params: { shallow: 'true' },
    });
    expect(object.json).toEqual({ a: true, b: true, c: true });
    const leaf = await rest(ctx.target, 'GET', '/tree/b', {
      ns,
      bearer: 'owner',
      params: { shallow: 'true' },
    });
    expect(leaf.json).toBe('leaf');
    const missing = await rest(ctx.target, 'GET', '/nothing', {
      ns,
      bearer: 'owner',
      params: { shallow: 'true' },
    });
    expect(missing.json).toBeNull();
  });

  it('returns the window for orderBy="score"&startAt=10&limitToFirst=2', async () => {
    const ns = await ctx.namespace('rest-query', { rules: { scores: { '.indexOn': 'score' } } });
    await writeAsOwner(ctx.target, '/scores', ns, {
      a: { score: 5 },
      b: { score: 10 },
      c: { score: 15 },
      d: { score: 20 },
    });
    const response = await rest(ctx.target, 'GET', '/scores', {
      ns,
      bearer: 'owner',
      params: { orderBy: '"score"', startAt: '10', limitToFirst: '2' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ b: { score: 10 }, c: { score: 15 } });
  });

  it('answers REST queries with $key, $value, $priority, endAt, equalTo and limitToLast', async () => {
    const ns = await ctx.namespace('rest-query-more', { rules: { v: { '.indexOn': '.value' } } });
    await writeAsOwner(ctx.target, '/v', ns, {
      a: { '.value': 3, '.priority': 2 },
      b: { '.value': 1, '.priority': 1 },
      c: { '.value': 2, '.priority': 3 },
      '10': 0,
      '9': 4,
    });
    const get = async (params: Record<string, string>): Promise<unknown> =>
      (await rest(ctx.target, 'GET', '/v', { ns, bearer: 'owner', params })).json;
    expect(await get({ orderBy: '"$key"', limitToFirst: '2' })).toEqual({ '9': 4, '10': 0 });
    expect(await get({ orderBy: '"$key"', endAt: '"a"', limitToLast: '1' })).toEqual({ a: 3 });
    expect(await get({ orderBy: '"$value"', equalTo: '2' })).toEqual({ c: 2 });
    expect(await get({ orderBy: '"$value"', limitToLast: '2' })).toEqual({ a: 3, '9': 4 });
    expect(await get({ orderBy: '"$priority"', startAt: '2' })).toEqual({ a: 3, c: 2 });
  });

  it('accepts a key name after the value in startAt (startAt=10,"k")', async () => {
    const ns = await ctx.namespace('rest-query-key', { rules: { s: { '.indexOn': 'v' } } });
    await writeAsOwner(ctx.target, '/s', ns, { a: { v: 10 }, b: { v: 10 }, c: { v: 10 } });
    const response = await rest(ctx.target, 'GET', '/s', {
      ns,
      bearer: 'owner',
      params: { orderBy: '"v"', startAt: '10,"b"' },
    });
    expect(response.json).toEqual({ b: { v: 10 }, c: { v: 10 } });
  });

  it('renders index-keyed children as a JSON array on plain GET', async () => {
    const ns = await ctx.namespace('rest-array');
    await writeAsOwner(ctx.target, '/arr', ns, ['x', 'y', 'z']);
    expect(await readAsOwner(ctx.target, '/arr', ns)).toEqual(['x', 'y', 'z']);
    await writeAsOwner(ctx.target, '/holes', ns, { '0': 'a', '2': 'c' });
    expect(await readAsOwner(ctx.target, '/holes', ns)).toEqual(['a', null, 'c']);
  });

  it('resolves server values in a REST write', async () => {
    const ns = await ctx.namespace('rest-sv');
    const before = Date.now();
    const response = await rest(ctx.target, 'PUT', '/t', {
      ns,
      bearer: 'owner',
      body: { at: { '.sv': 'timestamp' }, n: { '.sv': { increment: 2 } } },
    });
    expect(response.status).toBe(200);
    const stored = (await readAsOwner(ctx.target, '/t', ns)) as { at: number; n: number };
    expect(stored.n).toBe(2);
    expect(stored.at).toBeGreaterThanOrEqual(before);
    expect(response.json).toEqual(stored);
  });

  it('delivers a REST write to a websocket listener', async () => {
    const ns = await ctx.namespace('rest-to-ws');
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'board'));
    await watch.values.waitForCount(1, 'initial null');
    await writeAsOwner(ctx.target, '/board', ns, { msg: 'from REST' });
    await watch.values.waitForMatch((value) => value !== null, 'REST PUT');
    await rest(ctx.target, 'PATCH', '/board', { ns, bearer: 'owner', body: { extra: 1 } });
    await watch.values.waitForMatch(
      (value) => (value as { extra?: number } | null)?.extra === 1,
      'REST PATCH',
    );
    await rest(ctx.target, 'DELETE', '/board', { ns, bearer: 'owner' });
    await watch.values.waitForMatch((value) => value === null, 'REST DELETE');
    expect(watch.values.items).toEqual([
      null,
      { msg: 'from REST' },
      { msg: 'from REST', extra: 1 },
      null,
    ]);
    watch.stop();
  });

  it('refuses a body that is not JSON with 400 and writes nothing', async () => {
    const ns = await ctx.namespace('rest-bad-json');
    const response = await rest(ctx.target, 'PUT', '/x', {
      ns,
      bearer: 'owner',
      rawBody: '{"a": 1,',
    });
    expect(response.status).toBe(400);
    expect(typeof (response.json as { error?: unknown } | undefined)?.error).toBe('string');
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
  });

  it('refuses invalid keys in the body with 400 and writes nothing', async () => {
    const ns = await ctx.namespace('rest-bad-key');
    for (const body of [
      { 'a.b': 1 },
      { ok: { 'x#y': 1 } },
      { 'a[0]': 1 },
      { $x: 1 },
      { '.bad': 1 },
    ]) {
      const response = await rest(ctx.target, 'PUT', '/x', { ns, bearer: 'owner', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof (response.json as { error?: unknown } | undefined)?.error).toBe('string');
    }
    const patch = await rest(ctx.target, 'PATCH', '/x', {
      ns,
      bearer: 'owner',
      body: { good: 1, 'bad.key': 2 },
    });
    expect(patch.status).toBe(400);
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
  });

  it('refuses an invalid path with 400', async () => {
    const ns = await ctx.namespace('rest-bad-path');
    const url = restUrl(ctx.target, '/', ns).replace('/.json', '/a%24b/.json');
    const response = await sendRaw(url, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: '1',
    });
    expect(response.status).toBe(400);
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
  });

  it('refuses data nested deeper than 32 levels with 400 and writes nothing', async () => {
    const ns = await ctx.namespace('rest-too-deep');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 33; i += 1) deep = { d: deep };
    const response = await rest(ctx.target, 'PUT', '/x', { ns, bearer: 'owner', body: deep });
    expect(response.status).toBe(400);
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
  });

  it('refuses an object with both .value and children with 400', async () => {
    const ns = await ctx.namespace('rest-value-children');
    const response = await rest(ctx.target, 'PUT', '/x', {
      ns,
      bearer: 'owner',
      body: { '.value': 1, child: 2 },
    });
    expect(response.status).toBe(400);
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
  });

  it('answers 404 for a request path without .json', async () => {
    const ns = await ctx.namespace('rest-404');
    const response = await sendRaw(`http://${ctx.target.hostAndPort}/some/path?ns=${ns}`, {
      method: 'GET',
    });
    expect(response.status).toBe(404);
  });

  it('uses the rules uploaded for the namespace on REST writes (validate on ancestors)', async () => {
    const ns = await ctx.namespace('rest-validate');
    await setRules(ctx.target, ns, {
      rules: {
        '.read': true,
        '.write': true,
        item: { '.validate': "newData.hasChildren(['name'])" },
      },
    });
    const bad = await rest(ctx.target, 'PUT', '/item/other', { ns, body: 1 });
    expect(bad.status).toBe(401);
    const good = await rest(ctx.target, 'PUT', '/item', { ns, body: { name: 'n', other: 1 } });
    expect(good.status).toBe(200);
    expect(await readAsOwner(ctx.target, '/item', ns)).toEqual({ name: 'n', other: 1 });
  });
  it('answers CORS preflight requests with 204 and permissive headers', async () => {
    const ns = await ctx.namespace('rest-cors');
    const response = await sendRaw(restUrl(ctx.target, '/x', ns), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(
      /authorization/,
    );
    const get = await rest(ctx.target, 'GET', '/x', {
      ns,
      bearer: 'owner',
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('treats POST with X-HTTP-Method-Override as that method', async () => {
    const ns = await ctx.namespace('rest-override');
    await writeAsOwner(ctx.target, '/doc', ns, { a: 1 });
    const patched = await rest(ctx.target, 'POST', '/doc', {
      ns,
      bearer: 'owner',
      body: { b: 2 },
      headers: { 'X-HTTP-Method-Override': 'PATCH' },
    });
    expect(patched.status).toBe(200);
    expect(await readAsOwner(ctx.target, '/doc', ns)).toEqual({ a: 1, b: 2 });
    const deleted = await rest(ctx.target, 'POST', '/doc/a', {
      ns,
      bearer: 'owner',
      params: { 'x-http-method-override': 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(await readAsOwner(ctx.target, '/doc', ns)).toEqual({ b: 2 });
  });

  it('sets a priority with PUT on <path>/.priority', async () => {
    const ns = await ctx.namespace('rest-priority-path');
    await writeAsOwner(ctx.target, '/item', ns, { v: 1 });
    const url = restUrl(ctx.target, '/item', ns).replace('/item.json', '/item/.priority.json');
    const response = await sendRaw(url, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: '7',
    });
    expect(response.status).toBe(200);
    const exported = await rest(ctx.target, 'GET', '/item', {
      ns,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(exported.json).toEqual({ v: 1, '.priority': 7 });
  });

  it('indents the JSON for print=pretty', async () => {
    const ns = await ctx.namespace('rest-pretty');
    await writeAsOwner(ctx.target, '/doc', ns, { a: { b: 1 } });
    const response = await rest(ctx.target, 'GET', '/doc', {
      ns,
      bearer: 'owner',
      params: { print: 'pretty' },
    });
    expect(response.text).toContain('\n');
    expect(response.json).toEqual({ a: { b: 1 } });
  });

  it('percent-decodes path segments, so keys with spaces and non-ASCII characters round-trip', async () => {
    const ns = await ctx.namespace('rest-unicode');
    await writeAsOwner(ctx.target, '/clases/año nuevo 😀', ns, 'ok');
    expect(await readAsOwner(ctx.target, '/clases', ns)).toEqual({ 'año nuevo 😀': 'ok' });
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'clases/año nuevo 😀'));
    expect(await watch.values.waitForCount(1, 'unicode key through the SDK')).toEqual(['ok']);
    watch.stop();
  });

  it('answers 404 on the long-polling endpoint /.lp', async () => {
    const ns = await ctx.namespace('rest-lp');
    const response = await sendRaw(
      `http://${ctx.target.hostAndPort}/.lp?start=t&ser=1&cb=1&v=5&ns=${ns}`,
      { method: 'GET' },
    );
    expect(response.status).toBe(404);
  });

  it('takes the namespace from a three-label Host header when ns is absent', async () => {
    const ns = await ctx.namespace('hostns');
    await writeAsOwner(ctx.target, '/from', ns, 'host header');
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: ctx.target.host,
          port: ctx.target.port,
          path: '/from.json',
          headers: {
            Host: `${ns}.firebaseio.test:${ctx.target.port}`,
            Authorization: 'Bearer owner',
          },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body)).toBe('host header');
  });
  it('answers 400 for a bad query parameter', async () => {
    const ns = await ctx.namespace('rest-bad-query');
    await writeAsOwner(ctx.target, '/s', ns, { a: 1 });
    const bad: Record<string, string>[] = [{ limitToFirst: '-1' }, { limitToFirst: 'many' }];
    for (const params of bad) {
      const response = await rest(ctx.target, 'GET', '/s', { ns, bearer: 'owner', params });
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(typeof (response.json as { error?: unknown } | undefined)?.error).toBe('string');
    }
  });

  it('matches with equalTo and a key name on REST (equalTo=10,"b")', async () => {
    const ns = await ctx.namespace('rest-equal-key', { rules: { s: { '.indexOn': ['v'] } } });
    await writeAsOwner(ctx.target, '/s', ns, { a: { v: 10 }, b: { v: 10 }, c: { v: 11 } });
    const response = await rest(ctx.target, 'GET', '/s', {
      ns,
      bearer: 'owner',
      params: { orderBy: '"v"', equalTo: '10,"b"' },
    });
    expect(response.json).toEqual({ b: { v: 10 } });
  });

  // Production answers these with 400 and this text (the message as production's REST
  // API sends it, e.g. firebase-php issue 50). The SDKs' listens are served anyway (queries.test).
  describe('index enforcement on REST queries', () => {
    const scores = { a: { score: 5, x: { y: 2 } }, b: { score: 10, x: { y: 1 } } };
    const indexError = (index: string, path: string) => ({
      error: `Index not defined, add ".indexOn": "${index}", for path "${path}", to the rules`,
    });

    it("refuses orderBy on an unindexed child with 400 and production's message", async () => {
      const ns = await ctx.namespace('rest-noindex', { rules: { '.read': true } });
      await writeAsOwner(ctx.target, '/league/scores', ns, scores);
      const query = async (params: Record<string, string>) => {
        const response = await rest(ctx.target, 'GET', '/league/scores', { ns, params });
        return { status: response.status, json: response.json };
      };
      expect(await query({ orderBy: '"score"' })).toEqual({
        status: 400,
        json: indexError('score', '/league/scores'),
      });
      expect(await query({ orderBy: '"x/y"', limitToFirst: '1' })).toEqual({
        status: 400,
        json: indexError('x/y', '/league/scores'),
      });
      expect(await query({ orderBy: '"$value"', equalTo: '5' })).toEqual({
        status: 400,
        json: indexError('.value', '/league/scores'),
      });
    });

    it('refuses an admin too: an index is not a permission', async () => {
      const ns = await ctx.namespace('rest-noindex-admin');
      await writeAsOwner(ctx.target, '/scores', ns, scores);
      const response = await rest(ctx.target, 'GET', '/scores', {
        ns,
        bearer: 'owner',
        params: { orderBy: '"score"', startAt: '6' },
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual(indexError('score', '/scores'));
    });

    it('needs no index for $key and $priority, nor for a plain GET', async () => {
      const ns = await ctx.namespace('rest-noindex-key', { rules: { '.read': true } });
      await writeAsOwner(ctx.target, '/scores', ns, scores);
      const get = (params: Record<string, string>) =>
        rest(ctx.target, 'GET', '/scores', { ns, params });
      expect((await get({ orderBy: '"$key"', limitToFirst: '1' })).json).toEqual({ a: scores.a });
      expect((await get({ orderBy: '"$priority"' })).status).toBe(200);
      expect((await get({})).json).toEqual(scores);
    });

    it('answers once the rules declare the index at that location (also under a wildcard)', async () => {
      const ns = await ctx.namespace('rest-indexed', {
        rules: { '.read': true, leagues: { $league: { '.indexOn': ['score', 'x/y', '.value'] } } },
      });
      await writeAsOwner(ctx.target, '/leagues/l1', ns, scores);
      await writeAsOwner(ctx.target, '/other', ns, scores);
      const get = (path: string, params: Record<string, string>) =>
        rest(ctx.target, 'GET', path, { ns, params });
      const byScore = await get('/leagues/l1', { orderBy: '"score"', startAt: '6' });
      expect({ status: byScore.status, json: byScore.json }).toEqual({
        status: 200,
        json: { b: scores.b },
      });
      expect((await get('/leagues/l1', { orderBy: '"x/y"', limitToFirst: '1' })).json).toEqual({
        b: scores.b,
      });
      expect((await get('/leagues/l1', { orderBy: '"$value"' })).status).toBe(200);
      // An index declared elsewhere does not count.
      expect((await get('/other', { orderBy: '"score"' })).json).toEqual(
        indexError('score', '/other'),
      );
    });

    it('answers a reader the rules refuse with 401, not with the index error', async () => {
      const ns = await ctx.namespace('rest-noindex-denied', { rules: { open: { '.read': true } } });
      await writeAsOwner(ctx.target, '/secret', ns, scores);
      const response = await rest(ctx.target, 'GET', '/secret', {
        ns,
        params: { orderBy: '"score"' },
      });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ error: 'Permission denied' });
    });

    it('still serves the same query to a WebSocket listener (the SDK filters and warns)', async () => {
      const ns = await ctx.namespace('rest-noindex-ws', { rules: { '.read': true } });
      await writeAsOwner(ctx.target, '/scores', ns, scores);
      const rejected = await rest(ctx.target, 'GET', '/scores', {
        ns,
        params: { orderBy: '"score"', startAt: '6' },
      });
      expect(rejected.status).toBe(400);
      const db = ctx.apps.client(ns);
      const watch = watchValue(query(ref(db, 'scores'), orderByChild('score'), startAt(6)));
      try {
        await watch.values.waitForCount(1, 'the unindexed window');
        expect(watch.snapshots[0]?.val()).toEqual({ b: scores.b });
      } finally {
        watch.stop();
      }
    });
  });
});
