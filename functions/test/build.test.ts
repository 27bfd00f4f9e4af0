// The built entry point (docs/decisions/140-functions-cold-start.md): an instance named by
// FUNCTION_TARGET loads that function's bundle alone, its npm dependencies inlined (nothing read
// from node_modules); deploy-time discovery (no FUNCTION_TARGET) sees every function, from all.js,
// whose dependencies stay in node_modules. Built into a temporary folder; each load is a fresh Node
// process, as an instance is.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as deployed from '../src/index';

const FUNCTIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT_MODULES = path.resolve(FUNCTIONS_DIR, '../node_modules');

let outDir: string;

function run(args: string[], env: NodeJS.ProcessEnv = {}, nodeModules = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      // Neither folder has node_modules above it: the build's externals resolve through
      // NODE_PATH, or nowhere when `nodeModules` is false.
      cwd: nodeModules ? FUNCTIONS_DIR : tmpdir(),
      // GCLOUD_PROJECT as discovery sets it (the v1 trigger's endpoint names the project).
      env: {
        PATH: process.env['PATH'],
        ...(nodeModules ? { NODE_PATH: ROOT_MODULES } : {}),
        GCLOUD_PROJECT: 'demo-studio',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

interface Loaded {
  exported: string[];
  /** Bundle files in the require cache after loading the entry point. */
  loaded: string[];
  /** Packages with a file from node_modules in the require cache. */
  packages: string[];
  endpoints: Record<string, Record<string, unknown>>;
}

/** Requires the built index.js in a new process, as the runtime does, and reports what loaded. */
const LOAD_SCRIPT = `
  const path = require('node:path');
  const entry = process.argv[1];
  const exported = require(entry);
  const files = Object.keys(require.cache);
  const packages = files
    .filter((file) => file.includes('/node_modules/'))
    .map((file) => {
      const parts = file.split('/node_modules/').pop().split('/');
      return parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0];
    });
  const loaded = files
    .filter((file) => !file.includes('/node_modules/'))
    .map((file) => path.relative(path.dirname(entry), file));
  const endpoints = Object.fromEntries(
    Object.entries(exported).map(([name, fn]) => [name, fn.__endpoint ?? {}]));
  process.stdout.write(JSON.stringify({
    exported: Object.keys(exported), loaded, packages: [...new Set(packages)], endpoints }));
`;

async function load(target: string | undefined, nodeModules = true): Promise<Loaded> {
  const entry = path.join(outDir, 'index.js');
  const env = target === undefined ? {} : { FUNCTION_TARGET: target };
  return JSON.parse(await run(['-e', LOAD_SCRIPT, entry], env, nodeModules)) as Loaded;
}

/** The npm packages whose code esbuild inlined into a bundle (its `// ../node_modules/…` marks). */
function inlinedPackages(file: string): Set<string> {
  const text = readFileSync(path.join(outDir, file), 'utf8');
  const marks = text.matchAll(/^\/\/ \S*node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\//gm);
  return new Set([...marks].map((mark) => mark[1] ?? ''));
}

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'studio-functions-build-'));
  await run(['build.mjs', '--outdir', outDir]);
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('functions entry point', () => {
  let discovered: Loaded;

  it('without FUNCTION_TARGET exports every deployed function with its endpoint, from all.js, its dependencies from node_modules', async () => {
    discovered = await load(undefined);
    const { exported, loaded, packages, endpoints } = discovered;
    expect(exported.sort()).toEqual(Object.keys(deployed).sort());
    expect(Object.values(endpoints).every((endpoint) => 'platform' in endpoint)).toBe(true);
    expect(loaded).toContain('all.js');
    expect(loaded.filter((file) => file.startsWith('functions/'))).toEqual([]);
    // Discovery reads defineSecret's params from the installed firebase-functions' registry.
    expect(packages).toEqual(
      expect.arrayContaining(['firebase-functions', 'firebase-admin', 'stripe']),
    );
  });

  it("with FUNCTION_TARGET=bookClass loads bookClass's bundle alone, nothing from node_modules, the same endpoint as discovery", async () => {
    const { exported, loaded, packages, endpoints } = await load('bookClass');
    expect(exported).toEqual(['bookClass']);
    expect(endpoints['bookClass']).toHaveProperty('callableTrigger');
    expect(endpoints['bookClass']).toEqual(discovered.endpoints['bookClass']);
    expect(loaded.sort()).toEqual(['functions/bookClass.js', 'index.js']);
    // firebase-functions and firebase-admin are inlined, not required from node_modules.
    expect(packages).toEqual([]);
    const inlined = inlinedPackages('functions/bookClass.js');
    expect(inlined).toContain('firebase-functions');
    expect(inlined).toContain('firebase-admin');
    expect(inlined).not.toContain('stripe');
  });

  it('each function loads from its bundle with no node_modules to resolve from (bootstrapUser: firebase-admin’s optional Firestore)', async () => {
    const names = Object.keys(deployed).sort();
    const results: Record<string, { exported: string[]; packages: string[] } | string> = {};
    for (const name of names) {
      try {
        const { exported, packages } = await load(name, false);
        results[name] = { exported, packages };
      } catch (error) {
        results[name] = error instanceof Error ? error.message : String(error);
      }
    }
    const expected = Object.fromEntries(
      names
        .filter((name) => name !== 'bootstrapUser')
        .map((name) => [name, { exported: [name], packages: [] }]),
    );
    expect(
      Object.fromEntries(Object.entries(results).filter(([name]) => name !== 'bootstrapUser')),
    ).toEqual(expected);
    // firebase-functions/v1 loads firebase-admin/firestore, whose @google-cloud/firestore (an
    // optional dependency of firebase-admin, installed by the deploy) stays external.
    const bootstrap = results['bootstrapUser'];
    expect(typeof bootstrap === 'string' ? bootstrap : JSON.stringify(bootstrap)).toMatch(
      /Cannot find module '@google-cloud\/firestore[/']/,
    );
    const { exported, packages } = await load('bootstrapUser');
    expect(exported).toEqual(['bootstrapUser']);
    expect(packages).toContain('@google-cloud/firestore');
    expect(packages).not.toContain('firebase-functions');
    expect(packages).not.toContain('firebase-admin');
  }, 120_000);

  it('the payment functions inline stripe', async () => {
    const { exported, packages, endpoints } = await load('stripeWebhook');
    expect(exported).toEqual(['stripeWebhook']);
    expect(packages).toEqual([]);
    expect(endpoints['stripeWebhook']).toEqual(discovered.endpoints['stripeWebhook']);
    expect(inlinedPackages('functions/stripeWebhook.js')).toContain('stripe');
  });

  it("inlines zod's English locale alone: no other locale's text, English default messages kept", () => {
    for (const file of ['functions/bookClass.js', 'all.js']) {
      const text = readFileSync(path.join(outDir, file), 'utf8');
      // zod's default error map (locales/en.js), which zod registers on its own.
      expect(text).toContain('Invalid input: expected ${expected}, received ${received}');
      expect(text).toMatch(/^\/\/ \S*node_modules\/zod\/v4\/locales\/en\.js$/m);
      // German's and Spanish's versions of that message.
      expect(text).not.toContain('erwartet ${expected}');
      expect(text).not.toContain('se esperaba ${expected}');
      expect(text).not.toMatch(/^\/\/ \S*node_modules\/zod\/v4\/locales\/(?!en\.js|index\.js)/m);
    }
  });

  it('with a FUNCTION_TARGET that is not one of ours falls back to every function', async () => {
    const { exported } = await load('someoneElsesFunction');
    expect(exported.sort()).toEqual(Object.keys(deployed).sort());
  });
});
