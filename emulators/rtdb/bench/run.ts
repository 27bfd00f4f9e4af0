// RTDB emulator benchmark: `npm run bench -w emulators/rtdb`. Starts the emulator through its CLI in
// a child process (as `npm start` does, so the SDK clients below do not share its event loop), with
// a rules file the client-SDK figures go through, then prints a Markdown table and writes it to
// docs/benchmarks.md under "## RTDB emulator". Figures only, no pass/fail: targets are reported.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { onValue, ref, runTransaction, set } from 'firebase/database';
import WebSocket from 'ws';
import type { Database } from 'firebase/database';
import { AppPool } from '../test/support/apps';
import { startCli, targetOf } from '../test/support/cli';
import type { CliEmulator } from '../test/support/cli';
import type { Target } from '../test/support/target';
import { sleep, waitUntil } from '../test/support/wait';

const NAMESPACE = 'bench-studio';
const ADMIN_WRITES = 20_000;
const ADMIN_BATCH = 250;
const RAW_WRITES = 20_000;
const CLIENT_WRITERS = 10;
const CLIENT_WRITES_EACH = 500;
const TXN_CLIENTS = 20;
const TXN_EACH = 10;
const LISTENERS = 100;
const FANOUT_WRITES = 250;
const FANOUT_INTERVAL_MS = 20;
const RSS_NODES = 100_000;

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const BENCHMARKS_FILE = join(BENCH_DIR, '../../../docs/benchmarks.md');

// Rules shaped like the app's: auth checks, claims, $wildcards, .validate with newData and now.
const RULES = `{
  // Benchmark rules: every client-SDK write and listen below is evaluated against these.
  "rules": {
    "bench": {
      "writes": {
        ".read": "auth != null",
        "$uid": {
          ".write": "auth != null && auth.uid == $uid",
          "$id": {
            ".validate": "newData.hasChildren(['n', 'label']) && newData.child('n').isNumber() && newData.child('label').isString() && newData.child('label').val().length < 50"
          }
        }
      },
      "counter": {
        ".read": "auth != null",
        ".write": "auth != null && auth.token.role == 'member'",
        ".validate": "newData.isNumber() && (!data.exists() || newData.val() == data.val() + 1)"
      },
      "fanout": {
        ".read": "auth != null && auth.token.role == 'member'",
        ".write": "auth != null && auth.uid == 'coach'",
        "$item": { ".validate": "newData.hasChildren(['seq', 'sentAt']) && newData.child('seq').isNumber()" }
      }
    },
    "users": {
      "$uid": { ".read": "auth != null && auth.uid == $uid", ".write": "auth != null && auth.uid == $uid" }
    }
  }
}
`;

interface Row {
  figure: string;
  value: string;
  target: string;
  met: string;
}

