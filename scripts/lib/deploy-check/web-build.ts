// The app Hosting would serve: a production build (`vite build --mode production`, the command
// of Hosting's predeploy) with placeholder VITE_FIREBASE_* values, into a folder of the caller's.
// It must name the configured project, carry nothing of the local stack (demo project, emulator
// hosts and ports) and keep the first route within the budget of docs/benchmarks.md, measured
// by the same code as the web bench.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FIRST_ROUTE_BUDGET_BYTES,
  kilobytes,
  measureFirstRoute,
} from '../../../web/scripts/first-route-bundle.ts';
import { inlineScripts, policyOf, scriptsOutsidePolicy } from '../../../web/build/csp.ts';
import { errorMessage, fail, pass, type CheckResult } from './result.ts';

/** Stand-ins for a real project's web config: the build needs all five to start. */
export const PLACEHOLDER_WEB_ENV = {
  VITE_FIREBASE_API_KEY: 'check-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'check-project.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'check-project',
  VITE_FIREBASE_DATABASE_URL: 'https://check-project-default-rtdb.firebaseio.com',
  VITE_FIREBASE_APP_ID: '1:000000000000:web:check',
  VITE_FIREBASE_STORAGE_BUCKET: 'studio-deploy-check.firebasestorage.app',
} as const;

/**
 * What only a build for the local stack contains. Not every `demo-` nor `localhost`: the
 * Firebase SDK carries `demo-project` (mock tokens) and `http://localhost` (its own emulator
 * checks), and the app keeps its refusal of `demo-` project ids; those are not ours to remove.
 */
export const LOCAL_STACK_MARKERS: readonly { label: string; pattern: RegExp }[] = [
  { label: 'the demo project demo-studio', pattern: /demo-studio/ },
  { label: 'the demo API key', pattern: /demo-api-key/ },
  { label: 'the emulator host 127.0.0.1', pattern: /127\.0\.0\.1/ },
  { label: 'an emulator address localhost:port', pattern: /localhost:\d+/ },
  {
    label: 'an emulator port (9000, 9099, 5001, 12111)',
    pattern: /(?<![\w.$])(?:9000|9099|5001|12111)(?![\w.$])/,
  },
  { label: "the local stack's port hook", pattern: /__STUDIO_EMULATOR_PORTS__/ },
  { label: 'a Stripe secret', pattern: /sk_test_|sk_live_|whsec_/ },
];

const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|br|gz)$/i;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function buildProductionWeb(
  outDir: string,
  { webDir, env = PLACEHOLDER_WEB_ENV }: { webDir: string; env?: Record<string, string> },
): Promise<{ ok: boolean; output: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
  );
  const vite = path.join(webDir, '..', 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        vite,
        'build',
        '--mode',
        'production',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        cwd: webDir,
        // As Hosting's predeploy runs it: NODE_ENV decides import.meta.env.PROD (a test runner
        // sets it to `test`).
        env: { ...inherited, NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

export function checkWebBuild(
  distDir: string,
  {
    projectId = PLACEHOLDER_WEB_ENV.VITE_FIREBASE_PROJECT_ID,
    budgetBytes = FIRST_ROUTE_BUDGET_BYTES,
  }: { projectId?: string; budgetBytes?: number } = {},
): CheckResult[] {
  const results: CheckResult[] = [];
  const texts = filesUnder(distDir)
    .filter((file) => !BINARY.test(file))
    .map((file) => ({ file: path.relative(distDir, file), text: readFileSync(file, 'utf8') }));

  const found: string[] = [];
  for (const { file, text } of texts) {
    for (const { label, pattern } of LOCAL_STACK_MARKERS) {
      const match = pattern.exec(text);
      if (!match) continue;
      const around = text.slice(Math.max(0, match.index - 25), match.index + match[0].length + 25);
      found.push(`${label} in ${file} (…${around.replace(/\s+/g, ' ')}…)`);
    }
  }
  results.push(
    found.length === 0
      ? pass('web build carries no local stack', `no demo project, emulator host or port`)
      : fail('web build carries no local stack', found.join('; ')),
  );

  results.push(
    texts.some(({ text }) => text.includes(projectId))
      ? pass('web build uses the configured project', projectId)
      : fail('web build uses the configured project', `"${projectId}" appears in no file`),
  );

  results.push(checkPolicy(readFileSync(path.join(distDir, 'index.html'), 'utf8')));

  const budget = `first route initial JS (gzip, budget ${kilobytes(budgetBytes)})`;
  try {
    const { total, chunks } = measureFirstRoute(pathToFileURL(`${distDir}${path.sep}`));
    const figure = `${kilobytes(total.gzip)} in ${chunks.length} chunks`;
    results.push(
      total.gzip <= budgetBytes
        ? pass(budget, figure)
        : fail(budget, `${figure}: over the budget by ${kilobytes(total.gzip - budgetBytes)}`),
    );
  } catch (error) {
    results.push(fail(budget, errorMessage(error)));
  }
  return results;
}

/**
 * index.html's own Content-Security-Policy allows each of its inline scripts by hash, and only
 * the studio's bucket for pictures (web/build/csp.ts wrote it from this very file).
 */
export function checkPolicy(indexHtml: string): CheckResult {
  const name = "web build's Content-Security-Policy";
  const policy = policyOf(indexHtml);
  if (policy === null) return fail(name, 'index.html has no Content-Security-Policy meta element');
  const outside = scriptsOutsidePolicy(indexHtml);
  if (outside.length > 0)
    return fail(
      name,
      `inline scripts without their hash: ${outside.map((s) => `"${s}…"`).join(', ')}`,
    );
  if (
    /(^|;)\s*(script-src|connect-src|img-src)[^;]*(\s(http:|ws:|\*|'unsafe-inline'|'unsafe-eval'))(\s|;|$)/.test(
      policy,
    )
  )
    return fail(name, `allows any host or inline code: ${policy}`);
  return pass(name, `${inlineScripts(indexHtml).length} inline scripts, each by its sha256`);
}
