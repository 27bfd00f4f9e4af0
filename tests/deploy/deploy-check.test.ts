// `npm run deploy:check` (scripts/deploy-check.ts): it passes on this repository, and each of its
// checks fails, naming the problem, when fed a broken input (fixtures in a temp folder).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkDatabaseRules } from '../../scripts/lib/deploy-check/database-rules.ts';
import { checkStorageRules } from '../../scripts/lib/deploy-check/storage-rules.ts';
import {
  checkDatabaseTargets,
  checkFirebaseJson,
  checkFirebaserc,
  checkFunctionsPackage,
  checkSecurityHeaders,
} from '../../scripts/lib/deploy-check/firebase-project.ts';
import {
  checkEachFunctionLoads,
  checkFunctionsBundle,
  loadEachFunction,
  loadFunctionsBundle,
  FUNCTIONS_CONTRACT,
} from '../../scripts/lib/deploy-check/functions-bundle.ts';
import {
  checkDeployEnvironments,
  parseDotenv,
} from '../../scripts/lib/deploy-check/functions-env.ts';
import type { CheckResult } from '../../scripts/lib/deploy-check/result.ts';
import {
  checkPolicy,
  checkWebBuild,
  PLACEHOLDER_WEB_ENV,
} from '../../scripts/lib/deploy-check/web-build.ts';
import { policyHostsFor, withPolicy } from '../../web/build/csp.ts';
import { ROOT } from '../../scripts/lib/stack.ts';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const temp = mkdtempSync(path.join(tmpdir(), 'deploy-check-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;
const failures = (results: CheckResult[]) => results.filter((result) => !result.ok);

function writeFixture(relative: string, text: string): string {
  const file = path.join(temp, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('deploy:check on this repository', () => {
  it('passes every check and prints one ok line each', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/deploy-check.ts'], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => !line.startsWith('ok  ')).slice(0, -1)).toEqual([]);
    expect(lines.at(-1)).toMatch(/^deploy:check: all \d+ checks ok/);
    expect(stdout).toContain('ok   firebase.json functions runtime: nodejs22');
    expect(stdout).toMatch(
      /ok {3}function stripeWebhook: https, us-central1, nodejs22 \(gcfv2\), secrets STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(stdout).toMatch(/ok {3}function monthlyCredits: schedule, .* America\/Monterrey/);
    expect(stdout).toContain('ok   web build carries no local stack');
    expect(stdout).toMatch(/ok {3}storage\.rules compiles: rules_version 2, \d+ match blocks/);
  }, 180_000);
});

describe('firebase.json, .firebaserc and functions/package.json', () => {
  const config = readJson('firebase.json');
  const functions = (config.functions as Record<string, unknown>[])[0] ?? {};
  const hosting = config.hosting as Record<string, unknown>;

  it('accepts the repository files', () => {
    expect(failures(checkFirebaseJson(config).results)).toEqual([]);
    expect(checkFirebaserc(readJson('.firebaserc')).ok).toBe(true);
    expect(checkFunctionsPackage(readJson('functions/package.json'), 'nodejs22').result.ok).toBe(
      true,
    );
  });

  it('fails when a page may be framed, sniffed or use the camera outside the checador', () => {
    const headers = hosting.headers as {
      source: string;
      headers: { key: string; value: string }[];
    }[];
    const everyPage = headers.find((block) => block.source === '**')!;
    const without = (key: string) => [
      { ...everyPage, headers: everyPage.headers.filter((header) => header.key !== key) },
      ...headers.filter((block) => block !== everyPage),
    ];
    expect(checkSecurityHeaders(headers)).toMatchObject({ ok: true });
    expect(checkSecurityHeaders(without('X-Frame-Options'))).toEqual({
      ok: false,
      name: 'firebase.json hosting security headers',
      detail: 'X-Frame-Options on "**" is null',
    });
    expect(checkSecurityHeaders(without('Content-Security-Policy')).detail).toBe(
      'Content-Security-Policy on "**" is null',
    );
    const cameraEverywhere = [
      ...headers,
      { source: '/admin-spot', headers: [{ key: 'Permissions-Policy', value: 'camera=(self)' }] },
    ];
    expect(checkSecurityHeaders(cameraEverywhere).detail).toBe(
      'the camera is allowed on /admin-spot',
    );
  });

  it('fails on runtime nodejs20', () => {
    const broken = { ...config, functions: [{ ...functions, runtime: 'nodejs20' }] };
    expect(failures(checkFirebaseJson(broken).results)).toEqual([
      {
        ok: false,
        name: 'firebase.json functions runtime',
        detail: 'is "nodejs20"; expected "nodejs22"',
      },
    ]);
  });

  it('fails when Hosting has no predeploy build', () => {
    const { predeploy: _predeploy, ...withoutPredeploy } = hosting;
    const broken = { ...config, hosting: withoutPredeploy };
    expect(failures(checkFirebaseJson(broken).results)).toEqual([
      {
        ok: false,
        name: 'firebase.json hosting predeploy',
        detail: 'does not build the production app; expected "npm run build:production -w web"',
      },
    ]);
  });

  it('fails when Hosting builds the emulator app instead', () => {
    const broken = { ...config, hosting: { ...hosting, predeploy: ['npm run build -w web'] } };
    expect(failures(checkFirebaseJson(broken).results).map((result) => result.name)).toEqual([
      'firebase.json hosting predeploy',
    ]);
  });

  it('fails when the functions are not built before deploy', () => {
    const broken = { ...config, functions: [{ ...functions, predeploy: [] }] };
    expect(failures(checkFirebaseJson(broken).results).map((result) => result.name)).toEqual([
      'firebase.json functions predeploy',
    ]);
  });

  it('fails on a default project that is a demo id', () => {
    expect(checkFirebaserc({ projects: { default: 'demo-studio' } })).toEqual({
      ok: false,
      name: '.firebaserc',
      detail: 'the default project is "demo-studio", a demo project',
    });
  });

  it('fails on a demo project as the only alias, which a bare deploy would use', () => {
    const result = checkFirebaserc({ projects: { local: 'demo-studio' } });
    expect(result.ok).toBe(false);
    expect(result.detail).toContain('its only alias "local" is "demo-studio"');
    expect(checkFirebaserc({ projects: { local: 'demo-studio', prod: 'studio-prod' } }).ok).toBe(
      true,
    );
  });

  it('fails when engines.node is not the runtime', () => {
    const { result } = checkFunctionsPackage(
      { main: 'lib/index.js', engines: { node: '20' } },
      'nodejs22',
    );
    expect(result).toEqual({
      ok: false,
      name: 'functions/package.json',
      detail: 'engines.node is "20"; expected "22" (runtime nodejs22)',
    });
  });
});

describe("the functions' environment of a project", () => {
  const functionsDir = (files: Record<string, string>): string => {
    const dir = path.join(temp, `functions-env-${randomBytes(4).toString('hex')}`);
    for (const [name, text] of Object.entries(files))
      writeFixture(path.join(path.basename(dir), name), text);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const GOOD =
    'APP_ORIGINS=https://book.acme.example,https://acme.web.app\nENFORCE_APP_CHECK=true\n';

  it('reads KEY=value lines as the CLI does', () => {
    expect(parseDotenv('# note\nA=1\nexport B = "two words"\nC=x # comment\n\n')).toEqual({
      A: '1',
      B: 'two words',
      C: 'x',
    });
  });

  it('passes a project with https origins and App Check enforced', () => {
    const dir = functionsDir({ '.env.acme': GOOD });
    expect(failures(checkDeployEnvironments(dir, 'acme'))).toEqual([]);
    expect(failures(checkDeployEnvironments(dir, undefined))).toEqual([]);
  });

  it('has nothing to check without a project env file (this repository)', () => {
    const dir = functionsDir({ '.env.demo-studio': 'ENFORCE_APP_CHECK=false\n' });
    expect(checkDeployEnvironments(dir, undefined)).toEqual([
      expect.objectContaining({ ok: true, name: 'functions environment' }),
    ]);
  });

  it.each([
    ['APP_ORIGINS missing', 'ENFORCE_APP_CHECK=true\n', 'APP_ORIGINS is not set'],
    [
      'a localhost origin',
      'APP_ORIGINS=http://localhost:5000\nENFORCE_APP_CHECK=true\n',
      'http://localhost:5000 is this machine',
    ],
    [
      'a plain http origin',
      'APP_ORIGINS=http://book.acme.example\nENFORCE_APP_CHECK=true\n',
      'is not https',
    ],
  ])('fails on %s, naming the fix', (_label, text, problem) => {
    const [result, ...rest] = failures(
      checkDeployEnvironments(functionsDir({ '.env.acme': text }), undefined),
    );
    expect(rest).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      name: expect.stringContaining('.env.acme APP_ORIGINS') as unknown,
    });
    expect(result?.detail).toContain(problem);
  });

  it('fails a project that does not enforce App Check unless it is waived with a reason', () => {
    const off = 'APP_ORIGINS=https://acme.web.app\nENFORCE_APP_CHECK=false\n';
    const [result] = failures(checkDeployEnvironments(functionsDir({ '.env.acme': off }), 'acme'));
    expect(result).toMatchObject({ name: expect.stringContaining('ENFORCE_APP_CHECK') as unknown });
    expect(result?.detail).toContain('APP_CHECK_WAIVER=<reason>');
    const unset = functionsDir({ '.env.acme': 'APP_ORIGINS=https://acme.web.app\n' });
    expect(failures(checkDeployEnvironments(unset, 'acme'))[0]?.detail).toContain('is not set');
    const waived = functionsDir({
      '.env.acme': `${off}APP_CHECK_WAIVER="no App Check until the app ships its site key"\n`,
    });
    const results = checkDeployEnvironments(waived, 'acme');
    expect(failures(results)).toEqual([]);
    expect(results.map((r) => r.detail).join('\n')).toContain('WAIVED');
  });

  it('fails a project named on the command line that has no env file', () => {
    const dir = functionsDir({ '.env': 'ENFORCE_APP_CHECK=true\n' });
    expect(failures(checkDeployEnvironments(dir, 'prod')).map((r) => r.name)).toEqual([
      `${path.basename(dir)}/.env.prod APP_ORIGINS`,
    ]);
  });
});

describe('database rules', () => {
  it('compiles the repository rules', () => {
    const text = readFileSync(path.join(ROOT, 'database.rules.json'), 'utf8');
    expect(checkDatabaseRules(text).ok).toBe(true);
  });

  it('fails on rules that do not compile, naming the path', () => {
    const result = checkDatabaseRules('{"rules": {"Users": {".read": "auth.uid === "}}}');
    expect(result.ok).toBe(false);
    expect(result.name).toBe('database.rules.json compiles');
    expect(result.detail).toContain('Users');
  });

  it('fails on a rule with an unknown variable', () => {
    const result = checkDatabaseRules('{"rules": {".read": "user != null"}}');
    expect(result.ok).toBe(false);
    expect(result.detail).toContain('user');
  });
});

describe('storage rules', () => {
  it('accepts storage.rules', () => {
    const result = checkStorageRules(readFileSync(path.join(ROOT, 'storage.rules'), 'utf8'));
    expect(result).toMatchObject({ ok: true, name: 'storage.rules compiles' });
  });

  it('fails on rules that do not parse, naming line and column', () => {
    const result = checkStorageRules(
      'service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth.uid == ;\n  }\n}',
    );
    expect(result).toMatchObject({ ok: false, name: 'storage.rules compiles' });
    expect(result.detail).toContain('line 3, column 40');
  });

  it('fails on a form the emulator cannot evaluate (a Firestore read)', () => {
    const result = checkStorageRules(
      "service firebase.storage { match /b/{bucket}/o { match /a { allow read: if firestore.exists('x'); } } }",
    );
    expect(result.ok).toBe(false);
    expect(result.detail).toContain("'firestore' is not evaluated");
  });

  it('takes a chain’s list of database instances, each with the same rules', () => {
    const config = readJson('firebase.json');
    const chain = (database: unknown) => checkDatabaseTargets(database);
    const listed = chain([
      { instance: 'studio-default-rtdb', rules: 'database.rules.json' },
      { instance: 'studio-norte', rules: 'database.rules.json' },
    ]);
    expect(listed).toEqual({
      result: {
        ok: true,
        name: 'firebase.json database',
        detail: '2 instances (studio-default-rtdb, studio-norte), rules database.rules.json',
      },
      rulesFile: 'database.rules.json',
    });
    expect(
      failures(
        checkFirebaseJson({
          ...config,
          database: [{ instance: 'studio-default-rtdb', rules: 'database.rules.json' }],
        }).results,
      ),
    ).toEqual([]);
    expect(chain([{ instance: 'Studio_Norte', rules: 'database.rules.json' }]).result?.ok).toBe(
      false,
    );
    expect(chain([{ instance: 'studio-norte' }]).result?.detail).toBe(
      'instance studio-norte names no "rules" file',
    );
    expect(
      chain([
        { instance: 'studio-norte', rules: 'a.json' },
        { instance: 'studio-norte', rules: 'a.json' },
      ]).result?.detail,
    ).toBe('instance studio-norte is listed twice');
    expect(
      chain([
        { instance: 'studio-a', rules: 'a.json' },
        { instance: 'studio-b', rules: 'b.json' },
      ]).result?.detail,
    ).toBe('every instance takes the same rules; the list names a.json, b.json');
    expect(chain([]).result?.detail).toBe('lists no instance');
  });

  it('fails when firebase.json names no storage rules', () => {
    const { storage: _storage, ...withoutStorage } = readJson('firebase.json');
    expect(failures(checkFirebaseJson(withoutStorage).results)).toEqual([
      { ok: false, name: 'firebase.json storage', detail: 'names no "rules" file' },
    ]);
  });
});

describe('functions bundle', () => {
  const https = JSON.stringify(require.resolve('firebase-functions/v2/https'));
  const params = JSON.stringify(require.resolve('firebase-functions/params'));

  it('fails on a function without region and on a payment function missing a secret', async () => {
    const bundle = writeFixture(
      'functions-missing/index.js',
      `const { onCall, onRequest } = require(${https});
const { defineSecret } = require(${params});
exports.bookClass = onCall(() => ({}));
exports.stripeWebhook = onRequest(
  { region: 'us-central1', secrets: [defineSecret('STRIPE_SECRET_KEY')] },
  (req, res) => res.end(),
);
exports.previewPrice = onCall({ region: 'europe-west1' }, () => ({}));
`,
    );
    const load = await loadFunctionsBundle(bundle);
    expect(load.loaded).toBe(true);
    const results = checkFunctionsBundle(load);
    expect(failures(results)).toEqual([
      { ok: false, name: 'function bookClass', detail: 'no region (expected us-central1)' },
      {
        ok: false,
        name: 'function previewPrice',
        detail: 'region ["europe-west1"] (expected us-central1)',
      },
      {
        ok: false,
        name: 'function stripeWebhook',
        detail: 'missing secret STRIPE_WEBHOOK_SECRET',
      },
      // Every other function the contract names is missing from this bundle.
      ...Object.entries(FUNCTIONS_CONTRACT.secrets)
        .filter(([name]) => !['bookClass', 'previewPrice', 'stripeWebhook'].includes(name))
        .map(([name, secrets]) => ({
          ok: false,
          name: `function ${name}`,
          detail: `not exported (it must bind ${secrets.join(', ')})`,
        })),
    ]);
  });

  it('fails on a schedule without a time zone', async () => {
    const scheduler = JSON.stringify(require.resolve('firebase-functions/v2/scheduler'));
    const bundle = writeFixture(
      'functions-schedule/index.js',
      `const { onSchedule } = require(${scheduler});
exports.reconcileBookings = onSchedule({ schedule: 'every 10 minutes', region: 'us-central1' }, async () => {});
`,
    );
    const results = checkFunctionsBundle(await loadFunctionsBundle(bundle), {
      region: 'us-central1',
      secrets: {},
    });
    expect(failures(results)).toEqual([
      { ok: false, name: 'function reconcileBookings', detail: 'a schedule without a time zone' },
    ]);
  });

  it('fails on a bundle that throws on load', async () => {
    const bundle = writeFixture(
      'functions-throws/index.js',
      `if (!process.env.FIREBASE_DATABASE_EMULATOR_HOST) throw new Error('needs the emulator');\n`,
    );
    const results = checkFunctionsBundle(await loadFunctionsBundle(bundle));
    expect(results).toEqual([
      {
        ok: false,
        name: 'functions bundle loads without the emulators',
        detail: 'it throws: Error: needs the emulator',
      },
    ]);
  });

  it('fails on a bundle that opens a connection while loading', async () => {
    const bundle = writeFixture(
      'functions-connects/index.js',
      `require('node:net').connect(9000, '127.0.0.1').on('error', () => {});
const { onCall } = require(${https});
exports.bookClass = onCall({ region: 'us-central1' }, () => ({}));
`,
    );
    const [loading] = checkFunctionsBundle(await loadFunctionsBundle(bundle), {
      region: 'us-central1',
      secrets: {},
    });
    expect(loading?.ok).toBe(false);
    expect(loading?.detail).toContain('loading it opened connections: connect 127.0.0.1:9000');
  });

  it("fails when a function's own instance (FUNCTION_TARGET) throws or declares another endpoint", async () => {
    const bundle = writeFixture(
      'functions-targets/index.js',
      `const { onCall } = require(${https});
const target = process.env.FUNCTION_TARGET;
if (target === 'bookClass') throw new Error('Cannot find module ./functions/bookClass.js');
const region = target === 'checkIn' ? 'europe-west1' : 'us-central1';
exports.bookClass = onCall({ region }, () => ({}));
exports.checkIn = onCall({ region }, () => ({}));
exports.joinWaitlist = onCall({ region }, () => ({}));
`,
    );
    const discovered = await loadFunctionsBundle(bundle);
    expect(discovered.functions.map((fn) => fn.name)).toEqual([
      'bookClass',
      'checkIn',
      'joinWaitlist',
    ]);
    const targets = await loadEachFunction(bundle, ['bookClass', 'checkIn', 'joinWaitlist']);
    expect(checkEachFunctionLoads(discovered, targets)).toEqual({
      ok: false,
      name: 'each function loads alone (FUNCTION_TARGET, as its instance does)',
      detail:
        'bookClass: throws: Error: Cannot find module ./functions/bookClass.js; checkIn: its endpoint differs from the one discovery read',
    });
  });

  it('loads the bundle with no emulator variable in its environment', async () => {
    const bundle = writeFixture(
      'functions-env/index.js',
      `const leaked = Object.keys(process.env).filter((name) => /EMULATOR|FUNCTIONS_EMULATOR/.test(name));
if (leaked.length > 0) throw new Error('emulator variables: ' + leaked.join(','));
if (process.env.GCLOUD_PROJECT !== 'check-project') throw new Error('no project');
const { onCall } = require(${https});
exports.bookClass = onCall({ region: 'us-central1' }, () => ({}));
`,
    );
    // As in a shell where `npm start` exported its variables: the probe must not pass them on.
    vi.stubEnv('FIREBASE_DATABASE_EMULATOR_HOST', '127.0.0.1:9000');
    vi.stubEnv('FUNCTIONS_EMULATOR', 'true');
    const load = await loadFunctionsBundle(bundle).finally(() => vi.unstubAllEnvs());
    expect(load.error).toBeUndefined();
    expect(load.functions.map((fn) => fn.name)).toEqual(['bookClass']);
  });
});

describe('web build', () => {
  const INDEX_HTML = withPolicy(
    `<!doctype html><html><head><meta charset="UTF-8" /><script>paint()</script><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body></body></html>`,
    policyHostsFor(PLACEHOLDER_WEB_ENV, false),
  );
  function writeDist(name: string, entry: string, indexHtml = INDEX_HTML): string {
    const dist = path.join(temp, name);
    writeFixture(`${name}/index.html`, indexHtml);
    writeFixture(`${name}/assets/index-abc.js`, entry);
    return dist;
  }
  const clean = `const config={projectId:"check-project"};import("./later-x.js");`;

  it('accepts a build of the configured project within the budget', () => {
    expect(failures(checkWebBuild(writeDist('web-clean', clean)))).toEqual([]);
  });

  it('fails on a build that contains demo-studio', () => {
    const dist = writeDist('web-demo', `${clean}const fallback="demo-studio";`);
    const [local] = failures(checkWebBuild(dist));
    expect(local?.name).toBe('web build carries no local stack');
    expect(local?.detail).toContain('the demo project demo-studio in assets/index-abc.js');
  });

  it('fails on a build that contains an emulator host and port', () => {
    const dist = writeDist('web-emulator', `${clean}connect("127.0.0.1",9099);`);
    const [local] = failures(checkWebBuild(dist));
    expect(local?.detail).toContain('the emulator host 127.0.0.1 in assets/index-abc.js');
    expect(local?.detail).toContain('an emulator port (9000, 9099, 5001, 12111)');
  });

  it('fails on a build that does not name the configured project', () => {
    const dist = writeDist(
      'web-other',
      `const config={projectId:"other"};`,
      INDEX_HTML.replaceAll('check-project', 'other'),
    );
    expect(failures(checkWebBuild(dist))).toEqual([
      {
        ok: false,
        name: 'web build uses the configured project',
        detail: '"check-project" appears in no file',
      },
    ]);
  });

  it('fails on an inline script its Content-Security-Policy does not name, or on any host', () => {
    expect(checkPolicy(INDEX_HTML)).toMatchObject({ ok: true });
    expect(checkPolicy(INDEX_HTML.replace('</body>', '<script>steal()</script></body>'))).toEqual({
      ok: false,
      name: "web build's Content-Security-Policy",
      detail: 'inline scripts without their hash: "steal()…"',
    });
    expect(
      checkPolicy(INDEX_HTML.replace("connect-src 'self'", "connect-src 'self' http:")),
    ).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^allows any host or inline code: /) as string,
    });
    expect(checkPolicy('<html><head><script>paint()</script></head></html>')).toMatchObject({
      ok: false,
      detail: 'index.html has no Content-Security-Policy meta element',
    });
  });

  it('fails on a first route over the budget of docs/benchmarks.md', () => {
    // Random bytes do not compress: 200 KB of them stay over 150 KB gzip.
    const noise = randomBytes(200 * 1024).toString('base64');
    const dist = writeDist('web-heavy', `${clean}const noise="${noise}";`);
    const [budget] = failures(checkWebBuild(dist));
    expect(budget?.name).toBe('first route initial JS (gzip, budget 150.0 KB)');
    expect(budget?.detail).toMatch(/^\d+\.\d KB in 1 chunks: over the budget by \d+\.\d KB$/);
  });
});

