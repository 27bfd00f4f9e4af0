// A chain's weekly release: `npm run bench:chain-sim -w functions`. 50 branches, each with its
// classes in a database instance of its own (an emulator namespace), 40 classes of 8 each, and
// 20,000 members with their credits in the default instance; the branches open `--stagger` ms
// apart (default 2,000: about what this one process needs for a branch's 400 calls, so it holds
// one or two branches' releases at a time, as one function instance of the many a chain's
// release runs on). With 100 ms, all 20,000 calls land on this one process within 5 s: it falls
// minutes behind, stops answering the database's pings, and the dropped connections' retries
// snowball. The simulation itself is bench/support/chain-simulation.ts (its test runs a small
// chain); the database emulator runs in a child process, one thread for all 51 instances.
//
// Reported: p50/p95 from each branch's opening, booked, oversold, credits conserved (each member's
// credits left + used = granted, and the booking invariants over every instance), CPU per call,
// per refusal (a second burst of winners onto full classes) and per win (the release's CPU less
// its refusals), and each instance's writes (the emulator counts them) per second and per booking,
// against the 1,000 writes/s a Realtime Database instance is rated for.
// `--branches N` runs a smaller chain; `--no-write` prints the section without touching
// docs/benchmarks.md.
import { publishBenchmarkSection } from './benchmarks-file';
import { CAPACITY, simulateChain } from './support/chain-simulation';
import type { ChainResult } from './support/chain-simulation';
import {
  coreCount,
  loadAverage,
  log,
  numberArg,
  percentile,
  runBenchmark,
  startBenchStudio,
} from './support/harness';

const HEADING = '## Chain simulation: 50 branch instances';
const RATED_WRITES_PER_SECOND = 1_000;

async function main(): Promise<void> {
  const loadBefore = loadAverage().join(' / ');
  const studio = await startBenchStudio('chain-simulation');
  try {
    const result = await simulateChain(
      studio,
      {
        branches: numberArg('--branches', 50),
        classes: 40,
        staggerMs: numberArg('--stagger', 2_000),
      },
      log,
    );
    const { release, refusals } = result;
    log(
      `release: p50 ${ms(percentile(release.latencies, 50))}, p95 ${ms(percentile(release.latencies, 95))}, ${JSON.stringify(release.outcomes)}, wall ${ms(release.wallMs)}, CPU ${ms(release.clientMs)} / db ${ms(release.databaseMs)}`,
    );
    log(
      `booked ${result.booked}, oversold ${result.oversold}, pending after the release ${result.pendingAfterRelease}, unconserved ${result.unconserved}, violations ${result.violations}`,
    );
    log(
      `refusals: ${JSON.stringify(refusals.outcomes)}, CPU ${ms(refusals.clientMs)} / db ${ms(refusals.databaseMs)}`,
    );
    const markdown = section(result, loadBefore);
    publishBenchmarkSection(HEADING, markdown, { after: '## Release across branch instances' });
  } finally {
    await studio.stop();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const perCall = (total: number, count: number) =>
  count === 0 ? '—' : `${(total / count).toFixed(2)} ms`;

function section(result: ChainResult, loadBefore: string): string {
  const { release, refusals, writes, options } = result;
  const { branches, classes, staggerMs } = options;
  const load = loadAverage().join(' / ');
  const wins = release.outcomes['ok'] ?? 0;
  const lostInRelease = release.latencies.length - wins;
  const refused = refusals.latencies.length - (refusals.outcomes['ok'] ?? 0);
  const refusalCpu = refused === 0 ? 0 : refusals.clientMs / refused;
  const refusalDb = refused === 0 ? 0 : refusals.databaseMs / refused;
  const winCpu = (release.clientMs - lostInRelease * refusalCpu) / Math.max(wins, 1);
  const winDb = (release.databaseMs - lostInRelease * refusalDb) / Math.max(wins, 1);
  // Each branch instance's writes over its own busy time (its opening to its last answer).
  const branchRates = Array.from({ length: branches }, (_, k) => {
    const span = release.branchSpan[k];
    const seconds = span ? Math.max(span.done - span.opened, 1) / 1000 : 1;
    return (writes[result.instanceOf(k)] ?? 0) / seconds;
  }).sort((a, b) => a - b);
  const branchTotal = Array.from(
    { length: branches },
    (_, k) => writes[result.instanceOf(k)] ?? 0,
  ).reduce((sum, n) => sum + n, 0);
  const mainWrites = writes[result.mainInstance] ?? 0;
  const mainRate = mainWrites / (release.wallMs / 1000);
  const perBooking = (n: number) =>
    release.latencies.length === 0 ? 0 : n / release.latencies.length;
  const rate = (n: number) => `${Math.round(n).toLocaleString('en')}/s`;
  return [
    HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}, ${coreCount()} cores, load average ${loadBefore} before, ${load} at the end (\`npm run bench:chain-sim -w functions\`, functions/bench/chain-simulation.ts).`,
    '',
    `${branches} branches, each with its classes in a database instance of its own (an emulator namespace), ${classes} classes of ${CAPACITY} each; ${result.members.toLocaleString('en')} members with 2 credits each in the default instance. The branches open one after another, ${staggerMs} ms apart; a branch's members all book the moment it opens (one in ten at the next branch), ten for each class of ${CAPACITY}. In-process: the \`bookClass\` handler with the release-rush engine the callables use, the real admin SDK, the database emulator in a child process, one thread for all ${branches + 1} instances. Latency from the branch's opening.`,
    '',
    '| Calls | Booked | Refused | Oversold | Credits conserved | p50 | p95 | Wall |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${release.latencies.length.toLocaleString('en')} | ${result.booked.toLocaleString('en')} | ${lostInRelease.toLocaleString('en')} | ${result.oversold} | ${result.unconserved === 0 && result.violations === 0 ? 'yes' : `NO (${result.unconserved} members, ${result.violations} violations)`} | ${ms(percentile(release.latencies, 50))} | ${ms(percentile(release.latencies, 95))} | ${ms(release.wallMs)} |`,
    '',
    `Bookings left pending when the release ended: ${result.pendingAfterRelease} (a call whose connection dropped after the member paid; a pass of the reconciler finished them before the checks, as production's 10-minute pass does).`,
    '',
    `CPU (this process / the database emulator): ${perCall(release.clientMs, release.latencies.length)} / ${perCall(release.databaseMs, release.latencies.length)} per call of the release; per refusal ${refusalCpu.toFixed(2)} / ${refusalDb.toFixed(2)} ms (${refused.toLocaleString('en')} winners onto full classes, staggered the same way); per win ${winCpu.toFixed(2)} / ${winDb.toFixed(2)} ms (the release's CPU less its refusals at that cost).`,
    '',
    `Writes (counted by the emulator) against the ${RATED_WRITES_PER_SECOND.toLocaleString('en')} writes/s an instance is rated for: each branch instance ${perBooking(branchTotal).toFixed(1)} per call of the release, ${rate(percentile(branchRates, 50))} median and ${rate(branchRates.at(-1) ?? 0)} at most over its own busy time; the default instance (members, credits, ledger, mail) ${perBooking(mainWrites).toFixed(1)} per call, ${rate(mainRate)} over the whole release. Here one emulator thread serves every instance, so these rates are what this machine sustained, not a limit of the layout: the default instance's writes per call set how many bookings per second a chain can take before members' credits need sharding.`,
  ].join('\n');
}

runBenchmark(main, { exit: true });
