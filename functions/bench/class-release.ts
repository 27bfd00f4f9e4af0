// Class-release benchmark: `npm run bench -w functions` (root: `npm run bench`). 300 members with
// credits book one 30-spot class at the same instant. Then the load runs: 1,000
// members on one class, and 300 members across 20 classes at once. Flags (after `--`):
// `--in-process-only` skips the Functions-emulator run, `--emulator-only` runs only it,
// `--release-only` skips the load runs (each prints its runs only); `--no-write` prints the
// tables without touching docs/benchmarks.md. Profiling both processes, from functions/:
//   CLASS_RELEASE_WINDOWS=w.json CLASS_RELEASE_PROFILE_DIR=prof node --cpu-prof \
//     --cpu-prof-dir=prof --import tsx bench/class-release.ts --release-only --in-process-only
//   npx tsx bench/profile-summary.ts w.json prof/*.cpuprofile
// writes the bursts' times on the monotonic clock (which the profiles use), a profile of this
// process and of the database emulator, then cuts both to the bursts.
// CLASS_RELEASE_COUNT_CALLS=1 prints the admin SDK calls each burst made, per path.
//
// 1. In-process: the exact handler `bookClass` wraps, with the real admin SDK,
//    against the database emulator started here as a child process (its own event loop, as
//    `npm start` runs it). All 300 calls start together; latency is per call from that instant.
// 2. Through the Functions emulator (`startStack`): signed-in HTTPS callable requests to the
//    built functions. The emulator runs one request per worker process and, by default, starts
//    a new process for every request that finds no idle worker (up to 50 at once), ignoring the
//    function's `concurrency`; FUNCTIONS_EMULATOR_PARALLEL caps the requests it runs at once,
//    and so its workers (docs/decisions/125-functions-emulator-bench-workers.md). The run caps it
//    at EMULATOR_WORKERS, warms that
//    many workers, then sends all 300 calls at once: the emulator queues what it cannot run.
//    It measures the emulator's process model, labelled so. A run that cannot finish sensibly
//    (start-up, more workers than the cap, a call past its time limit) stops and says why.
//
// Every run checks the outcome: booked, none oversold, no spot twice, credits conserved (every
// booking invariant on the whole database). Prints tables and writes them to
// docs/benchmarks.md under "## Class release" and "## Load". Figures only, no pass/fail.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';
import {
  ROOTS,
  bookingInvariantViolations,
  isDomainError,
  paths,
  readWallet,
  rosterSchema,
} from '@studio/core';
import { bookClass } from '../src/handlers/booking/book-class';
import { databaseRateLimiter } from '../src/engine/rate-limiter';
import { startStack } from '../../scripts/lib/stack';
import { BENCHMARKS_FILE, writeBenchmarkSection } from './benchmarks-file';
import { cpuOfProcess, log, percentile, runBenchmark, startBenchStudio } from './support/harness';
import {
  memberIds,
  seedCreditMembers,
  seedReleaseClass,
  seedReleaseStudio,
} from './support/seed-release';

const MEMBERS = 300;
const CAPACITY = 30;
const LOAD_MEMBERS = 1_000;
const LOAD_CLASSES = 20;
const LOAD_CLASS_CAPACITY = 10;
const CREDITS_EACH = 6;
const IN_PROCESS_RUNS = 3;
/** Cloud Functions v2 serves up to 80 concurrent requests per instance by default. */
const INSTANCE_CONCURRENCY = 80;
/** Functions-emulator worker processes (FUNCTIONS_EMULATOR_PARALLEL): one per core here. */
const EMULATOR_WORKERS = 2;
/** A call queued behind the whole burst still answers well within this on 2 cores. */
const CALL_TIMEOUT_MS = 120_000;
/** The whole Functions-emulator part, start-up included; past it the run stops and says so. */
const EMULATOR_RUN_LIMIT_MS = 8 * 60_000;

const ROOT = path.resolve(__dirname, '../..');