function formatRate(count: number, ms: number): string {
  return `${Math.round((count * 1000) / ms).toLocaleString('en-US')}/s`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

/** CPU time (user + system) a process has used so far, from /proc/<pid>/stat, in ms. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // USER_HZ is 100 on Linux
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

async function adminWrites(target: Target, apps: AppPool, pid: number): Promise<Row[]> {
  const admin = apps.admin(NAMESPACE);
  await admin.ref('bench/warmup').set(true);
  const cpuBefore = processCpuMs(pid);
  const sdkCpuBefore = process.cpuUsage();
  const start = performance.now();
  for (let batch = 0; batch < ADMIN_WRITES / ADMIN_BATCH; batch += 1) {
    const writes: Promise<void>[] = [];
    for (let i = 0; i < ADMIN_BATCH; i += 1) {
      const n = batch * ADMIN_BATCH + i;
      writes.push(admin.ref(`bench/admin/w${n}`).set({ n, label: 'small', ok: true }));
    }
    await Promise.all(writes);
  }
  const ms = performance.now() - start;
  const emulatorCpu = processCpuMs(pid) - cpuBefore;
  const sdkCpuUsage = process.cpuUsage(sdkCpuBefore);
  const sdkCpuPerWrite = (sdkCpuUsage.user + sdkCpuUsage.system) / ADMIN_WRITES;
  const stored = (await admin.ref('bench/admin').once('value')).numChildren();
  log(
    `admin writes: ${ADMIN_WRITES} in ${ms.toFixed(0)} ms, ${stored} stored, emulator CPU ${emulatorCpu} ms`,
  );
  const perSecond = (ADMIN_WRITES * 1000) / ms;
  const cpuPerWrite = (emulatorCpu * 1000) / ADMIN_WRITES;
  return [
    {
      figure: `Admin SDK small writes (${ADMIN_WRITES.toLocaleString('en-US')} \`set\`s of small objects, batches of ${ADMIN_BATCH}, rules bypassed)`,
      value:
        formatRate(ADMIN_WRITES, ms) + (stored === ADMIN_WRITES ? '' : ` (only ${stored} stored)`),
      target: '≥ 5,000/s',
      met: perSecond >= 5_000 && stored === ADMIN_WRITES ? 'yes' : 'no',
    },
    {
      figure: 'CPU per admin write in that run: emulator process / admin SDK (benchmark process)',
      value: `${cpuPerWrite.toFixed(0)} µs (≈ ${Math.round(1_000_000 / Math.max(cpuPerWrite, 1)).toLocaleString('en-US')} writes/s per core) / ${sdkCpuPerWrite.toFixed(0)} µs`,
      target: '—',
      met: '—',
    },
  ];
}

/** The emulator alone: owner puts pipelined on one raw websocket, no SDK work on the client side. */
async function rawWrites(target: Target): Promise<Row> {
  const socket = new WebSocket(`ws://${target.hostAndPort}/.ws?v=5&ns=${NAMESPACE}`);
  let answered = 0;
  let failures = 0;
  let allAnswered: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  socket.on('message', (data: WebSocket.RawData) => {
    const text = Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
    if (!text.startsWith('{')) return;
    const message = JSON.parse(text) as { t: string; d: { r?: number; b?: { s?: string } } };
    if (message.t !== 'd' || message.d.r === undefined || message.d.r === 1) return;
    answered += 1;
    if (message.d.b?.s !== 'ok') failures += 1;
    if (answered === RAW_WRITES) allAnswered();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'gauth', b: { cred: 'owner' } } }));
  const frames = Array.from({ length: RAW_WRITES }, (_, i) =>
    JSON.stringify({
      t: 'd',
      d: { r: i + 2, a: 'p', b: { p: `/bench/raw/w${i}`, d: { n: i, label: 'small', ok: true } } },
    }),
  );
  const start = performance.now();
  for (const frame of frames) socket.send(frame);
  await done;
  const ms = performance.now() - start;
  socket.close();
  log(`raw writes: ${RAW_WRITES} in ${ms.toFixed(0)} ms, ${failures} failed`);
  return {
    figure: `Emulator alone: ${RAW_WRITES.toLocaleString('en-US')} owner \`p\` requests pipelined on one raw websocket (no SDK)`,
    value: formatRate(RAW_WRITES, ms) + (failures === 0 ? '' : ` (${failures} not ok)`),
    target: '—',
    met: '—',
  };
}

async function clientWrites(apps: AppPool): Promise<Row> {
  const writers = Array.from({ length: CLIENT_WRITERS }, (_, i) =>
    apps.client(NAMESPACE, { token: { sub: `writer${i}`, role: 'member' } }),
  );
  await Promise.all(
    writers.map((db, i) => set(ref(db, `bench/writes/writer${i}/warmup`), { n: 0, label: 'w' })),
  );
  const start = performance.now();
  await Promise.all(
    writers.map((db, i) => {
      const writes: Promise<void>[] = [];
      for (let n = 0; n < CLIENT_WRITES_EACH; n += 1) {
        writes.push(set(ref(db, `bench/writes/writer${i}/w${n}`), { n, label: 'small' }));
      }
      return Promise.all(writes);
    }),
  );
  const ms = performance.now() - start;
  const total = CLIENT_WRITERS * CLIENT_WRITES_EACH;
  log(`client writes: ${total} in ${ms.toFixed(0)} ms`);
  return {
    figure: `Client SDK small writes through rules (${CLIENT_WRITERS} clients × ${CLIENT_WRITES_EACH} \`set\`s, \`.write\` + \`.validate\`)`,
    value: formatRate(total, ms),
    target: '—',
    met: '—',
  };
}

async function transactions(target: Target, apps: AppPool): Promise<Row[]> {
  const clients = Array.from({ length: TXN_CLIENTS }, (_, i) =>
    apps.client(NAMESPACE, { token: { sub: `member${i}`, role: 'member' } }),
  );
  let committed = 0;
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    clients.map(async (db) => {
      for (let i = 0; i < TXN_EACH; i += 1) {
        try {
          const result = await runTransaction(ref(db, 'bench/counter'), (current: unknown) =>
            typeof current === 'number' ? current + 1 : 1,
          );
          if (result.committed) committed += 1;
          else failed += 1;
        } catch {
          // maxretry after 25 lost races: counted, not a lost update.
          failed += 1;
        }
      }
    }),
  );
  const ms = performance.now() - start;
  const admin = apps.admin(NAMESPACE);
  const final = (await admin.ref('bench/counter').once('value')).val() as unknown;
  log(
    `transactions: ${committed} committed, ${failed} failed, final ${String(final)}, ${ms.toFixed(0)} ms`,
  );
  const attempted = TXN_CLIENTS * TXN_EACH;
  return [
    {
      figure: `\`runTransaction\` increments, ${TXN_CLIENTS} clients × ${TXN_EACH} on one node (rules: \`newData == data + 1\`)`,
      value: `${formatRate(committed, ms)} commits (${committed}/${attempted} committed in ${(ms / 1000).toFixed(1)} s)`,
      target: '—',
      met: '—',
    },
    {
      figure: 'Transactions: final counter value',
      value: `${String(final)} (committed ${committed}, gave up ${failed})`,
      target: 'final = committed (no lost updates)',
      met: final === committed ? 'yes' : 'no',
    },
  ];
}

