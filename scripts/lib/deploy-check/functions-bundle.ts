// The functions as a deploy sees them: the bundle is required in a child process with the
// environment firebase-tools' discovery gives it (FIREBASE_CONFIG, GCLOUD_PROJECT, PATH, HOME;
// no emulator variables), and every exported function's `__endpoint` is checked: region,
// secrets, schedule and time zone. Loading must not throw nor open a connection.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail, pass, type CheckResult } from './result.ts';

const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions-probe.mjs');
const MARKER = '__DEPLOY_CHECK_PROBE__';

/** What the deployed functions must declare (functions/src/triggers). */
export interface FunctionsContract {
  region: string;
  /** Secrets each function must bind (defineSecret in functions/src/triggers/payments/config.ts). */
  secrets: Readonly<Record<string, readonly string[]>>;
}

export const FUNCTIONS_CONTRACT: FunctionsContract = {
  region: 'us-central1',
  secrets: {
    createCheckoutSession: ['STRIPE_SECRET_KEY'],
    createPortalSession: ['STRIPE_SECRET_KEY'],
    cancelMemberSubscription: ['STRIPE_SECRET_KEY'],
    stripeWebhook: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    monthlyCredits: ['STRIPE_SECRET_KEY'],
    // An import bills a member's mapped card through a Stripe subscription.
    importRows: ['STRIPE_SECRET_KEY'],
    // The mail outbox (functions/src/triggers/mail): the senders, and the unsubscribe links.
    sendOutboxMail: ['SMTP_PASSWORD', 'MAIL_UNSUBSCRIBE_SECRET'],
    sweepMail: ['SMTP_PASSWORD', 'MAIL_UNSUBSCRIBE_SECRET'],
    mailUnsubscribe: ['MAIL_UNSUBSCRIBE_SECRET'],
    // Member passes (functions/src/triggers/desk): issued and checked with their signing secret.
    memberPass: ['MEMBER_PASS_SECRET'],
    checkInByPass: ['MEMBER_PASS_SECRET'],
  },
};

export interface LoadedFunction {
  name: string;
  endpoint?: Record<string, unknown>;
  /** Reading `__endpoint` threw. */
  error?: string;
}

export interface BundleLoad {
  loaded: boolean;
  /** Why requiring the bundle failed (or the probe did not answer). */
  error?: string;
  functions: LoadedFunction[];
  /** Connections started and network handles left open by loading it. */
  network: string[];
}

/** The environment firebase-tools gives the functions when it discovers them for a deploy. */
export function deployDiscoveryEnv(projectId: string): Record<string, string> {
  const env: Record<string, string> = {
    FUNCTIONS_CONTROL_API: 'true',
    GCLOUD_PROJECT: projectId,
    GOOGLE_CLOUD_QUOTA_PROJECT: projectId,
    FIREBASE_CONFIG: JSON.stringify({
      projectId,
      databaseURL: `https://${projectId}-default-rtdb.firebaseio.com`,
      storageBucket: `${projectId}.firebasestorage.app`,
    }),
  };
  for (const name of ['PATH', 'HOME'] as const) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export function loadFunctionsBundle(
  file: string,
  {
    projectId = 'check-project',
    timeoutMs = 60_000,
    functionTarget,
  }: { projectId?: string; timeoutMs?: number; functionTarget?: string } = {},
): Promise<BundleLoad> {
  const env = deployDiscoveryEnv(projectId);
  // What Cloud Run functions set for the instance of one function (and the emulator's workers).
  if (functionTarget !== undefined) env.FUNCTION_TARGET = functionTarget;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PROBE, file], {
      cwd: path.dirname(file),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((candidate) => candidate.startsWith(MARKER));
      if (line === undefined) {
        const why = signal === 'SIGKILL' ? `no answer in ${timeoutMs / 1000} s` : `exit ${code}`;
        resolve({
          loaded: false,
          error: `the probe gave no report (${why}): ${stderr.trim().slice(-500)}`,
          functions: [],
          network: [],
        });
        return;
      }
      resolve(JSON.parse(line.slice(MARKER.length)) as BundleLoad);
    });
  });
}

type Endpoint = Record<string, unknown>;

/** Instance settings printed for the deploy runbook when a function sets them. */
const INSTANCE_OPTIONS = [
  ['availableMemoryMb', 'memory MB'],
  ['timeoutSeconds', 'timeout s'],
  ['minInstances', 'min instances'],
  ['maxInstances', 'max instances'],
  ['concurrency', 'concurrency'],
] as const;

function triggerOf(endpoint: Endpoint): string {
  if ('callableTrigger' in endpoint) return 'callable';
  if ('httpsTrigger' in endpoint) return 'https';
  if ('scheduleTrigger' in endpoint) return 'schedule';
  if ('taskQueueTrigger' in endpoint) return 'task queue';
  if ('blockingTrigger' in endpoint) return 'blocking';
  const event = endpoint.eventTrigger as { eventType?: unknown } | undefined;
  if (event) return `event ${String(event.eventType)}`;
  return 'unknown trigger';
}

function secretsOf(endpoint: Endpoint): string[] {
  const secrets = endpoint.secretEnvironmentVariables;
  if (!Array.isArray(secrets)) return [];
  return secrets
    .map((secret) => (secret as { key?: unknown }).key)
    .filter((key): key is string => typeof key === 'string');
}

