/**
 * Lighthouse (npm `lighthouse` 12.x) mobile scores of the served build, with Debian's Chromium.
 * Prints the metrics and the failing audits behind the score (lighthouse-report.ts). Lighthouse
 * is a devDependency; when it is missing from node_modules the benchmark says so instead of
 * installing it.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../../tests/support/browser.ts';
import type { Lhr, Metric } from './lighthouse-report.ts';
import { explain, metricsOf } from './lighthouse-report.ts';
import { serveDist, startDatabase } from './local-site.ts';

/** The whole report of the last run, for a closer look than the printed summary. */
export const REPORT_PATH = path.join(tmpdir(), 'studio-web-lighthouse.json');

export type LighthouseScores =
  | { measured: false; reason: string }
  | {
      measured: true;
      version: string;
      performance: number;
      accessibility: number;
      bestPractices: number;
      metrics: Metric[];
    };

/** Optional packages, named in variables so the type checker does not look for them. */
const LIGHTHOUSE = 'lighthouse';
const CHROME_LAUNCHER = 'chrome-launcher';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface LighthouseResult {
  lhr: Lhr;
}
export type RunLighthouse = (
  url: string,
  flags: {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: readonly string[];
    /** Keeps the origin's storage (a signed-in member's session) instead of clearing it. */
    disableStorageReset?: boolean;
  },
) => Promise<LighthouseResult | undefined>;

export interface LaunchedChrome {
  port: number;
  kill: () => Promise<void>;
}

/** Lighthouse's runner and chrome-launcher, loaded by name (optional packages). */
export async function loadLighthouse(): Promise<{
  lighthouse: RunLighthouse;
  launchChrome: () => Promise<LaunchedChrome>;
}> {
  const lighthouse = ((await import(LIGHTHOUSE)) as { default: RunLighthouse }).default;
  // chrome-launcher comes with lighthouse; it starts Chromium with a debugging port.
  const { launch } = (await import(CHROME_LAUNCHER)) as {
    launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;
  };
  return {
    lighthouse,
    launchChrome: () =>
      launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
      }),
  };
}

export function installedLighthouse(): string | null {
  try {
    return createRequire(import.meta.url).resolve(LIGHTHOUSE);
  } catch {
    return null;
  }
}

/** `dist`: another build of the app to serve (A/B comparisons); web/dist by default. */
export async function measureLighthouse(
  log: (line: string) => void,
  dist?: string,
): Promise<LighthouseScores> {
  if (!installedLighthouse()) {
    return { measured: false, reason: 'npm package `lighthouse` is not installed in node_modules' };
  }
  // The package is optional, so its module is loaded by name at run time.
  const { lighthouse, launchChrome } = await loadLighthouse();
  const database = await startDatabase();
  const site = await serveDist(database.port, dist);
  try {
    const chrome = await launchChrome();
    try {
      const url = `${site.url}/tabs/inicio`;
      log(`  lighthouse ${url}`);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!result) throw new Error('lighthouse returned no result');
      for (const line of explain(result.lhr)) log(line);
      await writeFile(REPORT_PATH, JSON.stringify(result.lhr));
      log(`  full report: ${REPORT_PATH}`);
      const score = (name: string) => Math.round((result.lhr.categories[name]?.score ?? 0) * 100);
      return {
        measured: true,
        version: result.lhr.lighthouseVersion,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        metrics: metricsOf(result.lhr),
      };
    } finally {
      await chrome.kill();
    }
  } finally {
    await site.stop();
    await database.stop();
  }
}