/** The database emulator, writing a CPU profile when CLASS_RELEASE_PROFILE_DIR names a folder. */
function startDatabase() {
  const profileDir = process.env['CLASS_RELEASE_PROFILE_DIR'];
  return startBenchStudio(
    'bench-in-process',
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
}

const seedMembers = (db: Database, uids: readonly string[]) =>
  seedCreditMembers(db, uids, { credits: CREDITS_EACH });
const seedClass = (db: Database, classId: string, capacity = CAPACITY) =>
  seedReleaseClass(db, classId, capacity);

/** A path with its ids (any segment holding a digit, push ids) replaced by `*`. */
const pathPattern = (ref: { toString(): string }) =>
  new URL(ref.toString()).pathname
    .split('/')
    .map((segment) => (/\d|^-/.test(segment) ? '*' : segment))
    .join('/');

/**
 * CLASS_RELEASE_COUNT_CALLS=1: counts the admin SDK calls the handlers make during each burst,
 * per method and path, with the CPU spent synchronously inside each call (a transaction's
 * first run, hash and send; its acknowledgement is handled later, outside the call).
 */
function countCalls(db: Database): { start(): void; report(): string[] } | undefined {
  if (!process.env['CLASS_RELEASE_COUNT_CALLS']) return undefined;
  const counts = new Map<string, { calls: number; cpuUs: number }>();
  let counting = false;
  // The compat Reference class of the SDK: its methods are wrapped in place (benchmark only).
  const prototype = Object.getPrototypeOf(db.ref()) as Record<string, unknown>;
  for (const method of ['transaction', 'update', 'set', 'on', 'get', 'push']) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: { toString(): string }, ...args: unknown[]) {
      if (!counting) return original.apply(this, args);
      const before = process.cpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const used = process.cpuUsage(before);
        const key = `${method} ${pathPattern(this)}`;
        const entry = counts.get(key) ?? { calls: 0, cpuUs: 0 };
        entry.calls += 1;
        entry.cpuUs += used.user + used.system;
        counts.set(key, entry);
      }
    };
  }
  return {
    start: () => {
      counts.clear();
      counting = true;
    },
    report: () => {
      counting = false;
      return [...counts]
        .sort((a, b) => b[1].cpuUs - a[1].cpuUs)
        .map(
          ([key, { calls, cpuUs }]) =>
            `  ${String(calls).padStart(5)} × ${key}: ${(cpuUs / 1000).toFixed(1)} ms in the calls`,
        );
    },
  };
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
  /** The Functions-emulator run's CPU, said in words (its processes differ). */
  cpuNote?: string;
}

/** The measured bursts on the monotonic clock (µs), which `--cpu-prof` profiles use too. */
const burstWindows: { label: string; startUs: number; endUs: number }[] = [];
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

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
  const startUs = monotonicUs();
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
  if (label !== 'warm-up' && label !== 'sign-in')
    burstWindows.push({ label, startUs, endUs: monotonicUs() });
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

