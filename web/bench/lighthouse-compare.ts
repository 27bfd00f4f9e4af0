/**
 * Two builds of the app side by side under Lighthouse mobile, on the member routes, alternating
 * A B A B on one stack, so a change is judged against the build before it at the same load
 * (docs/architecture/performance.md#measuring-honestly-on-this-machine). Not part of
 * `npm run bench`; run by hand:
 *
 *   npx tsx web/bench/lighthouse-compare.ts --a /tmp/before-dist --b web/dist [--rounds 2]
 *     [--only events,mis-compras] [--signed-in | --guest]
 *
 * `--only` keeps the routes whose path contains one of the words. Each side is served on its own
 * origin, where the demo member (with the classes `bookMemberClasses` books) signs in once, after
 * a warm-up run on each. Prints one line per run and a median table.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoData } from '../../scripts/lib/seed.ts';
import { startStack } from '../../scripts/lib/stack.ts';
import { metricsOf } from './lighthouse-report.ts';
import { CATEGORIES, loadLighthouse } from './lighthouse.ts';
import type { MemberRoute } from './lighthouse-routes.ts';
import {
  bookMemberClasses,
  callablesAnswer,
  clearCachesKeepingSession,
  MEMBER_ROUTES,
  signInMember,
  warmUp,
} from './lighthouse-routes.ts';
import { serveDist } from './local-site.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
    'signed-in': { type: 'boolean', default: false },
    guest: { type: 'boolean', default: false },
  },
});
if (!values.a || !values.b) throw new Error('usage: --a <dist> --b <dist> [--rounds n]');
const sides = { A: path.resolve(values.a), B: path.resolve(values.b) } as const;
const words = values.only?.split(',').filter(Boolean) ?? [];
const routes = MEMBER_ROUTES.filter(
  (route) =>
    (words.length === 0 || words.some((word) => route.path.includes(word))) &&
    !(values['signed-in'] && !route.signedIn) &&
    !(values.guest && route.signedIn),
).sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
const rounds = Number(values.rounds);
const reports = path.join(tmpdir(), 'studio-lighthouse-compare');
await mkdir(reports, { recursive: true });

interface Run {
  side: keyof typeof sides;
  route: MemberRoute;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  cls: number;
  tbt: number;
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.log(line);
console.log(`A = ${sides.A}\nB = ${sides.B}\nload average ${load()}; reports in ${reports}`);

const { lighthouse, launchChrome } = await loadLighthouse();
const stack = await startStack({ only: ['auth', 'functions'] });
const runs: Run[] = [];
try {
  Object.assign(process.env, stack.env);
  await seedDemoData();
  await bookMemberClasses(stack);
  const emulators = {
    auth: stack.ports.auth,
    functions: stack.ports.functions,
    storage: stack.ports.storage,
  };
  const sites = {
    A: await serveDist(stack.ports.database, sides.A, emulators),
    B: await serveDist(stack.ports.database, sides.B, emulators),
  };
  for (const site of Object.values(sites)) await callablesAnswer(stack.ports.functions, site.url);
  const chrome = await launchChrome();
  try {
    // Chromium's first page, on each side's server, is not counted (lighthouse-routes.ts).
    for (const site of Object.values(sites)) await warmUp(lighthouse, chrome.port, site.url, log);
    const signedIn = new Set<string>();
    for (const route of routes) {
      for (let round = 0; round < rounds; round += 1) {
        // Alternate which side goes first, so neither always runs on a warmer machine.
        const order = (['A', 'B'] as const).slice();
        if (round % 2 === 1) order.reverse();
        for (const side of order) {
          const site = sites[side];
          if (route.signedIn && !signedIn.has(side)) {
            await signInMember(chrome.port, site.url);
            signedIn.add(side);
          }
          if (route.signedIn) await clearCachesKeepingSession(chrome.port, site.url);
          const result = await lighthouse(`${site.url}${route.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            disableStorageReset: route.signedIn,
          });
          if (!result) throw new Error(`no result for ${route.path}`);
          const lhr = result.lhr;
          const name = `${side}-${route.signedIn ? 'in' : 'guest'}-${route.path.replace(/\W+/g, '_')}-${round}.json`;
          await writeFile(path.join(reports, name), JSON.stringify(lhr));
          const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
          const metric = (id: string) =>
            metricsOf(lhr).find((entry) => entry.name === id)?.value ?? Number.NaN;
          const run: Run = {
            side,
            route,
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            lcp: metric('LCP'),
            cls: metric('CLS'),
            tbt: metric('TBT'),
          };
          runs.push(run);
          console.log(
            `${side} ${route.path}${route.signedIn ? ' (signed in)' : ''}: ${run.performance}/${run.accessibility}/${run.bestPractices}` +
              ` LCP ${(run.lcp / 1000).toFixed(1)} s, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}` +
              ` (index ${lhr.environment?.benchmarkIndex ?? '?'}, load ${load()})`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    await sites.A.stop();
    await sites.B.stop();
  }
} finally {
  await stack.stop();
}

const median = (list: number[]) => {
  const sorted = [...list].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
console.log(
  '\n| Route | Signed in | A: perf. (LCP, CLS) | B: perf. (LCP, CLS) | B: a11y / best pr. |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const route of routes) {
  const cell = (side: 'A' | 'B') => {
    const mine = runs.filter((run) => run.route === route && run.side === side);
    return `${median(mine.map((r) => r.performance))} (${(median(mine.map((r) => r.lcp)) / 1000).toFixed(1)} s, ${median(mine.map((r) => r.cls)).toFixed(3)})`;
  };
  const b = runs.filter((run) => run.route === route && run.side === 'B');
  console.log(
    `| \`${route.path}\` | ${route.signedIn ? 'yes' : 'no'} | ${cell('A')} | ${cell('B')} | ${Math.min(...b.map((r) => r.accessibility))} / ${Math.min(...b.map((r) => r.bestPractices))} |`,
  );
}
console.log(`load average ${load()}`);