function checkFunction(fn: LoadedFunction, contract: FunctionsContract, runtime: string) {
  const name = `function ${fn.name}`;
  if (fn.error !== undefined || fn.endpoint === undefined) {
    return fail(name, `its __endpoint cannot be read: ${fn.error ?? 'missing'}`);
  }
  const endpoint = fn.endpoint;
  const problems: string[] = [];
  const region = endpoint.region;
  if (region === undefined || region === null || (Array.isArray(region) && region.length === 0)) {
    problems.push(`no region (expected ${contract.region})`);
  } else if (!Array.isArray(region) || region.length !== 1 || region[0] !== contract.region) {
    problems.push(`region ${JSON.stringify(region)} (expected ${contract.region})`);
  }
  const secrets = secretsOf(endpoint);
  const missing = (contract.secrets[fn.name] ?? []).filter((secret) => !secrets.includes(secret));
  if (missing.length > 0) problems.push(`missing secret ${missing.join(', ')}`);
  let schedule = '';
  const scheduleTrigger = endpoint.scheduleTrigger as
    { schedule?: unknown; timeZone?: unknown } | undefined;
  if (scheduleTrigger) {
    if (typeof scheduleTrigger.schedule !== 'string' || scheduleTrigger.schedule === '') {
      problems.push('a scheduled function without a schedule');
    }
    if (typeof scheduleTrigger.timeZone !== 'string' || scheduleTrigger.timeZone === '') {
      problems.push('a schedule without a time zone');
    }
    schedule = `, schedule "${String(scheduleTrigger.schedule)}" ${String(scheduleTrigger.timeZone)}`;
  }
  if (problems.length > 0) return fail(name, problems.join('; '));
  const platform = typeof endpoint.platform === 'string' ? endpoint.platform : '?';
  const options = INSTANCE_OPTIONS.filter(([key]) => typeof endpoint[key] === 'number')
    .map(([key, label]) => `${label} ${String(endpoint[key])}`)
    .join(', ');
  return pass(
    name,
    `${triggerOf(endpoint)}, ${contract.region}, ${runtime} (${platform}), secrets ${
      secrets.length > 0 ? secrets.join(', ') : 'none'
    }${schedule}${options === '' ? '' : `, ${options}`}`,
  );
}

export function checkFunctionsBundle(
  load: BundleLoad,
  contract: FunctionsContract = FUNCTIONS_CONTRACT,
  runtime = 'nodejs22',
): CheckResult[] {
  const loading = 'functions bundle loads without the emulators';
  if (!load.loaded) return [fail(loading, `it throws: ${load.error ?? 'unknown error'}`)];
  const results: CheckResult[] = [
    load.network.length > 0
      ? fail(loading, `loading it opened connections: ${load.network.join(', ')}`)
      : load.functions.length === 0
        ? fail(loading, 'it exports no functions')
        : pass(loading, `${load.functions.length} functions, no connection opened`),
  ];
  for (const fn of [...load.functions].sort((a, b) => a.name.localeCompare(b.name))) {
    results.push(checkFunction(fn, contract, runtime));
  }
  const exported = new Set(load.functions.map((fn) => fn.name));
  for (const [name, secrets] of Object.entries(contract.secrets)) {
    if (!exported.has(name)) {
      results.push(fail(`function ${name}`, `not exported (it must bind ${secrets.join(', ')})`));
    }
  }
  return results;
}

export interface TargetLoad {
  name: string;
  load: BundleLoad;
}

/**
 * The bundle as each deployed instance loads it: with FUNCTION_TARGET naming its function (the
 * build may give each function its own file behind `main`), two at a time.
 */
export async function loadEachFunction(file: string, names: string[]): Promise<TargetLoad[]> {
  const queue = [...names];
  const loads: TargetLoad[] = [];
  await Promise.all(
    [0, 1].map(async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        loads.push({ name, load: await loadFunctionsBundle(file, { functionTarget: name }) });
      }
    }),
  );
  return loads.sort((a, b) => a.name.localeCompare(b.name));
}

/** Each instance loads, opens no connection, and declares what discovery read for it. */
export function checkEachFunctionLoads(discovered: BundleLoad, targets: TargetLoad[]): CheckResult {
  const name = 'each function loads alone (FUNCTION_TARGET, as its instance does)';
  const declared = new Map(discovered.functions.map((fn) => [fn.name, fn.endpoint]));
  const problems: string[] = [];
  for (const { name: target, load } of targets) {
    if (!load.loaded) {
      problems.push(`${target}: throws: ${load.error ?? 'unknown error'}`);
      continue;
    }
    if (load.network.length > 0) problems.push(`${target}: opened ${load.network.join(', ')}`);
    const own = load.functions.find((fn) => fn.name === target);
    if (own === undefined) problems.push(`${target}: not exported`);
    else if (JSON.stringify(own.endpoint) !== JSON.stringify(declared.get(target))) {
      problems.push(`${target}: its endpoint differs from the one discovery read`);
    }
  }
  if (targets.length === 0) return fail(name, 'no function to load');
  return problems.length === 0
    ? pass(name, `${targets.length} functions, same endpoints as discovery`)
    : fail(name, problems.join('; '));
}
