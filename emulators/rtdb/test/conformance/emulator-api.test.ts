// The programmatic API `startRtdbEmulator`: port 0, URL, stop, initial data and
// rules, persistence in a data dir, and a rules file that is reloaded when it changes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ref } from 'firebase/database';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startRtdbEmulator } from '../../src/index';
import type { RtdbEmulator } from '../../src/index';
import { AppPool } from '../support/apps';
import { getRulesText, readAsOwner, rest, writeAsOwner } from '../support/rest';
import { external, uniqueNamespace } from '../support/target';
import type { Target } from '../support/target';
import { waitUntil } from '../support/wait';
import { watchValue } from '../support/watch';

vi.setConfig({ testTimeout: 30_000 });

function targetOf(emulator: RtdbEmulator): Target {
  return {
    host: emulator.host,
    port: emulator.port,
    hostAndPort: `${emulator.host}:${emulator.port}`,
    emulator,
    stop: () => emulator.stop(),
  };
}

describe.runIf(!external)('startRtdbEmulator', () => {
  const running: RtdbEmulator[] = [];
  const pools: AppPool[] = [];
  const tempDirs: string[] = [];

  async function start(options: Parameters<typeof startRtdbEmulator>[0] = {}): Promise<Target> {
    const emulator = await startRtdbEmulator({ port: 0, ...options });
    running.push(emulator);
    return targetOf(emulator);
  }

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'rtdb-conformance-'));
    tempDirs.push(dir);
    return dir;
  }

  afterAll(async () => {
    await Promise.allSettled(pools.map((pool) => pool.deleteAll()));
    await Promise.allSettled(running.map((emulator) => emulator.stop()));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('counts the writes applied in each namespace (GET /.emulator/writes)', async () => {
    const target = await start();
    const emulator = target.emulator as RtdbEmulator;
    await writeAsOwner(target, 'a', 'bench-one', 1);
    await writeAsOwner(target, 'b', 'bench-one', { c: 2 });
    await writeAsOwner(target, 'a', 'bench-two', 3);
    // A write the rules refuse is not applied, so not counted.
    emulator.setRules({ rules: { '.read': true, '.write': false } }, 'bench-two');
    expect((await rest(target, 'PUT', 'x', { ns: 'bench-two', body: 1 })).status).toBe(401);
    const response = await fetch(`${emulator.url}/.emulator/writes`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(await response.json()).toMatchObject({ 'bench-one': 2, 'bench-two': 1 });
  });

  it('starts on a free port for port 0 and reports host, port and url', async () => {
    const target = await start();
    const emulator = target.emulator as RtdbEmulator;
    expect(emulator.port).toBeGreaterThan(0);
    expect(emulator.host).toBe('127.0.0.1');
    expect(emulator.url).toBe(`http://127.0.0.1:${emulator.port}`);
    const response = await fetch(`${emulator.url}/.json?ns=anything`);
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it('runs two emulators side by side on different free ports with separate data', async () => {
    const first = await start();
    const second = await start();
    expect(first.port).not.toBe(second.port);
    await writeAsOwner(first, '/x', 'ns', 'first');
    expect(await readAsOwner(second, '/x', 'ns')).toBeNull();
  });

  it('closes the port and disconnects clients on stop()', async () => {
    const target = await start();
    const pool = new AppPool(target);
    pools.push(pool);
    const db = pool.client('stop-ns');
    const connected = watchValue(ref(db, '.info/connected'));
    await connected.values.waitForMatch((value) => value === true, 'connected');
    const seen = connected.values.length;
    await (target.emulator as RtdbEmulator).stop();
    await waitUntil('the client to see the disconnect', () =>
      connected.values.items.slice(seen).includes(false),
    );
    await expect(fetch(`http://${target.hostAndPort}/.json?ns=x`)).rejects.toThrow();
    connected.stop();
  });

  it('loads the data option into the namespace option', async () => {
    const ns = uniqueNamespace('api-data');
    const target = await start({ namespace: ns, data: { studio: { name: 'Demo', rooms: 2 } } });
    expect(await readAsOwner(target, '/studio', ns)).toEqual({ name: 'Demo', rooms: 2 });
    expect(await readAsOwner(target, '/studio', `${ns}-other`)).toBeNull();
  });

  it('uses demo-studio-default-rtdb as the default namespace', async () => {
    const target = await start({ data: { seeded: true } });
    expect(await readAsOwner(target, '/seeded', 'demo-studio-default-rtdb')).toBe(true);
  });

  it('enforces the rules option (text with comments or an object) in its namespace', async () => {
    const ns = uniqueNamespace('api-rules');
    const target = await start({
      namespace: ns,
      rules: '{ // comment\n "rules": { ".read": true, ".write": false } }',
    });
    expect((await rest(target, 'PUT', '/x', { ns, body: 1 })).status).toBe(401);
    expect((await rest(target, 'GET', '/x', { ns })).status).toBe(200);
    const objectNs = uniqueNamespace('api-rules-object');
    const objectTarget = await start({
      namespace: objectNs,
      rules: { rules: { '.read': false, '.write': true } },
    });
    expect((await rest(objectTarget, 'GET', '/x', { ns: objectNs })).status).toBe(401);
  });

  it('keeps data and rules in dataDir across a restart', async () => {
    const dataDir = tempDir();
    const ns = uniqueNamespace('api-persist');
    const first = await start({ dataDir });
    await writeAsOwner(first, '/kept', ns, { value: 42, '.priority': 1 });
    await rest(first, 'PUT', '/other', { ns: `${ns}-b`, bearer: 'owner', body: 'second ns' });
    const rules = '{"rules": {".read": true, ".write": false}}';
    await fetch(`http://${first.hostAndPort}/.settings/rules.json?ns=${ns}`, {
      method: 'PUT',
      headers: { Authorization: 'Bearer owner' },
      body: rules,
    });
    await (first.emulator as RtdbEmulator).stop();
    const second = await start({ dataDir });
    const exported = await rest(second, 'GET', '/kept', {
      ns,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(exported.json).toEqual({ value: 42, '.priority': 1 });
    expect(await readAsOwner(second, '/other', `${ns}-b`)).toBe('second ns');
    expect((await getRulesText(second, ns)).text).toBe(rules);
    expect((await rest(second, 'PUT', '/x', { ns, body: 1 })).status).toBe(401);
  });

  it('reloads the rulesFile when it changes', async () => {
    const dir = tempDir();
    const rulesFile = join(dir, 'database.rules.json');
    writeFileSync(rulesFile, '{"rules": {".read": true, ".write": true}}');
    const ns = uniqueNamespace('api-rules-file');
    const target = await start({ namespace: ns, rulesFile });
    expect((await rest(target, 'PUT', '/x', { ns, body: 1 })).status).toBe(200);
    const closed = '{\n  // closed for maintenance\n  "rules": {".read": true, ".write": false}\n}';
    writeFileSync(rulesFile, closed);
    await waitUntil(
      'the changed rules file to apply',
      async () => (await rest(target, 'PUT', '/probe', { ns, body: 2 })).status === 401,
      10_000,
    );
    expect((await getRulesText(target, ns)).text).toBe(closed);
    expect((await rest(target, 'PUT', '/x', { ns, body: 3 })).status).toBe(401);
    expect(await readAsOwner(target, '/x', ns)).toBe(1);
  });

  it('keeps the previous rules when the rulesFile changes to invalid rules', async () => {
    const dir = tempDir();
    const rulesFile = join(dir, 'database.rules.json');
    const valid = '{"rules": {".read": true, ".write": false}}';
    writeFileSync(rulesFile, valid);
    const ns = uniqueNamespace('api-rules-file-bad');
    const logs: string[] = [];
    const target = await start({ namespace: ns, rulesFile, log: (line) => logs.push(line) });
    writeFileSync(rulesFile, '{"rules": {".read": "auth.uid =="}}');
    await waitUntil(
      'a log line about the rejected rules file',
      () => logs.some((line) => line.includes(rulesFile)),
      10_000,
    );
    expect((await getRulesText(target, ns)).text).toBe(valid);
    expect((await rest(target, 'PUT', '/x', { ns, body: 1 })).status).toBe(401);
  });
});