async function fanOut(apps: AppPool): Promise<Row[]> {
  const listeners: Database[] = Array.from({ length: LISTENERS }, (_, i) =>
    apps.client(NAMESPACE, { token: { sub: `listener${i}`, role: 'member' } }),
  );
  const latencies: number[] = [];
  let initial = 0;
  const unsubscribes = listeners.map((db) =>
    onValue(ref(db, 'bench/fanout/latest'), (snapshot) => {
      const value = snapshot.val() as { seq: number; sentAt: number } | null;
      if (value === null || value.seq < 0) {
        initial += 1;
        return;
      }
      latencies.push(performance.timeOrigin + performance.now() - value.sentAt);
    }),
  );
  await waitUntil('every listener has its first value', () => initial >= LISTENERS, 60_000);
  const writer = apps.client(NAMESPACE, { token: { sub: 'coach', role: 'coach' } });
  await set(ref(writer, 'bench/fanout/warm'), { seq: -1, sentAt: 0 });
  const writes: Promise<void>[] = [];
  for (let seq = 0; seq < FANOUT_WRITES; seq += 1) {
    writes.push(
      set(ref(writer, 'bench/fanout/latest'), {
        seq,
        sentAt: performance.timeOrigin + performance.now(),
      }),
    );
    await sleep(FANOUT_INTERVAL_MS);
  }
  await Promise.all(writes);
  const expected = LISTENERS * FANOUT_WRITES;
  await waitUntil('all fan-out events', () => latencies.length >= expected, 30_000).catch(() => {
    log(`fan-out: only ${latencies.length}/${expected} events arrived`);
  });
  unsubscribes.forEach((unsubscribe) => unsubscribe());
  const sorted = [...latencies].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
  log(
    `fan-out: ${latencies.length} events, p50 ${p50?.toFixed(1)} p95 ${p95?.toFixed(1)} p99 ${p99?.toFixed(1)} ms`,
  );
  const received = `${latencies.length.toLocaleString('en-US')}/${expected.toLocaleString('en-US')} events`;
  return [
    {
      figure: `Fan-out latency, 1 writer → ${LISTENERS} listener clients, ${FANOUT_WRITES} writes every ${FANOUT_INTERVAL_MS} ms: p50 / p99`,
      value: `${p50?.toFixed(1)} ms / ${p99?.toFixed(1)} ms (${received})`,
      target: '—',
      met: '—',
    },
    {
      figure: 'Fan-out latency p95',
      value: `${p95?.toFixed(1)} ms`,
      target: '≤ 50 ms',
      met: p95 !== undefined && p95 <= 50 && latencies.length >= expected ? 'yes' : 'no',
    },
  ];
}

function vmRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** 10,000 members × 10 leaves = 100,000 leaf nodes, shaped like the app's user records. */
function generatedData(): unknown {
  const users: Record<string, unknown> = {};
  const perUser = 10;
  for (let i = 0; i < RSS_NODES / perUser; i += 1) {
    users[`uid${String(i).padStart(6, '0')}`] = {
      name: `Member ${i}`,
      email: `member${i}@demo.studio`,
      credits: i % 17,
      role: i % 50 === 0 ? 'coach' : 'member',
      waiver: i % 3 === 0,
      joined: 1_700_000_000_000 + i * 1000,
      phone: `+52 81 ${String(1000_0000 + i)}`,
      branch: `branch${i % 4}`,
      plan: i % 2 === 0 ? 'monthly' : 'credits',
      notes: 'regular',
    };
  }
  return { Users: users };
}

