// Class-release benchmark: `npm run bench -w functions` (root: `npm run bench`). 300 members with
// credits book one 30-spot class at the same instant. Then the load runs (issue 8): 1,000
// members on one class, and 300 members across 20 classes at once. `-- --in-process-only`
// skips the Functions-emulator run.
//
// 1. In-process (design §9): the exact handler `bookClass` wraps, with the real admin SDK,
//    against the database emulator started here as a child process (its own event loop, as
//    `npm start` runs it). All 300 calls start together; latency is per call from that instant.
// 2. Through the Functions emulator (`startStack`): signed-in HTTPS callable requests to the
//    built functions, after warming a pool of workers. The emulator runs one request per worker
//    process and starts a new process for each request beyond the idle ones, so the run keeps as
//    many requests in flight as there are warmed workers; it measures the emulator, labelled so.
//
// Every run checks the outcome: booked, none oversold, no spot twice, credits conserved (every
// invariant of design §4 on the whole database). Prints tables and writes them to
// docs/benchmarks.md under "## Class release" and "## Load". Figures only, no pass/fail.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';
import {
  DEFAULT_SETTINGS,
  ROOTS,
  bookingInvariantViolations,
  classSchema,
  creditIdsFor,
  formatDate,
  formatHour,
  isDomainError,
  paths,
  readWallet,
  rosterSchema,
} from '@studio/core';
import { bookClass } from '../src/handlers/booking/book-class';
import { startStack } from '../../scripts/lib/stack';

const MEMBERS = 300;
const CAPACITY = 30;
const LOAD_MEMBERS = 1_000;
const LOAD_CLASSES = 20;
const LOAD_CLASS_CAPACITY = 10;
const CREDITS_EACH = 6;
const IN_PROCESS_RUNS = 3;
/** Cloud Functions v2 serves up to 80 concurrent requests per instance by default. */
const INSTANCE_CONCURRENCY = 80;
const WARM_WORKERS = 8;
const CALL_TIMEOUT_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const ROOT = path.resolve(__dirname, '../..');
const BENCHMARKS_FILE = path.join(ROOT, 'docs/benchmarks.md');

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuOfProcess(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The database emulator's CLI in a child process, on a free port. */
async function startDatabase(): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'emulators/rtdb/bin/rtdb-emulator.mjs'), '--port', '0', '--quiet'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[\d.]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`database emulator exited: ${output}`)));
  });
  return { port, child };
}

async function seedStudio(db: Database): Promise<void> {
  await db.ref().update({
    [paths.settings()]: DEFAULT_SETTINGS,
    [paths.branch('centro')]: { name: 'Centro', active: true },
    [paths.exercise('cycling')]: { name: 'Cycling', creditKind: 'regular', active: true },
    [paths.coach('carlos')]: { name: 'Carlos', active: true },
  });
}

/** A class of `capacity` spots ("1" … capacity) starting tomorrow. */
async function seedClass(db: Database, classId: string, capacity = CAPACITY): Promise<void> {
  const startsAt = Date.now() + DAY_MS;
  const cls = classSchema.parse({
    name: 'Release ride',
    branch: 'centro',
    date: formatDate(startsAt),
    hour: formatHour(startsAt),
    startsAt,
    duration: 45,
    exercise: 'cycling',
    coach: 'carlos',
    capacity,
  });
  await db.ref(paths.class(classId)).set(JSON.parse(JSON.stringify(cls)));
}

async function seedMembers(db: Database, uids: readonly string[]): Promise<void> {
  const now = Date.now();
  const updates: Record<string, unknown> = {};
  for (const uid of uids) {
    const ids = creditIdsFor(`bench-${uid}`, CREDITS_EACH);
    const credit = {
      kind: 'regular',
      source: 'seed',
      grantedAt: now,
      expiresAt: now + 60 * DAY_MS,
    };
    updates[paths.user(uid)] = {
      Name: uid,
      Conditions: true,
      Admin: false,
      Credits: CREDITS_EACH,
      'credits-list': Object.fromEntries(ids.map((id) => [id, credit])),
    };
    updates[paths.creditLedgerEntry(uid, 'bench-grant')] = {
      type: 'grant',
      kind: 'regular',
      delta: CREDITS_EACH,
      creditIds: ids,
      reason: 'Benchmark credits',
      at: now,
      by: 'system',
    };
  }
  await db.ref().update(updates);
}

