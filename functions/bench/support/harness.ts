// What every functions benchmark shares: printing, the database emulator in a child process with
// an admin SDK app on it, memory and CPU of a process, percentiles and the figures' formats, and
// the way a benchmark's main reports a failure. The figures each benchmark prints stay its own.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';
import { startDatabaseEmulator } from '../database-emulator';
import type { BenchDatabase } from '../database-emulator';

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** `sorted` ascending; the nearest-rank percentile (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const median = (values: readonly number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export function cpuOfProcess(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** A process's resident memory now, in bytes, from /proc (Linux). */
export function rssOf(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface Measured<T> {
  result: T;
  ms: number;
  peakRss: number;
  peakHeap: number;
}

/** Runs `work`, sampling this process's memory every 20 ms. */
export async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
  global.gc?.();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
    sample();
  }
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
export const milliseconds = (ms: number): string => `${ms.toFixed(0)} ms`;

/** The load average now, each to two decimals (`0.42 0.35 0.30`). */
export const loadAverage = (): string[] => loadavg().map((value) => value.toFixed(2));

export const coreCount = (): number => cpus().length;

/** `--name N` of this process's arguments, or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
}

export const flag = (name: string): boolean => process.argv.slice(2).includes(name);

export interface BenchStudio {
  db: Database;
  database: BenchDatabase;
  /** Deletes the app and stops the emulator (waiting for it to exit). */
  stop(): Promise<void>;
}

/**
 * The database emulator's CLI in a child process (a separate process, as the real database is a
 * separate machine) and an admin SDK app named `name` on it. `nodeArgs` go to the emulator's
 * Node process (e.g. `--cpu-prof`).
 */
export async function startBenchStudio(
  name: string,
  nodeArgs: readonly string[] = [],
): Promise<BenchStudio> {
  const database = await startDatabaseEmulator(nodeArgs);
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${database.port}`;
  const app = initializeApp(
    { projectId: 'demo-studio', databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com' },
    name,
  );
  return {
    db: getDatabase(app),
    database,
    stop: async () => {
      await deleteApp(app);
      if (database.child.exitCode !== null) return;
      const exited = new Promise((resolve) => database.child.once('exit', resolve));
      database.child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs a benchmark's `main`: a failure prints its stack and sets the exit code. `exit` ends the
 * process when main is done (for benchmarks whose SDK handles would keep it alive).
 */
export function runBenchmark(main: () => Promise<void>, options: { exit?: boolean } = {}): void {
  main().then(
    () => {
      if (options.exit) process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      if (options.exit) process.exit(1);
      process.exitCode = 1;
    },
  );
}