describe('production web build without its configuration', () => {
  const PRODUCTION_ENV = {
    VITE_FIREBASE_API_KEY: 'key',
    VITE_FIREBASE_AUTH_DOMAIN: 'studio-prod.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'studio-prod',
    VITE_FIREBASE_DATABASE_URL: 'https://studio-prod-default-rtdb.firebaseio.com',
    VITE_FIREBASE_APP_ID: '1:0:web:0',
    VITE_FIREBASE_STORAGE_BUCKET: 'studio-test.firebasestorage.app',
  };

  /** `vite build --mode production` with only these VITE_* variables; its stderr when refused. */
  async function refusal(vars: Record<string, string>, nodeEnv = 'production') {
    const env = {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
      ),
      NODE_ENV: nodeEnv,
      ...vars,
    };
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    // The check runs before anything is bundled: an accepted configuration would go on to build,
    // so the outDir is a throw-away folder.
    const outDir = path.join(temp, `refused-${Object.keys(vars).length}-${nodeEnv}`);
    return run(process.execPath, [vite, 'build', '--mode', 'production', '--outDir', outDir], {
      cwd: path.join(ROOT, 'web'),
      env,
    }).then(
      () => null,
      (reason: { stderr: string }) => reason.stderr,
    );
  }

  it('refuses to build, naming each missing variable', async () => {
    const stderr = await refusal({});
    expect(stderr).toContain('A "production" build is for a real Firebase project');
    for (const name of Object.keys(PRODUCTION_ENV)) expect(stderr).toContain(`${name} is not set`);
    expect(stderr).not.toContain('NODE_ENV');
  });

  it('names only the variable that is missing', async () => {
    const { VITE_FIREBASE_APP_ID: _appId, ...withoutAppId } = PRODUCTION_ENV;
    const stderr = await refusal(withoutAppId);
    expect(stderr).toContain('VITE_FIREBASE_APP_ID is not set');
    expect(stderr).not.toContain('VITE_FIREBASE_API_KEY is not set');
  });

  it('refuses a demo- project id', async () => {
    const stderr = await refusal({ ...PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-studio' });
    expect(stderr).toContain(
      'VITE_FIREBASE_PROJECT_ID is "demo-studio": a demo- project exists only in the emulators',
    );
  });

  it('refuses a build whose NODE_ENV would keep the emulator code', async () => {
    const stderr = await refusal(PRODUCTION_ENV, 'test');
    expect(stderr).toContain('NODE_ENV is "test", not production');
  });
});
