// `npm run deploy:check [-- --project <id>]`: what `firebase deploy` would send, checked offline
// and without credentials. One line per check (`ok  …` / `FAIL …`); exit code 1 when any failed.
// It reads the functions bundle as built (`npm run build -w functions` first; `npm test` runs it
// after the build), the functions' environment of the project named (or of every
// `functions/.env.<id>`), and makes its own production web build in a temporary folder.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkDatabaseRules } from './lib/deploy-check/database-rules.ts';
import { checkStorageRules } from './lib/deploy-check/storage-rules.ts';
import {
  checkFirebaseJson,
  checkFirebaserc,
  checkFunctionsPackage,
} from './lib/deploy-check/firebase-project.ts';
import {
  checkEachFunctionLoads,
  checkFunctionsBundle,
  loadEachFunction,
  loadFunctionsBundle,
} from './lib/deploy-check/functions-bundle.ts';
import { checkDeployEnvironments } from './lib/deploy-check/functions-env.ts';
import { errorMessage, fail, formatResult, type CheckResult } from './lib/deploy-check/result.ts';
import { buildProductionWeb, checkWebBuild } from './lib/deploy-check/web-build.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results: CheckResult[] = [];
const report = (...lines: CheckResult[]) => {
  for (const line of lines) {
    console.log(formatResult(line));
    results.push(line);
  }
};

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
  } catch (error) {
    report(fail(file, `cannot be read as JSON: ${errorMessage(error)}`));
    return undefined;
  }
}

const { values: options } = parseArgs({ options: { project: { type: 'string' } } });
const started = Date.now();
const config = readJson('firebase.json');
const { results: configResults, targets } = checkFirebaseJson(config);
report(...configResults);
const rc = readJson('.firebaserc');
if (rc !== undefined) report(checkFirebaserc(rc));

const functionsSource = targets?.functionsSource ?? 'functions';
const runtime = targets?.runtime ?? '';
const manifest = readJson(path.join(functionsSource, 'package.json'));
const { result: manifestResult, main } = checkFunctionsPackage(manifest, runtime);
report(manifestResult);
report(...checkDeployEnvironments(path.join(ROOT, functionsSource), options.project));

const rulesFile = targets?.rulesFile ?? 'database.rules.json';
try {
  report(checkDatabaseRules(readFileSync(path.join(ROOT, rulesFile), 'utf8'), rulesFile));
} catch (error) {
  report(fail(`${rulesFile} compiles`, errorMessage(error)));
}
const storageRulesFile = targets?.storageRulesFile ?? 'storage.rules';
try {
  report(
    checkStorageRules(readFileSync(path.join(ROOT, storageRulesFile), 'utf8'), storageRulesFile),
  );
} catch (error) {
  report(fail(`${storageRulesFile} compiles`, errorMessage(error)));
}

const bundle = path.join(ROOT, functionsSource, main ?? 'lib/index.js');
if (existsSync(bundle)) {
  const discovered = await loadFunctionsBundle(bundle);
  report(...checkFunctionsBundle(discovered, undefined, runtime));
  if (discovered.loaded) {
    const names = discovered.functions.map((fn) => fn.name);
    report(checkEachFunctionLoads(discovered, await loadEachFunction(bundle, names)));
  }
} else {
  report(
    fail(
      'functions bundle loads without the emulators',
      `${path.relative(ROOT, bundle)} is missing: run "npm run build -w functions" first`,
    ),
  );
}

const outDir = mkdtempSync(path.join(tmpdir(), 'studio-deploy-check-'));
try {
  const dist = path.join(outDir, 'dist');
  const build = await buildProductionWeb(dist, { webDir: path.join(ROOT, 'web') });
  if (build.ok) report(...checkWebBuild(dist));
  else report(fail('web production build', build.output.trim().split('\n').slice(-12).join('\n')));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok).length;
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  failed === 0
    ? `deploy:check: all ${results.length} checks ok (${seconds} s)`
    : `deploy:check: ${failed} of ${results.length} checks FAILED (${seconds} s)`,
);
if (failed > 0) process.exitCode = 1;
