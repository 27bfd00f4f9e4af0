// Rules upload and the export/import calls firebase-tools makes, plus the admin SDK's
// getRules/setRules/getRulesJSON.
import { ref, set } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { getRulesText, putRules, readAsOwner, rest, sendRaw, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { rejectionOf } from '../support/wait';
import { watchValue } from '../support/watch';

const COMMENTED_RULES = `{
  // Studio rules: members read their own node.
  "rules": {
    /* everything below is closed unless granted */
    "members": {
      "$uid": {
        ".read": "auth != null && auth.uid == $uid", // own node only
        ".write": false
      }
    },
    "open": { ".read": true, ".write": "true" } // a "string // not a comment"
  }
}
`;

describe('rules upload and tooling', () => {
  const ctx = useConformance();

  it('accepts rules with comments and serves back exactly the uploaded text', async () => {
    const ns = await ctx.namespace('rules-comments');
    const upload = await putRules(ctx.target, ns, COMMENTED_RULES);
    expect(upload.status).toBe(200);
    expect(upload.json).toEqual({ status: 'ok' });
    const read = await getRulesText(ctx.target, ns);
    expect(read.status).toBe(200);
    expect(read.text).toBe(COMMENTED_RULES);
    const denied = await rest(ctx.target, 'PUT', '/members/x', { ns, body: 1 });
    expect(denied.status).toBe(401);
    const allowed = await rest(ctx.target, 'PUT', '/open/x', { ns, body: 1 });
    expect(allowed.status).toBe(200);
  });

  it('serves the parsed rules without comments for format=strict', async () => {
    const ns = await ctx.namespace('rules-strict');
    await putRules(ctx.target, ns, COMMENTED_RULES);
    const strict = await getRulesText(ctx.target, ns, { format: 'strict' });
    expect(strict.status).toBe(200);
    expect(strict.json).toEqual({
      rules: {
        members: { $uid: { '.read': 'auth != null && auth.uid == $uid', '.write': false } },
        open: { '.read': true, '.write': 'true' },
      },
    });
  });

  it.each([
    ['invalid JSON', '{ "rules": { ".read": true, } '],
    ['an expression syntax error', '{"rules": {".read": "auth.uid =="}}'],
    ['an unknown dot-key', '{"rules": {".reed": true}}'],
    ['no top-level rules key', '{"roles": {".read": true}}'],
    ['an unknown variable', '{"rules": {".read": "nobody == 1"}}'],
    ['two wildcards on one node', '{"rules": {"$a": {".read": true}, "$b": {".read": true}}}'],
    ['a wildcard name repeated along a branch', '{"rules": {"$a": {"$a": {".read": true}}}}'],
    ['a number as .read', '{"rules": {".read": 1}}'],
    ['a non-boolean expression', '{"rules": {".read": "\'text\'"}}'],
    ['newData in .read', '{"rules": {".read": "newData.exists()"}}'],
  ])('refuses rules with %s with 400 and an error, keeping the old rules', async (_, bad) => {
    const ns = await ctx.namespace('rules-bad');
    await putRules(ctx.target, ns, COMMENTED_RULES);
    const response = await putRules(ctx.target, ns, bad);
    expect(response.status).toBe(400);
    expect(typeof (response.json as { error?: unknown } | undefined)?.error).toBe('string');
    expect((await getRulesText(ctx.target, ns)).text).toBe(COMMENTED_RULES);
    const stillDenied = await rest(ctx.target, 'PUT', '/members/x', { ns, body: 1 });
    expect(stillDenied.status).toBe(401);
  });

  it('serves open rules for a namespace without uploaded rules', async () => {
    const ns = await ctx.namespace('rules-default');
    const response = await getRulesText(ctx.target, ns);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ rules: { '.read': true, '.write': true } });
  });

  it('requires admin credentials to upload rules', async () => {
    const ns = await ctx.namespace('rules-anon-upload');
    const response = await sendRaw(
      `http://${ctx.target.hostAndPort}/.settings/rules.json?ns=${ns}`,
      {
        method: 'PUT',
        body: '{"rules": {".read": false}}',
      },
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await getRulesText(ctx.target, ns)).json).toEqual({
      rules: { '.read': true, '.write': true },
    });
  });

  it('supports the admin SDK getRules(), getRulesJSON() and setRules()', async () => {
    const ns = await ctx.namespace('admin-rules');
    const admin = ctx.apps.admin(ns);
    await admin.setRules(COMMENTED_RULES);
    expect(await admin.getRules()).toBe(COMMENTED_RULES);
    expect(await admin.getRulesJSON()).toEqual({
      rules: {
        members: { $uid: { '.read': 'auth != null && auth.uid == $uid', '.write': false } },
        open: { '.read': true, '.write': 'true' },
      },
    });
    await admin.setRules({ rules: { '.read': true, '.write': false } });
    expect(JSON.parse(await admin.getRules())).toEqual({
      rules: { '.read': true, '.write': false },
    });
    const client = ctx.apps.client(ns);
    await rejectionOf('write under the new admin-set rules', set(ref(client, 'x'), 1));
    const error = await rejectionOf(
      'bad rules through the admin SDK',
      admin.setRules('{"rules": '),
    );
    expect(error.message).toMatch(/Error while accessing security rules/);
  });

  it('lists known namespaces at /.inspect/databases.json', async () => {
    const ns = await ctx.namespace('inspect');
    await writeAsOwner(ctx.target, '/x', ns, 1);
    const response = await sendRaw(
      `http://${ctx.target.hostAndPort}/.inspect/databases.json?ns=demo-studio`,
      { method: 'GET', headers: { Authorization: 'Bearer owner' } },
    );
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    const names = (response.json as { name?: unknown }[]).map((entry) => entry.name);
    expect(names).toContain(ns);
  });

  it('round-trips a namespace through the emulators:export and --import calls', async () => {
    const source = await ctx.namespace('export-src');
    const destination = await ctx.namespace('export-dst');
    const data = {
      users: { alice: { name: 'Alice', '.priority': 1 }, bob: { name: 'Bob' } },
      counters: { visits: { '.value': 42, '.priority': 'p' } },
      list: { '0': 'a', '1': 'b' },
    };
    await writeAsOwner(ctx.target, '/', source, data);
    const probe = await rest(ctx.target, 'GET', '/', {
      ns: source,
      bearer: 'owner',
      params: { shallow: 'true', limitToFirst: '1' },
    });
    expect(Object.keys(probe.json as object)).toHaveLength(1);
    const emptyProbe = await rest(ctx.target, 'GET', '/', {
      ns: destination,
      bearer: 'owner',
      params: { shallow: 'true', limitToFirst: '1' },
    });
    expect(emptyProbe.json).toBeNull();
    const exported = await rest(ctx.target, 'GET', '/', {
      ns: source,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(exported.json).toEqual(data);
    const imported = await rest(ctx.target, 'PUT', '/', {
      ns: destination,
      bearer: 'owner',
      rawBody: exported.text,
      params: { disableTriggers: 'true', writeSizeLimit: 'unlimited' },
    });
    expect(imported.status).toBe(200);
    const reExported = await rest(ctx.target, 'GET', '/', {
      ns: destination,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(reExported.json).toEqual(data);
  });

  it('notifies listeners when a namespace is replaced by an import', async () => {
    const ns = await ctx.namespace('import-notify');
    await writeAsOwner(ctx.target, '/', ns, { old: true });
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, '/'));
    await watch.values.waitForCount(1, 'old data');
    await rest(ctx.target, 'PUT', '/', {
      ns,
      bearer: 'owner',
      body: { fresh: { n: 1 } },
      params: { disableTriggers: 'true', writeSizeLimit: 'unlimited' },
    });
    expect(
      await watch.values.waitForMatch(
        (value) => (value as { fresh?: unknown } | null)?.fresh !== undefined,
        'imported data',
      ),
    ).toEqual({ fresh: { n: 1 } });
    watch.stop();
  });

  it('pages shallow keys the way firebase-tools does (no orderBy, unquoted startAfter key)', async () => {
    const ns = await ctx.namespace('shallow-paging');
    await writeAsOwner(ctx.target, '/', ns, { a: { x: 1 }, b: 2, c: { y: 3 }, d: 4 });
    const page = await rest(ctx.target, 'GET', '/', {
      ns,
      bearer: 'owner',
      params: { shallow: 'true', limitToFirst: '2', startAfter: 'b' },
    });
    expect(page.status).toBe(200);
    expect(page.json).toEqual({ c: true, d: true });
  });

  it('accepts the functions emulator trigger registration call', async () => {
    const ns = await ctx.namespace('triggers');
    const response = await sendRaw(
      `http://${ctx.target.hostAndPort}/.settings/functionTriggers.json?ns=${ns}`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'f', path: '/x', event: 'write', topic: 't' }),
      },
    );
    expect(response.status).toBe(200);
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
  });
});