async function inProcessRuns(
  withLoad: boolean,
): Promise<{ release: RunResult[]; load: RunResult[] }> {
  const studio = await startDatabase();
  const { db, database } = studio;
  // As the callable builds them, abuse limits included (each member books a few times here).
  const deps = { db, now: Date.now, limits: databaseRateLimiter(db, Date.now) };
  const counter = countCalls(db);
  const uids = memberIds('member', MEMBERS);
  const loadUids = memberIds('load', LOAD_MEMBERS);
  try {
    await seedReleaseStudio(db);
    await seedMembers(db, uids);
    await seedMembers(db, loadUids);
    // Warm-up: connection, JIT, caches; not measured. Members of its own, so run 1 reads every
    // member it needs for the first time.
    const warmUids = memberIds('warm', 60);
    await seedMembers(db, warmUids);
    await seedClass(db, 'warm-up');
    await release('warm-up', warmUids, (uid) =>
      bookClass(deps, { uid, classId: 'warm-up' }).then(() => 'ok', outcomeOf),
    );
    const measure = async (scenario: Scenario): Promise<RunResult> => {
      for (const classId of scenario.classIds) await seedClass(db, classId, scenario.capacity);
      const classes = new Map(scenario.uids.map((uid, i) => [uid, scenario.classOf(uid, i)]));
      const clientBefore = process.cpuUsage();
      const databaseBefore = cpuOfProcess(database.child.pid);
      counter?.start();
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
      if (counter) log(['  admin SDK calls:', ...counter.report()].join('\n'));
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
          `in-process, all ${MEMBERS} at once, run 1 (cold: no member read before)`,
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
    if (!withLoad) return { release: releaseRuns, load: [] };
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
    await studio.stop();
  }
}

/** The processes `startStack` started under this one: the Firebase CLI and its function workers. */
function emulatorProcesses(): { cli: number[]; workers: number[] } {
  const parentOf = new Map<number, number>();
  const commandOf = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1],
      );
      parentOf.set(Number(entry), ppid);
      commandOf.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
    } catch {
      // The process ended while the list was read.
    }
  }
  const cli = [...parentOf]
    .filter(([pid, ppid]) => ppid === process.pid && commandOf.get(pid)?.includes('firebase'))
    .map(([pid]) => pid);
  const workers = [...parentOf]
    .filter(
      ([pid, ppid]) =>
        cli.includes(ppid) && commandOf.get(pid)?.includes('functionsEmulatorRuntime'),
    )
    .map(([pid]) => pid);
  return { cli, workers };
}

function emulatorCpuMs(): number {
  const { cli, workers } = emulatorProcesses();
  return [...cli, ...workers].reduce((sum, pid) => sum + cpuOfProcess(pid), 0);
}

