// Class-release benchmark: `npm run bench -w functions` (root: `npm run bench`). 300 members with
// credits book one 30-spot class at the same instant.
//
// 1. In-process (design §9): the exact handler `bookClass` wraps, with the real admin SDK,
//    against the database emulator started here as a child process (its own event loop, as
//    `npm start` runs it). All 300 calls start together; latency is per call from that instant.
// 2. Through the Functions emulator (`startStack`): signed-in HTTPS callable requests to the
//    built functions, after warming a pool of workers. The emulator runs one request per worker
//    process and starts a new process for each request beyond the idle ones, so the run keeps as
//    many requests in flight as there are warmed workers; it measures the emulator, labelled so.
//
// Both check the outcome: 30 booked, none oversold, no spot twice, credits conserved (every
// invariant of design §4 on the whole database). Prints a table and writes it to
// docs/benchmarks.md under "## Class release". Figures only, no pass/fail.
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
const CREDITS_EACH = 6;
const IN_PROCESS_RUNS = 3;
/** Cloud Functions v2 serves up to 80 concurrent requests per instance by default. */
const INSTANCE_CONCURRENCY = 80;
const WARM_WORKERS = 8;
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

/** A 30-spot class (spots "1" … "30") starting tomorrow. */
async function seedClass(db: Database, classId: string): Promise<void> {
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
    capacity: CAPACITY,
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

/** Calls `attempt` for every member, at most `inFlight` at a time (all at once by default). */
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
      const began = performance.now();
      const outcome = await attempt(uid);
      latencies.push(performance.now() - began);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, uids.length) }, worker));
  const wallMs = performance.now() - start;
  return { label, latencies: latencies.sort((a, b) => a - b), wallMs, outcomes };
}

/** Booked, oversold, spots, and every invariant (credits conserved among them). */
async function check(db: Database, classId: string, uids: readonly string[]) {
  const roster = rosterSchema.parse((await db.ref(paths.classRoster(classId)).get()).val());
  const bookings = Object.values(roster.bookings);
  const spots = bookings.map((booking) => booking.spot);
  const root = (await db.ref().get()).val() as unknown;
  const violations = bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true });
  const users = (root as Record<string, Record<string, unknown>>)[paths.users()] ?? {};
  let conserved = violations.length === 0;
  for (const uid of uids) {
    const wallet = readWallet(users[uid], paths.user(uid));
    const used = Object.values(wallet.bookingCredits).filter((r) => r.state === 'used').length;
    if (Object.keys(wallet.credits).length + used !== CREDITS_EACH) conserved = false;
  }
  return {
    booked: bookings.filter((booking) => booking.pending !== true).length,
    oversold: Math.max(0, bookings.length - CAPACITY),
    spotsDistinct: new Set(spots).size === spots.length,
    conserved,
    violations,
  };
}

function outcomeOf(error: unknown): string {
  if (isDomainError(error)) return error.code;
  throw error;
}