interface RunResult {
  label: string;
  latencies: number[];
  wallMs: number;
  outcomes: Record<string, number>;
  booked: number;
  oversold: number;
  spotsDistinct: boolean;
  conserved: boolean;
  violations: string[];
  /** CPU time of this process (handlers + admin SDK) and of the database emulator, in-process runs only. */
  cpu?: { clientMs: number; databaseMs: number };
}

/**
 * Calls `attempt` for every member, at most `inFlight` at a time (all at once by default).
 * Latency is from the shared start instant to each call's answer, so a call that waited for a
 * free slot counts its wait.
 */
async function release(
  label: string,
  uids: readonly string[],
  attempt: (uid: string) => Promise<string>,
  inFlight = uids.length,
): Promise<Omit<RunResult, 'booked' | 'oversold' | 'spotsDistinct' | 'conserved' | 'violations'>> {
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const queue = [...uids];
  const start = performance.now();
  const worker = async () => {
    for (let uid = queue.shift(); uid !== undefined; uid = queue.shift()) {
      const outcome = await attempt(uid);
      latencies.push(performance.now() - start);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, uids.length) }, worker));
  const wallMs = performance.now() - start;
  return { label, latencies: latencies.sort((a, b) => a - b), wallMs, outcomes };
}

/** Booked, oversold, spots, and every invariant (credits conserved among them). */
async function check(
  db: Database,
  classIds: readonly string[],
  capacity: number,
  uids: readonly string[],
) {
  const root = (await db.ref().get()).val() as Record<string, unknown>;
  const rosters = (root[ROOTS.classRoster] ?? {}) as Record<string, unknown>;
  let booked = 0;
  let oversold = 0;
  let spotsDistinct = true;
  for (const classId of classIds) {
    const roster = rosterSchema.parse(rosters[classId] ?? null);
    const bookings = Object.values(roster.bookings);
    const spots = bookings.map((booking) => booking.spot);
    booked += bookings.filter((booking) => booking.pending !== true).length;
    oversold += Math.max(0, bookings.length - capacity);
    if (new Set(spots).size !== spots.length) spotsDistinct = false;
  }
  const violations = bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true });
  const users = (root[paths.users()] ?? {}) as Record<string, unknown>;
  let conserved = violations.length === 0;
  for (const uid of uids) {
    const wallet = readWallet(users[uid], paths.user(uid));
    const used = Object.values(wallet.bookingCredits).filter((r) => r.state === 'used').length;
    if (Object.keys(wallet.credits).length + used !== CREDITS_EACH) conserved = false;
  }
  return { booked, oversold, spotsDistinct, conserved, violations };
}

function outcomeOf(error: unknown): string {
  if (isDomainError(error)) return error.code;
  throw error;
}

interface Scenario {
  label: string;
  uids: readonly string[];
  /** The classes of the run and their capacity. */
  classIds: readonly string[];
  capacity: number;
  /** The class each member books. */
  classOf: (uid: string, index: number) => string;
  inFlight?: number;
}

const memberIds = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);

