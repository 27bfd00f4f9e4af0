// A studio's switch at scale: `npm run bench:import -w functions`. Writes a Mindbody-shaped
// export (scripts/lib/sample-exports.ts) of 10,000 clients (Windows-1252, semicolons), 10,000
// pricing options with visits remaining, 3,000 client contracts and 200,000 visits, then runs
// `npm run admin -- import`'s engine (`runImportCommand`, in this process, as the command line
// does) against the database emulator's CLI and the Auth emulator, each in a child process:
// first a dry run, then the import. Prints wall time, rows per second, and the peak RSS and heap
// of this process (sampled every 20 ms), and writes them to docs/benchmarks.md under
// "## Import at studio scale" (`--no-write`: print only; `--dry-only`: the dry run alone, e.g. under
// `node --cpu-prof`, with IMPORT_PROFILE_DIR=<folder> profiling the database's process too; `--clients N`, `--visits N` per client,
// `--memberships N`: another size). Targets: import under 2 minutes within 512 MB, dry run
// under 30 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { paths } from '@studio/core';
import type { ImportCounts } from '@studio/core/import';
import {
  SAMPLE_PLAN_NAMES,
  sampleClients,
  writeSampleExport,
} from '../../scripts/lib/sample-exports';
import { runImportCommand, type ImportSummary } from '../../scripts/lib/import-command';
import startAuthEmulator from '../test/support/auth-emulator';
import { writeBenchmarkSection } from './benchmarks-file';
import {
  coreCount,
  flag,
  loadAverage,
  log,
  mb,
  measure,
  numberArg,
  runBenchmark,
  seconds,
  startBenchStudio,
  type Measured,
} from './support/harness';

const HEADING = '## Import at studio scale';
const COMMAND = 'npm run bench:import -w functions';
const CLIENTS = numberArg('--clients', 10_000);
const VISITS_PER_CLIENT = numberArg('--visits', 20);
const MEMBERSHIPS = numberArg('--memberships', 3_000);
const WRITE = !flag('--no-write');
const DRY_ONLY = flag('--dry-only');
const PROFILE_DIR = process.env['IMPORT_PROFILE_DIR'];
const PLAN_ID = 'unlimited-daily';

async function main(): Promise<void> {
  const load = loadAverage();
  let authHost = '';
  const stopAuth = await startAuthEmulator({
    provide: (_key: string, value: string) => {
      authHost = value;
    },
  } as unknown as Parameters<typeof startAuthEmulator>[0]);
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = authHost;
  const studio = await startBenchStudio(
    'import-scale',
    PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`],
  );
  const folder = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
  try {
    const { db } = studio;
    const auth = getAuth(getApp('import-scale'));
    // The plan the contracts map to, and the mapping step's choice for the unknown name.
    await db.ref().update({
      [paths.plan(PLAN_ID)]: {
        kind: 'unlimited',
        name: SAMPLE_PLAN_NAMES.known,
        interval: 'month',
        price: 12900,
        currency: 'USD',
        dailyCap: 1,
        active: true,
        order: 1,
      },
      [paths.importMapping('mindbody')]: {
        columns: {},
        plans: { monthlyunlimitedautopay: PLAN_ID },
        dateOrder: 'mdy',
        updatedAt: Date.now(),
        by: 'bench',
      },
    });
    const files = writeSampleExport(
      folder,
      sampleClients({
        clients: CLIENTS,
        packs: CLIENTS,
        visitsPerClient: VISITS_PER_CLIENT,
        tag: 'B',
      }),
      {
        packs: CLIENTS,
        visitsPerClient: VISITS_PER_CLIENT,
        visitsAs: 'csv',
        memberships: MEMBERSHIPS,
      },
    );
    const list = [files.clients, files.pricing, files.contracts ?? '', files.visits];
    const rows = CLIENTS * 2 + MEMBERSHIPS + CLIENTS * VISITS_PER_CLIENT;
    log(`wrote ${rows.toLocaleString('en')} rows in 4 files`);
    const deps = { db, auth, now: () => Date.now() };
    const run = (dryRun: boolean) =>
      measure(() =>
        runImportCommand(
          deps,
          {
            files: list,
            source: 'mindbody',
            dryRun,
            dateOrder: undefined,
            country: 'MX',
            report: path.join(folder, dryRun ? 'dry-run.csv' : 'import.csv'),
            by: 'bench',
          },
          new AbortController().signal,
        ),
      );
    global.gc?.();
    const dry = await run(true);
    log(
      `dry run: ${seconds(dry.ms)}, peak RSS ${mb(dry.peakRss)}, heap ${mb(dry.peakHeap)} ${JSON.stringify(dry.result.counts)}`,
    );
    if (DRY_ONLY) return;
    global.gc?.();
    const real = await run(false);
    log(`import: ${seconds(real.ms)} ${JSON.stringify(real.result.counts)}`);
    const accounts = (await auth.listUsers(1000)).users.length;
    const memberships = Object.keys(
      ((await db.ref(paths.memberships()).get()).val() ?? {}) as object,
    ).length;
    log(`accounts (first page): ${accounts}, memberships: ${memberships}`);

    const counts = (c: ImportCounts) =>
      `${c.created.toLocaleString('en')} created, ${c.updated} updated, ` +
      `${c.unchanged.toLocaleString('en')} unchanged, ${c.skipped.toLocaleString('en')} skipped`;
    const row = (label: string, m: Measured<ImportSummary>, target: string, limitMs: number) =>
      `| ${label} | ${seconds(m.ms)} | ${Math.round(rows / (m.ms / 1000)).toLocaleString('en')} | ` +
      `${mb(m.peakRss)} | ${mb(m.peakHeap)} | ${counts(m.result.counts)} | ${target} | ` +
      `${m.ms < limitMs && m.peakRss < 512 * 1024 * 1024 ? 'yes' : 'no'} |`;
    const markdown = [
      HEADING,
      '',
      `Run with \`${COMMAND}\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
        `${coreCount()} cores; load average ${load.join(' ')} before, ${loadAverage().join(' ')} after). ` +
        `A generated Mindbody-shaped export: ${CLIENTS.toLocaleString('en')} clients (Windows-1252, ` +
        `semicolons), ${CLIENTS.toLocaleString('en')} pricing options, ${MEMBERSHIPS.toLocaleString('en')} ` +
        `client contracts (a fifth under a plan name mapped by hand) and ` +
        `${(CLIENTS * VISITS_PER_CLIENT).toLocaleString('en')} visits as CSV, ${rows.toLocaleString('en')} rows, ` +
        'imported by the command line\u2019s engine in this process (files streamed, 500-row batches, two ' +
        'in flight) into the database emulator\u2019s CLI and the Auth emulator, each in its own process. ' +
        'RSS and heap are this process\u2019s (the engine, the admin SDK, the CSV reader); the emulators ' +
        'stand in for the managed services. The dry run writes only its report; the import makes every ' +
        'account, profile, credit, plan and visit, then rebuilds each member\u2019s history.',
      '',
      '| Run | Wall | Rows/s | Peak RSS | Peak heap | Rows | Target | Met? |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      row('dry run', dry, '< 30 s, < 512 MB', 30_000),
      row('import', real, '< 2 min, < 512 MB', 120_000),
    ].join('\n');
    process.stdout.write(`${markdown}\n`);
    if (WRITE) writeBenchmarkSection(HEADING, markdown);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await studio.stop();
    await stopAuth();
  }
}

runBenchmark(main, { exit: true });