async function memory(dir: string): Promise<Row[]> {
  const importFile = join(dir, 'rss-data.json');
  writeFileSync(importFile, JSON.stringify(generatedData()));
  const empty = await startCli(['--port', '0', '--namespace', 'rss', '--quiet']);
  await sleep(500);
  const emptyRss = empty.child.pid === undefined ? Number.NaN : vmRss(empty.child.pid);
  await empty.stop();
  const loaded = await startCli([
    '--port',
    '0',
    '--namespace',
    'rss',
    '--import',
    importFile,
    '--quiet',
  ]);
  try {
    const target = targetOf(loaded);
    const shallow = await fetch(`http://${target.hostAndPort}/Users.json?ns=rss&shallow=true`, {
      headers: { Authorization: 'Bearer owner' },
    });
    const count = Object.keys((await shallow.json()) as object).length;
    await sleep(500);
    const rss = loaded.child.pid === undefined ? Number.NaN : vmRss(loaded.child.pid);
    log(
      `memory: ${count} users loaded, RSS ${rss.toFixed(0)} MB (empty ${emptyRss.toFixed(0)} MB)`,
    );
    return [
      {
        figure: `Emulator RSS with ${RSS_NODES.toLocaleString('en-US')} leaf nodes imported (CLI child process, VmRSS)`,
        value: `${rss.toFixed(0)} MB`,
        target: '≤ 200 MB',
        met: rss <= 200 ? 'yes' : 'no',
      },
      {
        figure: 'Emulator RSS, empty (same process type, for reference)',
        value: `${emptyRss.toFixed(0)} MB`,
        target: '—',
        met: '—',
      },
    ];
  } finally {
    await loaded.stop();
  }
}

function table(rows: Row[]): string {
  const lines = ['| Figure | Value | Target | Met? |', '| --- | --- | --- | --- |'];
  for (const row of rows)
    lines.push(`| ${row.figure} | ${row.value} | ${row.target} | ${row.met} |`);
  return lines.join('\n');
}

function writeSection(markdown: string): void {
  const heading = '## RTDB emulator';
  let existing = '';
  try {
    existing = readFileSync(BENCHMARKS_FILE, 'utf8');
  } catch {
    existing = '# Benchmarks\n';
  }
  const start = existing.indexOf(`${heading}\n`);
  let updated: string;
  if (start === -1) {
    updated = `${existing.trimEnd()}\n\n${markdown}\n`;
  } else {
    const next = existing.indexOf('\n## ', start + heading.length);
    const tail = next === -1 ? '' : existing.slice(next + 1);
    updated = `${existing.slice(0, start)}${markdown}\n${tail === '' ? '' : `\n${tail}`}`;
  }
  writeFileSync(BENCHMARKS_FILE, updated);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rtdb-bench-'));
  const rulesFile = join(dir, 'database.rules.json');
  writeFileSync(rulesFile, RULES);
  let cli: CliEmulator | undefined;
  let apps: AppPool | undefined;
  const started = performance.now();
  const loadBefore = loadAverage();
  try {
    cli = await startCli([
      '--port',
      '0',
      '--namespace',
      NAMESPACE,
      '--rules',
      rulesFile,
      '--quiet',
    ]);
    const target = targetOf(cli);
    apps = new AppPool(target);
    log(`emulator child process ${cli.child.pid ?? '?'} on ${target.hostAndPort}`);
    const rows: Row[] = [];
    const pid = cli.child.pid ?? 0;
    rows.push(...(await adminWrites(target, apps, pid)));
    rows.push(await rawWrites(target));
    rows.push(await clientWrites(apps));
    rows.push(...(await transactions(target, apps)));
    rows.push(...(await fanOut(apps)));
    await apps.deleteAll();
    await cli.stop();
    rows.push(...(await memory(dir)));
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const markdown = [
      '## RTDB emulator',
      '',
      `Run with \`npm run bench -w emulators/rtdb\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${seconds} s; ` +
        `load average ${loadBefore} before, ${loadAverage()} after, on ${cpus().length} cores). ` +
        'The emulator runs as its CLI in a child process with a rules file (auth checks, claims, ' +
        '`.validate` with `newData`/`data`); all SDK clients share the benchmark process, so ' +
        'latencies include the client-side SDK work of the 100 listeners on the same core. ' +
        'The second row splits the admin-write cost: what the admin SDK spends per `set` bounds one ' +
        'admin process on its own, the emulator side is the first figure and the raw-websocket row. ' +
        '"Gave up" counts transactions the SDK abandoned with `maxretry` after 25 lost ' +
        'compare-and-set races (20 clients on one node); they write nothing, so the final value must ' +
        'equal the commits. RSS includes the tsx loader the CLI runs under (the empty row).',
      '',
      table(rows),
    ].join('\n');
    process.stdout.write(`${markdown}\n`);
    writeSection(markdown);
    log(`wrote ${BENCHMARKS_FILE}`);
  } finally {
    await apps?.deleteAll();
    await cli?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