async function inProcessRuns(): Promise<{ release: RunResult[]; load: RunResult[] }> {
  const database = await startDatabase();
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${database.port}`;
  const app = initializeApp(
    { projectId: 'demo-studio', databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com' },
    'bench-in-process',
  );
  const db = getDatabase(app);
  const deps = { db, now: Date.now };
  const uids = memberIds('member', MEMBERS);
  const loadUids = memberIds('load', LOAD_MEMBERS);
  try {
    await seedStudio(db);
    await seedMembers(db, uids);
    await seedMembers(db, loadUids);
    // Warm-up: connection, JIT, caches; not measured.
    await seedClass(db, 'warm-up');
    await release('warm-up', uids.slice(0, 60), (uid) =>
      bookClass(deps, { uid, classId: 'warm-up' }).then(() => 'ok', outcomeOf),
    );
    const measure = async (scenario: Scenario): Promise<RunResult> => {
      for (const classId of scenario.classIds) await seedClass(db, classId, scenario.capacity);
      const classes = new Map(scenario.uids.map((uid, i) => [uid, scenario.classOf(uid, i)]));
      const clientBefore = process.cpuUsage();
      const databaseBefore = cpuOfProcess(database.child.pid);
      const timed = await release(
        scenario.label,
        scenario.uids,
        (uid) =>
          bookClass(deps, { uid, classId: classes.get(uid) ?? '' }).then(() => 'ok', outcomeOf),
        scenario.inFlight,
      );
      const client = process.cpuUsage(clientBefore);
      const cpu = {
        clientMs: (client.user + client.system) / 1000,
        databaseMs: cpuOfProcess(database.child.pid) - databaseBefore,
      };
      const checked = await check(db, scenario.classIds, scenario.capacity, scenario.uids);
      const result = { ...timed, cpu, ...checked };
      log(summary(result));
      return result;
    };
    const oneClass = (label: string, classId: string, inFlight?: number): Scenario => ({
      label,
      uids,
      classIds: [classId],
      capacity: CAPACITY,
      classOf: () => classId,
      ...(inFlight === undefined ? {} : { inFlight }),
    });
    const releaseRuns: RunResult[] = [];
    releaseRuns.push(
      await measure(
        oneClass(
          `in-process, all ${MEMBERS} at once, run 1 (first read of 240 members)`,
          'release-1',
        ),
      ),
    );
    for (let run = 2; run <= IN_PROCESS_RUNS; run += 1)
      releaseRuns.push(
        await measure(oneClass(`in-process, all ${MEMBERS} at once, run ${run}`, `release-${run}`)),
      );
    releaseRuns.push(
      await measure(
        oneClass(
          `in-process, ${INSTANCE_CONCURRENCY} in flight (one instance's concurrency)`,
          'release-instance',
          INSTANCE_CONCURRENCY,
        ),
      ),
    );
    const loadClasses = Array.from({ length: LOAD_CLASSES }, (_, i) => `load-class-${i}`);
    const loadRuns = [
      await measure({
        label: `${LOAD_MEMBERS.toLocaleString('en')} members, one ${CAPACITY}-spot class, all at once`,
        uids: loadUids,
        classIds: ['load-one-class'],
        capacity: CAPACITY,
        classOf: () => 'load-one-class',
      }),
      await measure({
        label: `${MEMBERS} members across ${LOAD_CLASSES} classes of ${LOAD_CLASS_CAPACITY} spots, all at once`,
        uids,
        classIds: loadClasses,
        capacity: LOAD_CLASS_CAPACITY,
        classOf: (_, i) => loadClasses[i % LOAD_CLASSES] ?? '',
      }),
    ];
    return { release: releaseRuns, load: loadRuns };
  } finally {
    await deleteApp(app);
    database.child.kill('SIGTERM');
  }
}

