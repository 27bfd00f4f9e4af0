// The slow behaviours, run concurrently so the 35 s idle test overlaps the others: keep-alive of an
// idle client, reconnect across an emulator restart, and the command line (start-up line, port 0,
// --import, SIGTERM export, --rules reload, --data-dir persistence). vitest runs one file at a time
// on a 2-core machine, so concurrency inside this file is what keeps the suite short.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goOffline, goOnline, ref } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtdbEmulator } from '../../src/index';
import { AppPool } from '../support/apps';
import { startCli, targetOf } from '../support/cli';
import type { CliEmulator } from '../support/cli';
import { getRulesText, readAsOwner, rest, writeAsOwner } from '../support/rest';
import { external, startTarget, uniqueNamespace } from '../support/target';
import type { Target } from '../support/target';
import { EventLog, sleep, waitUntil } from '../support/wait';
import { watchValue } from '../support/watch';

/** Longer than the SDK's 30 s health window and the server idle timers it would trip. */
const IDLE_MS = 36_000;

describe.concurrent('long-running behaviours', () => {
  const tempDirs: string[] = [];
  const clis: CliEmulator[] = [];
  const pools: AppPool[] = [];

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'rtdb-conformance-cli-'));
    tempDirs.push(dir);
    return dir;
  }

  async function cli(args: string[]): Promise<CliEmulator> {
    const started = await startCli(args);
    clis.push(started);
    return started;
  }

  function pool(target: Target): AppPool {
    const apps = new AppPool(target);
    pools.push(apps);
    return apps;
  }

  let shared: Target | undefined;
  beforeAll(async () => {
    shared = await startTarget();
  });

  afterAll(async () => {
    await Promise.allSettled(pools.map((apps) => apps.deleteAll()));
    await Promise.allSettled(clis.map((started) => started.stop('SIGKILL')));
    await shared?.stop();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'keeps a client with no traffic connected for more than 35 s (pings answered)',
    async () => {
      const target = shared as Target;
      const ns = uniqueNamespace('idle');
      const apps = pool(target);
      const client = apps.client(ns);
      const admin = apps.admin(ns);
      const adminStates = new EventLog<boolean>();
      const clientStates = watchValue(ref(client, '.info/connected'));
      admin.ref('.info/connected').on('value', (snapshot) => {
        adminStates.push(snapshot.val() as boolean);
      });
      await clientStates.values.waitForMatch((value) => value === true, 'client connected');
      await adminStates.waitForMatch((value) => value, 'admin connected');
      const listen = watchValue(ref(client, 'idle/value'));
      await listen.values.waitForCount(1, 'idle listen');
      const clientSeen = clientStates.values.length;
      const adminSeen = adminStates.length;
      await sleep(IDLE_MS);
      // Any disconnect while idle would show as a `false` (and a later `true`) in .info/connected.
      expect(clientStates.values.items.slice(clientSeen)).toEqual([]);
      expect(adminStates.items.slice(adminSeen)).toEqual([]);
      await writeAsOwner(target, '/idle/value', ns, 'after idling');
      await listen.values.waitForMatch((value) => value === 'after idling', 'write after idle');
      clientStates.stop();
      listen.stop();
      admin.ref('.info/connected').off();
    },
    IDLE_MS + 20_000,
  );

  describe.runIf(!external)('needing to start and stop emulators', () => {
    it('lets a client re-send its listens and receive new data after an emulator restart', async () => {
      const first = await startRtdbEmulator({ port: 0 });
      const port = first.port;
      const target: Target = {
        host: '127.0.0.1',
        port,
        hostAndPort: `127.0.0.1:${port}`,
        emulator: null,
        stop: () => Promise.resolve(),
      };
      const ns = uniqueNamespace('restart');
      const apps = pool(target);
      const db = apps.client(ns);
      const watch = watchValue(ref(db, 'room/state'));
      await writeAsOwner(target, '/room/state', ns, 'before restart');
      await watch.values.waitForMatch((value) => value === 'before restart', 'before restart');
      await first.stop();
      const second = await startRtdbEmulator({ port });
      try {
        goOffline(db);
        goOnline(db);
        // The restarted emulator starts empty; the re-sent listen reports that first.
        await watch.values.waitForMatch((value) => value === null, 'empty after restart');
        await writeAsOwner(target, '/room/state', ns, 'after restart');
        expect(
          await watch.values.waitForMatch((value) => value === 'after restart', 'after restart'),
        ).toBe('after restart');
      } finally {
        watch.stop();
        await apps.deleteAll();
        await second.stop();
      }
    }, 30_000);

    it('prints a start-up line with the port it picked for --port 0 and serves on it', async () => {
      const ns = uniqueNamespace('cli-port');
      const started = await cli(['--port', '0', '--host', '127.0.0.1', '--namespace', ns]);
      expect(started.port).toBeGreaterThan(0);
      expect(started.startupLine).toContain(`127.0.0.1:${started.port}`);
      const target = targetOf(started);
      await writeAsOwner(target, '/hello', ns, 'cli');
      expect(await readAsOwner(target, '/hello', ns)).toBe('cli');
      const apps = pool(target);
      const db = apps.client(ns);
      const watch = watchValue(ref(db, 'hello'));
      expect(await watch.values.waitForCount(1, 'SDK read through the CLI emulator')).toEqual([
        'cli',
      ]);
      watch.stop();
    }, 40_000);

    it('loads --import into --namespace and writes it to --export-on-exit on SIGTERM', async () => {
      const dir = tempDir();
      const importFile = join(dir, 'seed.json');
      const exportFile = join(dir, 'export.json');
      writeFileSync(importFile, JSON.stringify({ classes: { c1: { name: 'Spin' } }, n: 1 }));
      const ns = uniqueNamespace('cli-import');
      const started = await cli([
        '--port',
        '0',
        '--namespace',
        ns,
        '--import',
        importFile,
        '--export-on-exit',
        exportFile,
      ]);
      const target = targetOf(started);
      expect(await readAsOwner(target, '/classes/c1/name', ns)).toBe('Spin');
      await rest(target, 'PATCH', '/', {
        ns,
        bearer: 'owner',
        body: { n: 2, 'classes/c2/name': 'Yoga' },
      });
      expect(await started.stop('SIGTERM')).toBe(0);
      expect(JSON.parse(readFileSync(exportFile, 'utf8'))).toEqual({
        classes: { c1: { name: 'Spin' }, c2: { name: 'Yoga' } },
        n: 2,
      });
    }, 40_000);

    it('enforces --rules and reloads the file when it changes', async () => {
      const dir = tempDir();
      const rulesFile = join(dir, 'database.rules.json');
      writeFileSync(rulesFile, '{"rules": {".read": true, ".write": true}}');
      const ns = uniqueNamespace('cli-rules');
      const started = await cli(['--port', '0', '--namespace', ns, '--rules', rulesFile]);
      const target = targetOf(started);
      expect((await rest(target, 'PUT', '/x', { ns, body: 1 })).status).toBe(200);
      const closed = '{\n  // hot reload\n  "rules": {".read": true, ".write": false}\n}';
      writeFileSync(rulesFile, closed);
      await waitUntil(
        'the CLI to apply the changed rules file',
        async () => (await rest(target, 'PUT', '/probe', { ns, body: 2 })).status === 401,
        15_000,
      );
      expect((await getRulesText(target, ns)).text).toBe(closed);
      expect((await rest(target, 'PUT', '/x', { ns, body: 3 })).status).toBe(401);
      expect(await readAsOwner(target, '/x', ns)).toBe(1);
    }, 40_000);

    it('keeps data in --data-dir across a restart of the command', async () => {
      const dataDir = tempDir();
      const ns = uniqueNamespace('cli-data-dir');
      const first = await cli(['--port', '0', '--namespace', ns, '--data-dir', dataDir]);
      await writeAsOwner(targetOf(first), '/kept', ns, { across: 'restart' });
      await rest(targetOf(first), 'PUT', '/x', { ns: `${ns}-b`, bearer: 'owner', body: 'b' });
      expect(await first.stop('SIGTERM')).toBe(0);
      const second = await cli(['--port', '0', '--namespace', ns, '--data-dir', dataDir]);
      expect(await readAsOwner(targetOf(second), '/kept', ns)).toEqual({ across: 'restart' });
      expect(await readAsOwner(targetOf(second), '/x', `${ns}-b`)).toBe('b');
    }, 60_000);
  });
});