function firebaseToolsVersion(): string {
  const file = path.join(ROOT, 'node_modules/firebase-tools/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The Functions-emulator run, stopped with the reason (never left hanging) when the emulator
 * starts more workers than the cap, or the whole run overruns EMULATOR_RUN_LIMIT_MS.
 */
async function emulatorRun(): Promise<RunResult> {
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'functions') });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))));
  });
  const controller = new AbortController();
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error));
  });
  stopped.catch(() => undefined);
  const stop = (why: string) => {
    if (!controller.signal.aborted) controller.abort(new Error(why));
  };
  const limit = setTimeout(
    () => stop(`not finished within ${EMULATOR_RUN_LIMIT_MS / 60_000} min (start-up included)`),
    EMULATOR_RUN_LIMIT_MS,
  );
  let mostWorkers = 0;
  const watch = setInterval(() => {
    const count = emulatorProcesses().workers.length;
    mostWorkers = Math.max(mostWorkers, count);
    if (count > EMULATOR_WORKERS)
      stop(
        `the emulator started ${count} workers with FUNCTIONS_EMULATOR_PARALLEL=${EMULATOR_WORKERS}`,
      );
  }, 250);
  // Read by the CLI when it loads (its work queue runs at most this many requests at once).
  process.env['FUNCTIONS_EMULATOR_PARALLEL'] = String(EMULATOR_WORKERS);
  const starting = startStack({
    only: ['auth', 'functions'],
    // CLASS_RELEASE_STACK_LOG=1 shows what the emulators say (worker starts, timeouts).
    ...(process.env['CLASS_RELEASE_STACK_LOG'] ? { log } : {}),
  });
  let stack: Awaited<typeof starting>;
  try {
    stack = await Promise.race([starting, stopped]);
  } catch (error) {
    clearTimeout(limit);
    clearInterval(watch);
    // startStack gives up by itself after 240 s; whatever it started is stopped here.
    await starting.then(
      (late) => late.stop(),
      () => undefined,
    );
    throw error;
  }
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
  const within = <T>(work: Promise<T>) => Promise.race([work, stopped]);
  try {
    await within(seedReleaseStudio(db));
    await within(seedMembers(db, uids));
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
        signal: controller.signal,
      },
    );
    if (!created.ok) throw new Error(`batchCreate: ${await created.text()}`);
    const tokens = new Map<string, string>();
    await within(
      release(
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
              signal: controller.signal,
            },
          );
          tokens.set(uid, ((await response.json()) as { idToken: string }).idToken);
          return 'ok';
        },
        20,
      ),
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
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
        });
        const body = (await response.json()) as { result?: unknown; error?: { status: string } };
        return body.error ? body.error.status.toLowerCase().replaceAll('_', '-') : 'ok';
      } catch (error) {
        if (controller.signal.aborted) throw controller.signal.reason;
        // No answer in time, or the emulator dropped the connection: counted, not fatal.
        return error instanceof DOMException && error.name === 'TimeoutError'
          ? 'timeout'
          : 'transport-error';
      }
    };
    // Warm-up: the cap's worth of calls at once starts that many workers (each loads the
    // functions); a second round runs on them warm. Not measured.
    await seedClass(db, 'warm-up');
    for (let round = 0; round < 2; round += 1) {
      const batch = uids.slice(round * EMULATOR_WORKERS, (round + 1) * EMULATOR_WORKERS);
      const warm = await within(release('warm-up', batch, (uid) => call(uid, 'warm-up')));
      log(`  warm-up round ${round + 1}: ${JSON.stringify(warm.outcomes)} in ${ms(warm.wallMs)}`);
    }
    const warmed = emulatorProcesses().workers.length;
    log(
      `Functions emulator: ${warmed} warm workers (FUNCTIONS_EMULATOR_PARALLEL=${EMULATOR_WORKERS})`,
    );
    await seedClass(db, 'release-emulator');
    const emulatorBefore = emulatorCpuMs();
    const selfBefore = process.cpuUsage();
    const timed = await within(
      release(
        `Functions emulator (firebase-tools ${firebaseToolsVersion()}, offline): ${warmed} warmed workers, all ${MEMBERS} sent at once`,
        uids,
        (uid) => call(uid, 'release-emulator'),
      ),
    );
    const self = process.cpuUsage(selfBefore);
    const cpuNote = `${ms(emulatorCpuMs() - emulatorBefore)} emulator + workers / ${ms((self.user + self.system) / 1000)} this process (database + callers)`;
    const result = {
      ...timed,
      cpuNote,
      ...(await check(db, ['release-emulator'], CAPACITY, uids)),
    };
    log(summary(result));
    log(`  most worker processes seen: ${mostWorkers}`);
    return result;
  } finally {
    clearTimeout(limit);
    clearInterval(watch);
    await deleteApp(app);
    await stack.stop();
    const left = emulatorProcesses();
    if (left.cli.length + left.workers.length > 0)
      log(
        `Functions emulator: processes still running after stop: ${[...left.cli, ...left.workers].join(' ')}`,
      );
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
    ...(run.cpuNote === undefined ? [] : [`  cpu: ${run.cpuNote}`]),
    ...run.violations.slice(0, 5).map((violation) => `  violation: ${violation}`),
  ].join('\n');
}