async function emulatorRun(): Promise<RunResult> {
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'functions') });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))));
  });
  const stack = await startStack({ only: ['auth', 'functions'] });
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = stack.env['FIREBASE_DATABASE_EMULATOR_HOST'];
  const app = initializeApp(
    {
      projectId: stack.projectId,
      databaseURL: `http://127.0.0.1:${stack.ports.database}?ns=${stack.namespace}`,
    },
    'bench-stack',
  );
  const db = getDatabase(app);
  const auth = `http://127.0.0.1:${stack.ports.auth}`;
  const uids = Array.from({ length: MEMBERS }, (_, i) => `stack-${String(i).padStart(3, '0')}`);
  try {
    await seedStudio(db);
    await seedMembers(db, uids);
    const created = await fetch(
      `${auth}/identitytoolkit.googleapis.com/v1/projects/${stack.projectId}/accounts:batchCreate`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({
          users: uids.map((uid) => ({
            localId: uid,
            email: `${uid}@bench.test`,
            rawPassword: 'bench123',
            customAttributes: JSON.stringify({ role: 'member' }),
          })),
        }),
      },
    );
    if (!created.ok) throw new Error(`batchCreate: ${await created.text()}`);
    const tokens = new Map<string, string>();
    await release(
      'sign-in',
      uids,
      async (uid) => {
        const response = await fetch(
          `${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              email: `${uid}@bench.test`,
              password: 'bench123',
              returnSecureToken: true,
            }),
          },
        );
        tokens.set(uid, ((await response.json()) as { idToken: string }).idToken);
        return 'ok';
      },
      20,
    );
    const call = async (uid: string, classId: string): Promise<string> => {
      try {
        const response = await fetch(stack.functionUrl('bookClass'), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${tokens.get(uid) ?? ''}`,
          },
          body: JSON.stringify({ data: { classId } }),
          // A worker that never answers is counted, not waited for forever.
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        const body = (await response.json()) as { result?: unknown; error?: { status: string } };
        return body.error ? body.error.status.toLowerCase().replaceAll('_', '-') : 'ok';
      } catch {
        // The emulator dropped the connection (a worker failed to start) or did not answer in
        // time: counted, not fatal.
        return 'transport-error';
      }
    };
    // Warm the pool gradually (1, 2, 4, 8 simultaneous calls, twice each): each request beyond
    // the idle workers starts one more worker process.
    await seedClass(db, 'warm-up');
    let warmed = 0;
    for (const width of [1, 2, 4, WARM_WORKERS, WARM_WORKERS]) {
      await release('warm-up', uids.slice(warmed, warmed + width), (uid) => call(uid, 'warm-up'));
      warmed += width;
    }
    await seedClass(db, 'release-emulator');
    const timed = await release(
      `Functions emulator, ${WARM_WORKERS} warmed workers, ${WARM_WORKERS} requests in flight`,
      uids,
      (uid) => call(uid, 'release-emulator'),
      WARM_WORKERS,
    );
    const result = { ...timed, ...(await check(db, ['release-emulator'], CAPACITY, uids)) };
    log(summary(result));
    return result;
  } finally {
    await deleteApp(app);
    await stack.stop();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

function summary(run: RunResult): string {
  const throughput = (run.latencies.length * 1000) / run.wallMs;
  return [
    `${run.label}: booked ${run.booked}, oversold ${run.oversold}, spots distinct ${run.spotsDistinct ? 'yes' : 'no'}, credits conserved ${run.conserved ? 'yes' : 'no'}`,
    `  p50 ${ms(percentile(run.latencies, 50))}, p95 ${ms(percentile(run.latencies, 95))}, p99 ${ms(percentile(run.latencies, 99))}, ${throughput.toFixed(0)} requests/s (${run.latencies.length} in ${ms(run.wallMs)}); outcomes ${JSON.stringify(run.outcomes)}`,
    ...(run.cpu
      ? [`  cpu: this process ${ms(run.cpu.clientMs)}, database emulator ${ms(run.cpu.databaseMs)}`]
      : []),
    ...run.violations.slice(0, 5).map((violation) => `  violation: ${violation}`),
  ].join('\n');
}

function cpuCell(run: RunResult): string {
  return run.cpu ? `${ms(run.cpu.clientMs)} / ${ms(run.cpu.databaseMs)}` : 'n/a';
}

function row(run: RunResult): string {
  const throughput = (run.latencies.length * 1000) / run.wallMs;
  return `| ${run.label} | ${run.booked} | ${run.oversold} | ${run.conserved && run.spotsDistinct ? 'yes' : 'no'} | ${ms(percentile(run.latencies, 50))} | ${ms(percentile(run.latencies, 95))} | ${ms(percentile(run.latencies, 99))} | ${throughput.toFixed(0)}/s | ${cpuCell(run)} | ${Object.entries(
    run.outcomes,
  )
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ')} |`;
}

/** Replaces the section under `heading` (up to the next "## "), or adds it after `after`. */
function writeSection(heading: string, markdown: string, after?: string): void {
  let existing = '# Benchmarks\n';
  try {
    existing = readFileSync(BENCHMARKS_FILE, 'utf8');
  } catch {
    // First run: the file starts with its title.
  }
  let start = existing.indexOf(`${heading}\n`);
  if (start === -1 && after !== undefined) {
    const previous = existing.indexOf(`${after}\n`);
    const next = previous === -1 ? -1 : existing.indexOf('\n## ', previous + after.length);
    if (next !== -1) {
      existing = `${existing.slice(0, next + 1)}${heading}\n\n${existing.slice(next + 1)}`;
      start = next + 1;
    }
  }
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

const TABLE_HEAD = [
  '| Run | Booked | Oversold | Credits conserved | p50 | p95 | p99 | Throughput | CPU (this process / database) | Outcomes |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];

async function main(): Promise<void> {
  const began = Date.now();
  const loadBefore = loadavg().map((value) => value.toFixed(2));
  const { release: runs, load } = await inProcessRuns();
  // A quick look while working on the handlers: print, leave the document alone.
  if (process.argv.includes('--in-process-only')) return;
  // The Functions emulator needs minutes of CPU to start on a loaded machine; a failed start is
  // reported in the table instead of losing the in-process figures.
  const emulator = await emulatorRun().catch((error: unknown) => {
    log(`Functions emulator run failed: ${String(error).split('\n')[0] ?? ''}`);
    return String(error).split('\n')[0] ?? 'failed';
  });
  const loadAfter = loadavg().map((value) => value.toFixed(2));
  const p95s = runs.map((run) => percentile(run.latencies, 95));
  const machine = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${Math.round((Date.now() - began) / 1000)} s; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after`;
  const release = [
    '## Class release',
    '',
    `Run with \`npm run bench -w functions\` (${machine}). ${MEMBERS} members with ${CREDITS_EACH} credits each book one ${CAPACITY}-spot class at the same instant (no spot chosen).`,
    '',
    `In-process: the \`bookClass\` handler (what the callable wraps) with the real admin SDK, all ${MEMBERS} calls started together, against the database emulator in a child process; latency is each call's time from that shared instant to its answer, so it includes waiting behind the others (in the ${INSTANCE_CONCURRENCY}-in-flight run, also the wait for a free slot). Run 1 is the first time the instance reads 240 of the members; runs 2 and 3 find them in its live cache, as an instance that served them in the last minute would. Functions emulator: signed-in HTTPS callable requests to the built functions; the emulator runs one request per worker process, so ${WARM_WORKERS} workers were warmed first and ${WARM_WORKERS} requests kept in flight (design §9: it measures the emulator's process model, not the code). Every run checks the result on the whole database: booked, oversold, and "conserved" = no spot twice and every invariant of design §4 (ledger = balance, \`Credits\` = usable credits, each used credit backs one booking, every member's credits + used = granted). CPU is the time this process (handlers + admin SDK) and the database emulator's process spent during the run.`,
    '',
    ...TABLE_HEAD,
    ...runs.map(row),
    typeof emulator === 'string'
      ? `| Functions emulator, ${WARM_WORKERS} warmed workers — not run: ${emulator.replaceAll('|', '/')} | | | | | | | | | |`
      : row(emulator),
    '',
    `Target: p95 ≤ 250 ms in-process — ${p95s.every((p95) => p95 <= 250) ? 'met' : 'not met'} in this run (p95 per run: ${p95s.map((p95) => ms(p95)).join(', ')}). Each run's CPU column is the work the burst needs; on a machine shared with other jobs (the load average above) the wall-clock figures also include waiting for a core.`,
  ].join('\n');
  const loadSection = [
    '## Load',
    '',
    `Same harness and checks as "Class release" (in-process, same run). ${LOAD_MEMBERS.toLocaleString('en')} members with ${CREDITS_EACH} credits each book one ${CAPACITY}-spot class at the same instant (first read of every member); then the ${MEMBERS} members of the release runs each book one of ${LOAD_CLASSES} classes of ${LOAD_CLASS_CAPACITY} spots (member i → class i mod ${LOAD_CLASSES}, so ${MEMBERS / LOAD_CLASSES} callers race for each class's ${LOAD_CLASS_CAPACITY} spots), all at once.`,
    '',
    ...TABLE_HEAD,
    ...load.map(row),
    '',
    `Oversold: ${load.reduce((sum, run) => sum + run.oversold, 0)} across the load runs; credits conserved in ${load.filter((run) => run.conserved && run.spotsDistinct).length} of ${load.length}.`,
  ].join('\n');
  log('');
  log(release);
  log('');
  log(loadSection);
  writeSection('## Class release', release);
  writeSection('## Load', loadSection, '## Class release');
  log(`\nwrote ${BENCHMARKS_FILE}`);
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
