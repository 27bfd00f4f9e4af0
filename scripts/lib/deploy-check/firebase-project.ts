// What `firebase deploy` reads before it builds anything: firebase.json (runtime, predeploy
// builds, what Hosting serves, the database and storage rules files), .firebaserc (which project a bare deploy targets)
// and functions/package.json (the Node version and the bundle deploy uploads).
import { instanceNameSchema } from '@studio/core';
import { fail, pass, type CheckResult } from './result.ts';

export const EXPECTED_RUNTIME = 'nodejs22';
export const FUNCTIONS_PREDEPLOY = 'npm run build -w functions';
export const HOSTING_PREDEPLOY = 'npm run build:production -w web';
export const HOSTING_PUBLIC = 'web/dist';

/** The paths the later checks read, as firebase.json names them (relative to the repository). */
export interface DeployTargets {
  functionsSource: string;
  runtime: string;
  rulesFile: string;
  hostingPublic: string;
  /** storage.rules, as `storage.rules` names it. */
  storageRulesFile: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDemoProject = (projectId: unknown): boolean =>
  typeof projectId === 'string' && projectId.startsWith('demo-');

function commands(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

export function checkFirebaseJson(config: unknown): {
  results: CheckResult[];
  targets: DeployTargets | null;
} {
  if (!isObject(config)) {
    return { results: [fail('firebase.json', 'is not a JSON object')], targets: null };
  }
  const results: CheckResult[] = [];

  const codebases = Array.isArray(config.functions) ? config.functions : [config.functions];
  const functions = codebases.filter(isObject);
  let functionsTarget: { source: string; runtime: string } | null = null;
  if (functions.length !== 1 || typeof functions[0]?.source !== 'string') {
    results.push(fail('firebase.json functions', 'expected one codebase with a "source" folder'));
  } else {
    const [codebase] = functions as [Json];
    const source = codebase.source as string;
    const runtime = codebase.runtime;
    results.push(
      runtime === EXPECTED_RUNTIME
        ? pass('firebase.json functions runtime', `${EXPECTED_RUNTIME} (source ${source}/)`)
        : fail(
            'firebase.json functions runtime',
            `is ${JSON.stringify(runtime)}; expected "${EXPECTED_RUNTIME}"`,
          ),
    );
    results.push(
      commands(codebase.predeploy).includes(FUNCTIONS_PREDEPLOY)
        ? pass('firebase.json functions predeploy', `builds the bundle: ${FUNCTIONS_PREDEPLOY}`)
        : fail(
            'firebase.json functions predeploy',
            `does not build the bundle; expected "${FUNCTIONS_PREDEPLOY}"`,
          ),
    );
    functionsTarget = { source, runtime: typeof runtime === 'string' ? runtime : '' };
  }

  const hosting = config.hosting;
  let hostingPublic: string | null = null;
  if (!isObject(hosting)) {
    results.push(fail('firebase.json hosting', 'is missing (one site expected)'));
  } else {
    results.push(
      hosting.public === HOSTING_PUBLIC
        ? pass('firebase.json hosting public', `${HOSTING_PUBLIC} (the web build's output)`)
        : fail(
            'firebase.json hosting public',
            `is ${JSON.stringify(hosting.public)}; expected "${HOSTING_PUBLIC}"`,
          ),
    );
    results.push(
      commands(hosting.predeploy).includes(HOSTING_PREDEPLOY)
        ? pass('firebase.json hosting predeploy', `builds for production: ${HOSTING_PREDEPLOY}`)
        : fail(
            'firebase.json hosting predeploy',
            `does not build the production app; expected "${HOSTING_PREDEPLOY}"`,
          ),
    );
    results.push(checkSecurityHeaders(hosting.headers));
    if (typeof hosting.public === 'string') hostingPublic = hosting.public;
  }

  const { result: databaseResult, rulesFile } = checkDatabaseTargets(config.database);
  if (databaseResult !== null) results.push(databaseResult);

  const storage = config.storage;
  const storageRulesFile = isObject(storage) ? storage.rules : undefined;
  if (typeof storageRulesFile !== 'string') {
    results.push(fail('firebase.json storage', 'names no "rules" file'));
  }

  const targets =
    functionsTarget &&
    hostingPublic !== null &&
    typeof rulesFile === 'string' &&
    typeof storageRulesFile === 'string'
      ? {
          functionsSource: functionsTarget.source,
          runtime: functionsTarget.runtime,
          rulesFile,
          hostingPublic,
          storageRulesFile,
        }
      : null;
  return { results, targets };
}

/**
 * What every page Hosting serves must say (docs/architecture/web-app.md#content-security-policy):
 * the header part of the policy (the rest, with the build's script hashes, is index.html's meta
 * policy, checked by web-build.ts), never framed, no type sniffing, no referrer to other sites,
 * https only, no camera (the checador's and the kiosk's own headers allow it there alone).
 */
export const SECURITY_HEADERS: Record<string, RegExp> = {
  'Content-Security-Policy': /frame-ancestors 'none'.*object-src 'none'.*base-uri 'self'/,
  'X-Frame-Options': /^DENY$/,
  'X-Content-Type-Options': /^nosniff$/,
  'Referrer-Policy': /^(same-origin|no-referrer|strict-origin)$/,
  'Strict-Transport-Security': /^max-age=(\d{8,})/,
  'Permissions-Policy': /(^|, )camera=\(\)/,
};

/** The camera's pages: the checador and the kiosk scan member passes. */
export const CAMERA_SOURCES = ['/checador', '/tabs/checador', '/kiosk', '/tabs/kiosk'];

export function checkSecurityHeaders(headers: unknown): CheckResult {
  const name = 'firebase.json hosting security headers';
  const blocks = (Array.isArray(headers) ? headers : []).filter(isObject);
  const valuesOf = (source: string) =>
    new Map(
      blocks
        .filter((block) => block.source === source && Array.isArray(block.headers))
        .flatMap((block) => (block.headers as unknown[]).filter(isObject))
        .map((header) => [String(header.key), String(header.value)] as const),
    );
  const everyPage = valuesOf('**');
  const problems = Object.entries(SECURITY_HEADERS)
    .filter(([key, wanted]) => !wanted.test(everyPage.get(key) ?? ''))
    .map(([key]) => `${key} on "**" is ${JSON.stringify(everyPage.get(key) ?? null)}`);
  const cameraPages = blocks
    .filter((block) => JSON.stringify(block.headers ?? []).includes('camera=(self)'))
    .map((block) => String(block.source));
  const strayCamera = cameraPages.filter((source) => !CAMERA_SOURCES.includes(source));
  if (strayCamera.length > 0) problems.push(`the camera is allowed on ${strayCamera.join(', ')}`);
  return problems.length === 0
    ? pass(name, `${Object.keys(SECURITY_HEADERS).join(', ')}; camera on ${cameraPages.join(', ')}`)
    : fail(name, problems.join('; '));
}

/**
 * A bare `firebase deploy` uses the `default` alias, or the only alias when there is one
 * (firebase-tools' command.js): neither may be a demo- project, so a deploy names a real one.
 */
export function checkFirebaserc(rc: unknown): CheckResult {
  const name = '.firebaserc';
  if (!isObject(rc)) return fail(name, 'is not a JSON object');
  const projects = rc.projects ?? {};
  if (!isObject(projects)) return fail(name, '"projects" is not an object of aliases');
  const aliases = Object.entries(projects);
  if (isDemoProject(projects.default)) {
    return fail(name, `the default project is "${String(projects.default)}", a demo project`);
  }
  const [only] = aliases;
  if (aliases.length === 1 && only && isDemoProject(only[1])) {
    return fail(
      name,
      `its only alias "${only[0]}" is "${String(only[1])}", a demo project: a bare firebase deploy would use it`,
    );
  }
  return pass(
    name,
    aliases.length === 0
      ? 'no default project: firebase deploy needs --project or firebase use'
      : `aliases ${aliases.map(([alias, id]) => `${alias}=${String(id)}`).join(', ')}, no demo project by default`,
  );
}

/** functions/package.json: the same Node as the runtime, and the file deploy loads. */
export function checkFunctionsPackage(
  manifest: unknown,
  runtime: string,
): { result: CheckResult; main: string | null } {
  const name = 'functions/package.json';
  if (!isObject(manifest)) return { result: fail(name, 'is not a JSON object'), main: null };
  const engines = isObject(manifest.engines) ? manifest.engines : {};
  const expected = runtime.replace(/^nodejs/, '');
  const main = typeof manifest.main === 'string' ? manifest.main : null;
  if (engines.node !== expected) {
    return {
      result: fail(
        name,
        `engines.node is ${JSON.stringify(engines.node)}; expected "${expected}" (runtime ${runtime})`,
      ),
      main,
    };
  }
  if (main === null) return { result: fail(name, 'has no "main" (the bundle)'), main };
  return { result: pass(name, `engines.node "${expected}", main ${main}`), main };
}

/**
 * `database`: one rules file for the default instance (`{ rules }`), or a chain's list of
 * instances (`[{ instance, rules }]`, docs/deploy.md), each a valid instance name, named once,
 * all with the same rules: the rules read `Classes` and `Coaches` in their own instance, so every
 * instance takes the same file.
 */
export function checkDatabaseTargets(database: unknown): {
  result: CheckResult | null;
  rulesFile: string | undefined;
} {
  const name = 'firebase.json database';
  if (!Array.isArray(database)) {
    const rulesFile = isObject(database) ? database.rules : undefined;
    return typeof rulesFile === 'string'
      ? { result: null, rulesFile }
      : { result: fail(name, 'names no "rules" file'), rulesFile: undefined };
  }
  const instances: string[] = [];
  const files = new Set<string>();
  for (const entry of database) {
    const instance = isObject(entry) ? entry.instance : undefined;
    const rules = isObject(entry) ? entry.rules : undefined;
    if (typeof instance !== 'string' || !instanceNameSchema.safeParse(instance).success)
      return {
        result: fail(name, `an entry names no valid "instance": ${JSON.stringify(entry)}`),
        rulesFile: undefined,
      };
    if (typeof rules !== 'string')
      return {
        result: fail(name, `instance ${instance} names no "rules" file`),
        rulesFile: undefined,
      };
    if (instances.includes(instance))
      return { result: fail(name, `instance ${instance} is listed twice`), rulesFile: undefined };
    instances.push(instance);
    files.add(rules);
  }
  const [rulesFile, ...others] = [...files];
  if (rulesFile === undefined)
    return { result: fail(name, 'lists no instance'), rulesFile: undefined };
  if (others.length > 0)
    return {
      result: fail(
        name,
        `every instance takes the same rules; the list names ${[...files].join(', ')}`,
      ),
      rulesFile: undefined,
    };
  return {
    result: pass(
      name,
      `${instances.length} instances (${instances.join(', ')}), rules ${rulesFile}`,
    ),
    rulesFile,
  };
}