function cpuCell(run: RunResult): string {
  if (run.cpuNote !== undefined) return run.cpuNote;
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

const TABLE_HEAD = [
  '| Run | Booked | Oversold | Credits conserved | p50 | p95 | p99 | Throughput | CPU (this process / database) | Outcomes |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];

async function main(): Promise<void> {
  const began = Date.now();
  const loadBefore = loadavg().map((value) => value.toFixed(2));
  const flag = (name: string) => process.argv.includes(name);
  const { release: runs, load } = flag('--emulator-only')
    ? { release: [], load: [] }
    : await inProcessRuns(!flag('--release-only'));
  const windowsFile = process.env['CLASS_RELEASE_WINDOWS'];
  if (windowsFile) writeFileSync(windowsFile, JSON.stringify(burstWindows, null, 2));
  // The Functions emulator needs minutes of CPU to start on a loaded machine; a failed or
  // stopped run is reported in the table, with why, instead of losing the in-process figures.
  const emulator = flag('--in-process-only')
    ? undefined
    : await emulatorRun().catch((error: unknown) => {
        const why = String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
        log(`Functions emulator run stopped: ${why}`);
        return why;
      });
  // A partial run (a quick look while working on the handlers) prints its runs only.
  const partial = ['--in-process-only', '--emulator-only', '--release-only'];
  if (emulator === undefined || runs.length === 0 || partial.some(flag)) return;
  const loadAfter = loadavg().map((value) => value.toFixed(2));
  const p95s = runs.map((run) => percentile(run.latencies, 95));
  const machine = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${Math.round((Date.now() - began) / 1000)} s; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after`;
  const release = [
    '## Class release',
    '',
    `Run with \`npm run bench -w functions\` (${machine}). ${MEMBERS} members with ${CREDITS_EACH} credits each book one ${CAPACITY}-spot class at the same instant (no spot chosen).`,
    '',
    `In-process: the \`bookClass\` handler (what the callable wraps) with the real admin SDK, all ${MEMBERS} calls started together, against the database emulator in a child process; latency is each call's time from that shared instant to its answer, so it includes waiting behind the others (in the ${INSTANCE_CONCURRENCY}-in-flight run, also the wait for a free slot). Run 1 is the first time the instance reads any of these members (the warm-up booked others); runs 2 and 3 find those it read in its live cache, as an instance that served them in the last minute would. Only as many callers read their member's node at once as could still take a seat, twice over (docs/architecture/booking.md#throughput-on-one-instance); the others wait in arrival order and are refused when the class fills. Functions emulator: signed-in HTTPS callable requests to the built functions, all ${MEMBERS} sent at once after ${EMULATOR_WORKERS} workers were warmed; the emulator runs one request per worker process and ignores the functions' \`concurrency\`, so \`FUNCTIONS_EMULATOR_PARALLEL=${EMULATOR_WORKERS}\` caps its workers and it queues the rest (docs/decisions/125-functions-emulator-bench-workers.md; it measures the emulator's process model, not the code; its CPU column is the CLI and workers / this process, which hosts the database there). Every run checks the result on the whole database: booked, oversold, and "conserved" = no spot twice and every booking invariant (ledger = balance, \`Credits\` = usable credits, each used credit backs one booking, every member's credits + used = granted). CPU is the time this process (handlers + admin SDK) and the database emulator's process spent during the run.`,
    '',
    ...TABLE_HEAD,
    ...runs.map(row),
    typeof emulator === 'string'
      ? `| Functions emulator, ${EMULATOR_WORKERS} workers — stopped: ${emulator.replaceAll('|', '/')} | | | | | | | | | |`
      : row(emulator),
    '',
    `Target: p95 ≤ 250 ms in-process — ${p95s.every((p95) => p95 <= 250) ? 'met' : 'not met'} in this run (p95 per run: ${p95s.map((p95) => ms(p95)).join(', ')}). Each run's CPU column is the work the burst needs; on a machine shared with other jobs (the load average above) the wall-clock figures also include waiting for a core.`,
  ].join('\n');
  const loadSection = [
    '## Load',
    '',
    `Same harness and checks as "Class release" (in-process, same run). ${LOAD_MEMBERS.toLocaleString('en')} members with ${CREDITS_EACH} credits each book one ${CAPACITY}-spot class at the same instant (members this instance never read; only the first arrivals read theirs, docs/architecture/booking.md#throughput-on-one-instance); then the ${MEMBERS} members of the release runs each book one of ${LOAD_CLASSES} classes of ${LOAD_CLASS_CAPACITY} spots (member i → class i mod ${LOAD_CLASSES}, so ${MEMBERS / LOAD_CLASSES} callers race for each class's ${LOAD_CLASS_CAPACITY} spots), all at once.`,
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
  if (flag('--no-write')) return;
  writeBenchmarkSection('## Class release', release);
  writeBenchmarkSection('## Load', loadSection, { after: '## Class release' });
  log(`\nwrote ${BENCHMARKS_FILE}`);
}

runBenchmark(main, { exit: true });