async function inProcessRuns(): Promise<RunResult[]> {
  const database = await startDatabase();
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${database.port}`;
  const app = initializeApp(
    { projectId: 'demo-studio', databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com' },
    'bench-in-process',
  );
  const db = getDatabase(app);
  const deps = { db, now: Date.now };
  const uids = Array.from({ length: MEMBERS }, (_, i) => `member-${String(i).padStart(3, '0')}`);
  try {
    await seedStudio(db);
    await seedMembers(db, uids);
    // Warm-up: connection, JIT, caches; not measured.
    await seedClass(db, 'warm-up');
    await release('warm-up', uids.slice(0, 60), (uid) =>
      bookClass(deps, { uid, classId: 'warm-up' }).then(() => 'ok', outcomeOf),
    );
    const results: RunResult[] = [];
    const measure = async (label: string, classId: string, inFlight?: number) => {
      await seedClass(db, classId);
      const clientBefore = process.cpuUsage();
      const databaseBefore = cpuOfProcess(database.child.pid);
      const timed = await release(
        label,
        uids,
        (uid) => bookClass(deps, { uid, classId }).then(() => 'ok', outcomeOf),
        inFlight,
      );
      const client = process.cpuUsage(clientBefore);
      const cpu = {
        clientMs: (client.user + client.system) / 1000,
        databaseMs: cpuOfProcess(database.child.pid) - databaseBefore,
      };
      const result = { ...timed, cpu, ...(await check(db, classId, uids)) };
      results.push(result);
      log(summary(result));
    };
    for (let run = 1; run <= IN_PROCESS_RUNS; run += 1)
      await measure(`in-process, all ${MEMBERS} at once, run ${run}`, `release-${run}`);
    await measure(
      `in-process, ${INSTANCE_CONCURRENCY} in flight (one instance's concurrency)`,
      'release-instance',
      INSTANCE_CONCURRENCY,
    );
    return results;
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
        });
        const body = (await response.json()) as { result?: unknown; error?: { status: string } };
        return body.error ? body.error.status.toLowerCase().replaceAll('_', '-') : 'ok';
      } catch {
        // The emulator dropped the connection (a worker failed to start): counted, not fatal.
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
    const result = { ...timed, ...(await check(db, 'release-emulator', uids)) };
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

function row(run: RunResult): string {
  const throughput = (run.latencies.length * 1000) / run.wallMs;
  return `| ${run.label} | ${run.booked} | ${run.oversold} | ${run.conserved && run.spotsDistinct ? 'yes' : 'no'} | ${ms(percentile(run.latencies, 50))} | ${ms(percentile(run.latencies, 95))} | ${ms(percentile(run.latencies, 99))} | ${throughput.toFixed(0)}/s | ${Object.entries(
    run.outcomes,
  )
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ')} |`;
}

function writeSection(markdown: string): void {
  const heading = '## Class release';
  let existing = '# Benchmarks\n';
  try {
    existing = readFileSync(BENCHMARKS_FILE, 'utf8');
  } catch {
    // First run: the file starts with its title.
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
  const began = Date.now();
  const loadBefore = loadavg().map((value) => value.toFixed(2));
  const runs = await inProcessRuns();
  const emulator = await emulatorRun();
  const loadAfter = loadavg().map((value) => value.toFixed(2));
  const p95s = runs.map((run) => percentile(run.latencies, 95));
  const cpuLines = runs.map(
    (run) =>
      `${run.label}: ${ms(run.cpu?.clientMs ?? Number.NaN)} in this process, ${ms(run.cpu?.databaseMs ?? Number.NaN)} in the database emulator`,
  );
  const markdown = [
    '## Class release',
    '',
    `Run with \`npm run bench -w functions\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${Math.round((Date.now() - began) / 1000)} s; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after). ${MEMBERS} members with ${CREDITS_EACH} credits each book one ${CAPACITY}-spot class at the same instant (no spot chosen).`,
    '',
    `In-process: the \`bookClass\` handler (what the callable wraps) with the real admin SDK, all ${MEMBERS} calls started together, against the database emulator in a child process; latency is each call's time from that instant, so it includes waiting behind the others. Functions emulator: signed-in HTTPS callable requests to the built functions; the emulator runs one request per worker process, so ${WARM_WORKERS} workers were warmed first and ${WARM_WORKERS} requests kept in flight (design §9: it measures the emulator's process model, not the code). Both check the result on the whole database: booked, oversold, and "conserved" = no spot twice and every invariant of design §4 (ledger = balance, \`Credits\` = usable credits, each used credit backs one booking, every member's credits + used = granted).`,
    '',
    '| Run | Booked | Oversold | Credits conserved | p50 | p95 | p99 | Throughput | Outcomes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map(row),
    row(emulator),
    '',
    `Target: p95 ≤ 250 ms in-process — ${p95s.every((p95) => p95 <= 250) ? 'met' : 'not met'} (p95 per run: ${p95s.map((p95) => ms(p95)).join(', ')}). The losers of the race are refused in the roster transaction (\`resource-exhausted\`) before touching any credit; the ${CAPACITY} winners then consume a credit and are confirmed (docs/decisions/030).`,
    '',
    `Where the time goes (CPU per run): ${cpuLines.join('; ')}. The calls of one burst share one Node process, and most of its CPU is the admin SDK's transaction and event machinery (about 1–2 ms per call), so when all ${MEMBERS} start together the last answer comes after all of them have been served: p95 is close to the whole burst. The database's own share is small. In production a release is spread over function instances (up to 80 concurrent requests each) and the roster transactions of each instance are sent to the database as one write per round trip.`,
  ].join('\n');
  log('');
  log(markdown);
  writeSection(markdown);
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
