// Functions cold start: `npm run bench -w functions` runs it first (alone: `npm run
// bench:cold-start -w functions`; `-- --runs 9` for more rounds, `-- --no-write` to print only).
// Builds lib/, starts the database emulator, then starts one fresh Node process per measurement
// (bench/cold-start-instance.mjs), one at a time, in rounds: every function as its own instance
// (FUNCTION_TARGET set, as Cloud Run functions and the Functions emulator's workers set it), the
// whole bundle as every instance loaded it before docs/decisions/140-functions-cold-start.md (no
// FUNCTION_TARGET → lib/all.js,
// called as bookClass; its SDKs from node_modules), firebase-functions/v2/https alone from
// node_modules (the instances' bundles inline it) and an empty Node process. Each round
// runs the whole bundle and bookClass's instance back to back, so their ratio is taken pair by
// pair on the same machine state. Figures are medians over the rounds; nothing is judged here.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { BENCHMARKS_FILE, writeBenchmarkSection } from './benchmarks-file';
import { startDatabaseEmulator } from './database-emulator';

const FUNCTIONS_DIR = path.resolve(__dirname, '..');
const HEADING = '## Functions cold start';
const INSTANCE_SCRIPT = path.join(FUNCTIONS_DIR, 'bench/cold-start-instance.mjs');
/** A first call that has not answered by then is reported as such (it should take well under 1 s). */
const INSTANCE_TIMEOUT_MS = 60_000;
const BOOKING_FUNCTION = 'bookClass';

interface Sample {
  loadedMs: number;
  requireMs: number;
  loadCpuMs: number;
  firstCallMs?: number;
  outcome?: string;
  exportedCount?: number;
}

type Kind =
  | { id: string; label: string; mode: 'empty' | 'https' }
  | { id: string; label: string; mode: 'load'; name: string; target: boolean };

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`);

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: FUNCTIONS_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), INSTANCE_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${args.join(' ')} exited with ${code}: ${output.slice(-2000)}`));
    });
  });
}

/** The deployed names, from the entry point build.mjs writes. */
function deployedNames(): string[] {
  const index = readFileSync(path.join(FUNCTIONS_DIR, 'lib/index.js'), 'utf8');
  const list = /new Set\((\[[^\]]*\])\)/.exec(index)?.[1];
  if (list === undefined) throw new Error('lib/index.js lists no functions; run the build.');
  return JSON.parse(list) as string[];
}

async function measure(kind: Kind, baseEnv: NodeJS.ProcessEnv): Promise<Sample> {
  const env = { ...baseEnv };
  delete env['FUNCTION_TARGET'];
  const args = [INSTANCE_SCRIPT, kind.mode];
  if (kind.mode === 'load') {
    args.push(kind.name);
    if (kind.target) env['FUNCTION_TARGET'] = kind.name;
  }
  const output = await run(process.execPath, args, env);
  const line = output.split('\n').find((entry) => entry.startsWith('COLD_START '));
  if (line === undefined) throw new Error(`${kind.label}: no result in ${output.slice(-2000)}`);
  return JSON.parse(line.slice('COLD_START '.length)) as Sample;
}

function flagValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<void> {
  const rounds = Number(flagValue('--runs') ?? 7);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--runs takes a whole number ≥ 1');
  const began = Date.now();
  log('Functions cold start: building lib/ …');
  log((await run(process.execPath, ['build.mjs'], process.env)).trim());
  const names = deployedNames();
  const database = await startDatabaseEmulator();
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${database.port}`,
    GCLOUD_PROJECT: 'demo-studio',
    // Nothing leaves the machine: Auth and Stripe point at a closed local port (no first call
    // here reaches them: the webhook's signature check and the empty jobs need no request).
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    STRIPE_SECRET_KEY: 'sk_test_cold_start',
    STRIPE_WEBHOOK_SECRET: 'whsec_cold_start',
  };
  const whole: Kind = {
    id: 'whole',
    label: `whole bundle (no FUNCTION_TARGET → lib/all.js, ${names.length} functions), called as ${BOOKING_FUNCTION}`,
    mode: 'load',
    name: BOOKING_FUNCTION,
    target: false,
  };
  const booking: Kind = {
    id: BOOKING_FUNCTION,
    label: BOOKING_FUNCTION,
    mode: 'load',
    name: BOOKING_FUNCTION,
    target: true,
  };
  const others: Kind[] = [
    ...names
      .filter((name) => name !== BOOKING_FUNCTION)
      .map((name): Kind => ({ id: name, label: name, mode: 'load', name, target: true })),
    {
      id: 'https',
      label: 'firebase-functions/v2/https alone, from node_modules (no function)',
      mode: 'https',
    },
    { id: 'empty', label: 'empty Node process', mode: 'empty' },
  ];
  const samples = new Map<string, Sample[]>();
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const loadBefore = loadavg().map((value) => value.toFixed(2));
  try {
    for (let round = 0; round < rounds; round += 1) {
      // The pair first and back to back (alternating which goes first), the rest rotated.
      const pair = round % 2 === 0 ? [whole, booking] : [booking, whole];
      const shift = round % others.length;
      const order = [...pair, ...others.slice(shift), ...others.slice(0, shift)];
      for (const kind of order) {
        const sample = await measure(kind, baseEnv);
        samples.set(kind.id, [...(samples.get(kind.id) ?? []), sample]);
      }
      const wholeLast = samples.get(whole.id)?.at(-1);
      const bookingLast = samples.get(booking.id)?.at(-1);
      const wholeLoad = wholeLast?.loadedMs ?? Number.NaN;
      const bookingLoad = bookingLast?.loadedMs ?? Number.NaN;
      ratios.push(bookingLoad / wholeLoad);
      cpuRatios.push((bookingLast?.loadCpuMs ?? Number.NaN) / (wholeLast?.loadCpuMs ?? Number.NaN));
      log(
        `  round ${round + 1}/${rounds}: whole bundle ${ms(wholeLoad)}, ${BOOKING_FUNCTION} ${ms(bookingLoad)} (ratio ${(bookingLoad / wholeLoad).toFixed(2)})`,
      );
    }
  } finally {
    const exited = new Promise((resolve) => database.child.once('exit', resolve));
    database.child.kill('SIGTERM');
    await exited;
  }
  const loadAfter = loadavg().map((value) => value.toFixed(2));
  const stats = (id: string) => {
    const list = samples.get(id) ?? [];
    const outcomes = [...new Set(list.map((sample) => sample.outcome ?? ''))].filter(Boolean);
    return {
      loaded: median(list.map((sample) => sample.loadedMs)),
      loadedMin: Math.min(...list.map((sample) => sample.loadedMs)),
      loadedMax: Math.max(...list.map((sample) => sample.loadedMs)),
      require: median(list.map((sample) => sample.requireMs)),
      cpu: median(list.map((sample) => sample.loadCpuMs)),
      firstCall: median(list.flatMap((sample) => sample.firstCallMs ?? [])),
      outcome: outcomes.join(', ') || '—',
    };
  };
  const row = (kind: Kind) => {
    const s = stats(kind.id);
    const sum = s.loaded + (Number.isNaN(s.firstCall) ? 0 : s.firstCall);
    return `| ${kind.label} | ${ms(s.loaded)} (${ms(s.loadedMin)}–${ms(s.loadedMax)}) | ${ms(s.require)} | ${ms(s.cpu)} | ${ms(s.firstCall)} | ${Number.isNaN(s.firstCall) ? '—' : ms(sum)} | ${s.outcome} |`;
  };
  const wholeStats = stats(whole.id);
  const bookingStats = stats(booking.id);
  const ratio = median(ratios);
  const machine = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${rounds} rounds, ${Math.round((Date.now() - began) / 1000)} s; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after`;
  const section = [
    HEADING,
    '',
    `Run with \`npm run bench -w functions\` (its first part; alone: \`npm run bench:cold-start -w functions\`) (${machine}). Each figure is the median over the rounds of a fresh Node process started for it, one process at a time (docs/decisions/140-functions-cold-start.md). **Instance load** is the time from the process's start to \`require('lib/index.js')\` returning, as the runtime loads it with \`FUNCTION_TARGET\` set to the function (Cloud Run functions and the Functions emulator's workers set it); **require** is the same without Node's own start-up; **CPU to load** is the CPU time (user + system, every thread) the process had used by then, which depends less on what else the machine runs. **First call** is the exported function's first invocation in that process, in-process (no HTTP, no token check: \`run()\` with a signed-in admin caller, \`{classId}\` of a class that does not exist), against the database emulator: the callables for which that input is valid read the class and answer not-found, the others refuse the input before any I/O (invalid-argument), the webhook refuses a bad signature after Stripe's check, the schedules run their job on an empty database, bootstrapUser writes one profile. Every first call opens the admin SDK's database connection except the refusals of the input.`,
    '',
    '| Instance | Instance load (min–max) | Require | CPU to load | First call | Load + first call | First call answered |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    row(whole),
    row(booking),
    ...others.map(row),
    '',
    `Side by side (each round ran the two back to back): ${BOOKING_FUNCTION}'s instance loads in ${ms(bookingStats.loaded)} against ${ms(wholeStats.loaded)} for the whole bundle, a median ratio of ${ratio.toFixed(2)} (per round: ${ratios.map((value) => value.toFixed(2)).join(', ')}); in CPU to load ${ms(bookingStats.cpu)} against ${ms(wholeStats.cpu)}, ratio ${median(cpuRatios).toFixed(2)}. Target ≤ 0.50 — ${ratio <= 0.5 ? 'met' : 'not met'} in this run (wall-clock ratio). For scale, \`firebase-functions/v2/https\` alone from \`node_modules\`, as \`lib/all.js\` loads it (every callable loads it before it exists; the instances' bundles inline it): ${ms(stats('https').loaded)}, CPU ${ms(stats('https').cpu)}. Load + first call: ${ms(bookingStats.loaded + bookingStats.firstCall)} against ${ms(wholeStats.loaded + wholeStats.firstCall)}.`,
  ].join('\n');
  log('');
  log(section);
  if (process.argv.includes('--no-write')) return;
  writeBenchmarkSection(HEADING, section, { before: '## Web app' });
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
