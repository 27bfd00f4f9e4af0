// The local stack: our database and Storage emulators (in this process), the Firebase CLI
// emulators for Auth, Functions and Hosting (a child process), the Stripe sandbox and MailDev (in
// this process),
// on fixed ports for `npm start` or free ports for tests. One implementation, so the tests exercise exactly what `npm start` runs.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRtdbEmulator, type RtdbEmulator } from '@studio/rtdb-emulator';
import { startStorageEmulator, type StorageEmulator } from '@studio/storage-emulator';
import { startStripeSandbox, type StripeSandbox } from '@studio/stripe-sandbox';
import { startPushService, type PushService } from '@studio/push-service';
import { LOCAL_VAPID_PUBLIC_KEY } from '@studio/core';
import { startMailInbox, type MailInbox } from './mail-inbox.ts';
import { freePort, isPortFree, waitForPort } from './ports.ts';
import { withInlineScript } from '../../web/build/csp.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-studio';
export const NAMESPACE = 'demo-studio-default-rtdb';
export const REGION = 'us-central1';
/** The local project's default Cloud Storage bucket (a new project's default name). */
export const STORAGE_BUCKET = 'demo-studio.firebasestorage.app';
const HOST = '127.0.0.1';

export interface StackPorts {
  database: number;
  /** Cloud Storage for Firebase (emulators/storage). */
  storage: number;
  auth: number;
  functions: number;
  hosting: number;
  hub: number;
  logging: number;
  /** The CLI starts these two with the functions emulator; pinned so stacks never collide. */
  eventarc: number;
  tasks: number;
  /** The Stripe sandbox (emulators/stripe). */
  stripe: number;
  /** MailDev's SMTP server, where the functions send mail (SMTP_HOST/SMTP_PORT). */
  smtp: number;
  /** MailDev's web inbox and REST API (`GET /api/email`). */
  mailInbox: number;
  /** The push service stand-in (emulators/push): push resources, `GET /api/messages`, a page. */
  push: number;
}

/** The ports a newcomer's `npm start` uses. */
export const DEFAULT_PORTS: StackPorts = {
  database: 9000,
  storage: 9199,
  auth: 9099,
  functions: 5001,
  hosting: 5000,
  hub: 4400,
  logging: 4500,
  eventarc: 9299,
  tasks: 9499,
  stripe: 12111,
  smtp: 1025,
  mailInbox: 1080,
  push: 1090,
};

/**
 * The Stripe values the functions use locally. Not secrets: the sandbox accepts any `sk_test_…`
 * key and signs with this webhook secret. The Functions emulator reads the two secrets from
 * functions/.secret.local (git-ignored), which the stack writes when it is missing; the sandbox's
 * address reaches the functions as STRIPE_API_URL in their environment.
 */
export const STRIPE_SANDBOX_SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_sandbox',
  STRIPE_WEBHOOK_SECRET: 'whsec_sandbox',
} as const;

/**
 * The mail secrets locally: MailDev takes mail without a password, and the unsubscribe links of
 * demo mail are signed with a value that is not secret (functions/src/mail/config.ts).
 */
export const MAIL_SANDBOX_SECRETS = {
  SMTP_PASSWORD: 'maildev',
  MAIL_UNSUBSCRIBE_SECRET: 'local-stack-unsubscribe-links',
} as const;

/**
 * The VAPID key pair locally (not secret: the stand-in accepts any key, and these sign only demo
 * pushes to it). The public key is core's `LOCAL_VAPID_PUBLIC_KEY`, which the emulator build of
 * the web app subscribes with; the private key reaches the functions as the VAPID_PRIVATE_KEY
 * secret through functions/.secret.local.
 */
export const PUSH_SANDBOX_SECRETS = {
  VAPID_PRIVATE_KEY: '4Yk_mbkwlOMib8yOdZDwDq2aw6HZljqSTApsIWqzJzc',
} as const;

/** How often the stack sweeps the push outbox and the watch waves (the emulator runs no triggers). */
export const PUSH_SWEEP_MS = 2_000;

/** The member passes' signing secret locally: not a secret (functions/src/triggers/desk/config.ts). */
export const DESK_SANDBOX_SECRETS = {
  MEMBER_PASS_SECRET: 'local-stack-member-passes',
} as const;

/** How often the stack sweeps the mail outbox: our database emulator runs no triggers. */
export const MAIL_SWEEP_MS = 3_000;
/**
 * How often the stack runs the scheduled mail jobs (reminders, expiring credits, coaches' lists),
 * which production runs on Cloud Scheduler: every minute instead of at their hours. Each entry is
 * keyed by its event and day, so running them more often adds no second mail.
 */
export const SCHEDULED_MAIL_MS = 60_000;

export interface StackOptions {
  /** Fixed ports; omitted → free ports (tests). */
  ports?: StackPorts;
  /** Keeps database and auth data across restarts; omitted → a throw-away folder. */
  dataDir?: string;
  /** Which Firebase emulators to run besides the database. */
  only?: ('auth' | 'functions' | 'hosting')[];
  /**
   * Runs the outbox sweep and the scheduled mail jobs (default). The admin-screens benchmark
   * turns them off: every minute over 10,000 members would compete with what it measures.
   */
  mailJobs?: boolean;
  log?: (line: string) => void;
}

export interface Stack {
  ports: StackPorts;
  projectId: string;
  namespace: string;
  database: RtdbEmulator;
  /** Our Cloud Storage emulator, enforcing storage.rules; objects kept in `<dataDir>/storage`. */
  storage: StorageEmulator;
  stripe: StripeSandbox;
  /** MailDev: every mail the functions send lands here. */
  mail: MailInbox;
  /** The push service stand-in: every push the functions send lands here, decrypted. */
  push: PushService;
  /** Environment that points the admin SDK and the CLI at this stack. */
  env: Record<string, string>;
  functionUrl(name: string): string;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {}

async function choosePorts(fixed: StackPorts | undefined): Promise<StackPorts> {
  if (fixed) {
    for (const [name, port] of Object.entries(fixed) as [keyof StackPorts, number][]) {
      if (!(await isPortFree(port))) {
        throw new PortInUseError(
          `Port ${port} (${name}) is already in use: stop whatever uses it (is another "npm start" running?) and try again.`,
        );
      }
    }
    return fixed;
  }
  const ports: Partial<StackPorts> = {};
  const taken = new Set<number>();
  for (const name of Object.keys(DEFAULT_PORTS) as (keyof StackPorts)[]) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[name] = port;
  }
  return ports as StackPorts;
}

function firebaseBin(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('firebase-tools/package.json')),
    'lib/bin/firebase.js',
  );
}

/**
 * The built app looks for the emulators on the default ports. A stack on other ports serves a
 * copy of the build whose index.html names its ports (read by web/src/lib/firebase-config.ts).
 */
function servedCopyWithPorts(ports: StackPorts): string {
  // Inside the repository: the CLI resolves `public` against the config file's folder.
  const publicDir = path.join(ROOT, `.stack-${process.pid}-${ports.hub}`, 'public');
  cpSync(path.join(ROOT, 'web/dist'), publicDir, { recursive: true });
  const indexFile = path.join(publicDir, 'index.html');
  const script = `window.__STUDIO_EMULATOR_PORTS__=${JSON.stringify({
    database: ports.database,
    auth: ports.auth,
    functions: ports.functions,
    storage: ports.storage,
  })}`;
  // Its hash joins the page's Content-Security-Policy, which allows no other inline script.
  writeFileSync(indexFile, withInlineScript(readFileSync(indexFile, 'utf8'), script));
  return path.relative(ROOT, publicDir);
}

function writeFirebaseConfig(ports: StackPorts, publicDir: string): string {
  // The repository's firebase.json names the production settings and the default ports; this
  // copy only moves the emulators to the chosen ports, and serves the same headers (the security
  // headers: every journey runs under them). The CLI resolves `source` and `public` against the
  // config file's folder, so the copy lives in the repository root (git-ignored).
  const production = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: unknown[] };
  };
  const config = {
    functions: [{ source: 'functions', codebase: 'default', runtime: 'nodejs22' }],
    hosting: {
      public: publicDir,
      headers: production.hosting.headers,
      // As in firebase.json: the member's calendar feed is the calendarFeed function.
      rewrites: [
        { source: '/calendar/**', function: { functionId: 'calendarFeed', region: REGION } },
        { source: '**', destination: '/index.html' },
      ],
    },
    emulators: {
      auth: { host: HOST, port: ports.auth },
      functions: { host: HOST, port: ports.functions },
      hosting: { host: HOST, port: ports.hosting },
      hub: { host: HOST, port: ports.hub },
      logging: { host: HOST, port: ports.logging },
      eventarc: { host: HOST, port: ports.eventarc },
      tasks: { host: HOST, port: ports.tasks },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const file = path.join(ROOT, `.stack-${process.pid}-${ports.hub}.firebase.json`);
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

async function startFirebaseEmulators(
  configFile: string,
  only: string[],
  authDataDir: string | undefined,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<ChildProcess> {
  const args = [
    firebaseBin(),
    'emulators:start',
    '--only',
    only.join(','),
    '--project',
    PROJECT_ID,
    '--config',
    configFile,
  ];
  if (authDataDir) {
    if (existsSync(path.join(authDataDir, 'firebase-export-metadata.json'))) {
      args.push('--import', authDataDir);
    }
    args.push('--export-on-exit', authDataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: path.dirname(configFile),
    env: {
      // The Functions emulator gives loading the functions' code 10 s by default, which a loaded
      // 2-core machine overruns; the request is then never answered.
      FUNCTIONS_DISCOVERY_TIMEOUT: '120',
      ...process.env,
      ...env,
      NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const recent: string[] = [];
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      log(line);
    }
  };
  child.stdout?.on('data', onLine);
  child.stderr?.on('data', onLine);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Firebase emulators did not become ready in 240 s:\n${recent.join('\n')}`));
    }, 240_000);
    const check = (chunk: Buffer) => {
      if (chunk.toString().includes('All emulators ready')) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Firebase emulators exited (code ${code}):\n${recent.join('\n')}`));
    });
  });
  return child;
}

/**
 * functions/.secret.local with the sandbox values, unless a developer wrote their own; a file
 * from before the mail or desk secrets gets those added (values already there are kept).
 */
function ensureStripeSecretsFile(): void {
  const file = path.join(ROOT, 'functions', '.secret.local');
  const all = {
    ...STRIPE_SANDBOX_SECRETS,
    ...MAIL_SANDBOX_SECRETS,
    ...DESK_SANDBOX_SECRETS,
    ...PUSH_SANDBOX_SECRETS,
  };
  if (existsSync(file)) {
    const present = readFileSync(file, 'utf8');
    const missing = Object.entries(all).filter(
      ([key]) => !new RegExp(`^${key}=`, 'm').test(present),
    );
    if (missing.length === 0) return;
    const lines = missing.map(([key, value]) => `${key}=${value}`);
    writeFileSync(file, `${present.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n`, {
      flag: 'a',
    });
    return;
  }
  const lines = Object.entries(all).map(([key, value]) => `${key}=${value}`);
  try {
    writeFileSync(file, `${lines.join('\n')}\n`, { flag: 'wx' });
  } catch (error) {
    // Another stack starting at the same moment wrote the same values first.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

interface MailSweep {
  stop(): Promise<void>;
}

/**
 * The mail sender's view of this stack's Auth accounts (verified sign-in e-mail), read from the
 * Auth emulator's REST API as the Admin SDK would, without pointing this process's
 * FIREBASE_AUTH_EMULATOR_HOST at one stack (tests run several).
 */
function emulatorMailAccounts(
  authHost: string,
): (uid: string) => Promise<{ email?: string; emailVerified: boolean } | undefined> {
  const url = `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`;
  return async (uid) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: [uid] }),
    });
    if (!response.ok) throw new Error(`Auth emulator lookup: ${response.status}`);
    const body = (await response.json()) as {
      users?: { email?: string; emailVerified?: boolean }[];
    };
    const user = body.users?.[0];
    return user && { email: user.email, emailVerified: user.emailVerified === true };
  };
}

/**
 * The outbox sweep every MAIL_SWEEP_MS against this stack's database, with SMTP pointed at its
 * MailDev: the production sweep's handler (functions/src/handlers/mail/sweep-outbox.ts), so demo
 * mail lands in the inbox although the emulator fires no `MailOutbox` trigger. Loaded when the
 * stack starts, so code that only imports this module does not load the functions.
 */
async function startMailSweep(
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<MailSweep> {
  const [
    { initializeApp, deleteApp },
    { getDatabase },
    { sweepOutbox },
    { sendClassReminders },
    { sendExpiringCredits },
    { sendCoachClassLists },
    config,
    mail,
    engine,
  ] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/database'),
    import('../../functions/src/handlers/mail/sweep-outbox.ts'),
    import('../../functions/src/handlers/mail/reminders.ts'),
    import('../../functions/src/handlers/mail/expiring-credits.ts'),
    import('../../functions/src/handlers/mail/coach-lists.ts'),
    import('../../functions/src/triggers/mail/config.ts'),
    import('../../functions/src/mail/index.ts'),
    import('../../functions/src/engine/index.ts'),
  ]);
  const app = initializeApp(
    {
      projectId: PROJECT_ID,
      databaseURL: `http://${env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${NAMESPACE}`,
    },
    `mail-sweep-${env.FIREBASE_DATABASE_EMULATOR_HOST}`,
  );
  // This stack's own transport (not the functions' per-instance one: tests run several stacks).
  const smtp = mail.smtpConfigFromEnv(env);
  const mailer = {
    transport: mail.createMailTransport(smtp),
    from: smtp.from,
    appUrl: config.mailAppUrl(env),
    unsubscribeEndpoint: config.unsubscribeEndpoint(env),
    unsubscribeSecret: MAIL_SANDBOX_SECRETS.MAIL_UNSUBSCRIBE_SECRET,
  };
  const db = getDatabase(app);
  const deps = {
    db,
    now: Date.now,
    mailer,
    accounts: emulatorMailAccounts(env.FIREBASE_AUTH_EMULATOR_HOST ?? ''),
    limits: engine.databaseRateLimiter(db, Date.now),
  };
  let running: Promise<void> | undefined;
  let scheduling: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = sweepOutbox(deps)
      .then(
        () => undefined,
        (error: unknown) => log(`sweep failed: ${String(error)}`),
      )
      .finally(() => {
        running = undefined;
      });
  }, MAIL_SWEEP_MS);
  // The scheduled jobs write outbox entries; the sweep above sends them.
  const jobs = [sendClassReminders, sendExpiringCredits, sendCoachClassLists];
  const scheduledTimer = setInterval(() => {
    if (stopped || scheduling) return;
    scheduling = (async () => {
      for (const job of jobs) {
        await job({ db: deps.db, now: Date.now }).catch((error: unknown) =>
          log(`${job.name} failed: ${String(error)}`),
        );
      }
    })().finally(() => {
      scheduling = undefined;
    });
  }, SCHEDULED_MAIL_MS);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(scheduledTimer);
      await Promise.all([running, scheduling]);
      mailer.transport.close();
      await deleteApp(app);
    },
  };
}

/**
 * The push outbox's sender as production runs it, against this stack's database and stand-in:
 * each `pending` entry is sent as it appears (a listener standing in for the `sendPush` trigger,
 * which the database emulator does not fire), and the sweep runs every PUSH_SWEEP_MS (due
 * retries, held pushes, the next waves of watchers, the end of watching at class start).
 */
async function startPushSender(
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<MailSweep> {
  const [{ initializeApp, deleteApp }, { getDatabase }, { sweepPush }, { sendPushEntry }, config] =
    await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/database'),
      import('../../functions/src/handlers/push/sweep-push.ts'),
      import('../../functions/src/handlers/push/send-push-entry.ts'),
      import('../../functions/src/triggers/push/config.ts'),
    ]);
  const app = initializeApp(
    {
      projectId: PROJECT_ID,
      databaseURL: `http://${env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${NAMESPACE}`,
    },
    `push-sender-${env.FIREBASE_DATABASE_EMULATOR_HOST}`,
  );
  const deps = {
    db: getDatabase(app),
    now: Date.now,
    pusher: config.pusherFromEnv(env, PUSH_SANDBOX_SECRETS.VAPID_PRIVATE_KEY),
  };
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch((error: unknown) => log(`push failed: ${String(error)}`));
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };
  const pending = deps.db.ref('PushOutbox').orderByChild('status').equalTo('pending');
  const onPending = (snapshot: { key: string | null }) => {
    if (!stopped && snapshot.key !== null) track(sendPushEntry(deps, snapshot.key));
  };
  pending.on('child_added', onPending);
  let sweeping: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (stopped || sweeping) return;
    sweeping = sweepPush(deps)
      .catch((error: unknown) => log(`push sweep failed: ${String(error)}`))
      .finally(() => {
        sweeping = undefined;
      });
  }, PUSH_SWEEP_MS);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      pending.off('child_added', onPending);
      await Promise.all([sweeping, ...inFlight]);
      await deleteApp(app);
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGINT lets the CLI export auth data; the whole group goes if it takes too long.
  process.kill(-child.pid, 'SIGINT');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

/** A port the stack picked was taken by someone else before the service bound it. */
function isPortClash(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /EADDRINUSE|port taken|is not open on/i.test(text);
}

/**
 * Starts the stack. On free ports (the tests), a port can be taken by another process between
 * the moment it was found free and the moment a service binds it (ephemeral ports are shared
 * with every outgoing connection on the machine): the stack is then started again on new ports,
 * up to three times. Fixed ports (`npm start`) are checked first and never retried.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      if (options.ports !== undefined || attempt >= 3 || !isPortClash(error)) throw error;
      options.log?.(`[stack] a chosen port was taken meanwhile; starting again on new ports`);
    }
  }
}

async function startStackOnce(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const only = options.only ?? ['auth', 'functions', 'hosting'];
  const ports = await choosePorts(options.ports);
  const persistent = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'studio-stack-'));
  mkdirSync(dataDir, { recursive: true });

  const database = await startRtdbEmulator({
    host: HOST,
    port: ports.database,
    namespace: NAMESPACE,
    rulesFile: path.join(ROOT, 'database.rules.json'),
    dataDir: path.join(dataDir, 'database'),
    log: (line) => log(`[database] ${line}`),
  });

  let storage: StorageEmulator;
  try {
    storage = await startStorageEmulator({
      host: HOST,
      port: ports.storage,
      rulesFile: path.join(ROOT, 'storage.rules'),
      dataDir: path.join(dataDir, 'storage'),
      log: (line) => log(`[storage] ${line}`),
    });
  } catch (error) {
    await database.stop();
    throw error;
  }

  const env: Record<string, string> = {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_DATABASE_EMULATOR_HOST: `${HOST}:${ports.database}`,
    // firebase-admin's Storage (and @google-cloud/storage under it) read these.
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${ports.storage}`,
    STORAGE_EMULATOR_HOST: `http://${HOST}:${ports.storage}`,
    // The Functions emulator's FIREBASE_CONFIG names this bucket (else `demo-studio.appspot.com`),
    // so `getStorage().bucket()` in a function is the one the app uploads to.
    STORAGE_BUCKET_URL: STORAGE_BUCKET,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
    // The Functions emulator's FIREBASE_CONFIG names the namespace `demo-studio`; the app and
    // The default ports use `demo-studio-default-rtdb`, so the functions are told explicitly.
    FIREBASE_DATABASE_URL: `https://${NAMESPACE}.firebaseio.com`,
  };

  ensureStripeSecretsFile();
  const functionsUrl = `http://${HOST}:${ports.functions}/${PROJECT_ID}/${REGION}`;
  let stripe: StripeSandbox;
  try {
    stripe = await startStripeSandbox({
      host: HOST,
      port: ports.stripe,
      webhookUrl: `${functionsUrl}/stripeWebhook`,
      webhookSecret: STRIPE_SANDBOX_SECRETS.STRIPE_WEBHOOK_SECRET,
      log: (line) => log(`[stripe] ${line}`),
    });
  } catch (error) {
    await storage.stop();
    await database.stop();
    throw error;
  }
  env.STRIPE_API_URL = stripe.url;
  let mail: MailInbox;
  try {
    mail = await startMailInbox({
      host: HOST,
      smtpPort: ports.smtp,
      webPort: ports.mailInbox,
      // Kept with the data, so `npm start` shows last session's mail again.
      mailDirectory: path.join(dataDir, 'mail'),
    });
  } catch (error) {
    await stripe.stop();
    await storage.stop();
    await database.stop();
    throw error;
  }
  let push: PushService;
  try {
    push = await startPushService({
      host: HOST,
      port: ports.push,
      log: (line) => log(`[push] ${line}`),
    });
  } catch (error) {
    await mail.stop();
    await stripe.stop();
    await database.stop();
    throw error;
  }
  // functions/src/triggers/push/config.ts reads these: the key pair and the stand-in's origin,
  // the one non-https push service the functions accept here.
  env.VAPID_PUBLIC_KEY = LOCAL_VAPID_PUBLIC_KEY;
  env.VAPID_SUBJECT = 'mailto:studio@demo.studio';
  env.PUSH_LOCAL_SERVICE_ORIGINS = push.url;
  env.PUSH_SERVICE_URL = push.url;
  Object.assign(env, PUSH_SANDBOX_SECRETS);
  // functions/src/mail/config.ts reads these; MailDev takes mail without authentication.
  env.SMTP_HOST = HOST;
  env.SMTP_PORT = String(mail.smtpPort);
  env.MAIL_INBOX_URL = mail.url;
  // Where a checkout may send the member back (functions/src/triggers/payments/config.ts): this
  // stack's Hosting, and the Vite dev server of `npm run dev`.
  env.APP_ORIGINS = [`http://${HOST}:${ports.hosting}`, `http://localhost:${ports.hosting}`]
    .concat(['http://127.0.0.1:5173', 'http://localhost:5173'])
    .join(',');
  Object.assign(env, STRIPE_SANDBOX_SECRETS);
  // The outbox sender's links (functions/src/triggers/mail/config.ts) and its secrets.
  env.MAIL_UNSUBSCRIBE_URL = `${functionsUrl}/mailUnsubscribe`;
  Object.assign(env, MAIL_SANDBOX_SECRETS);

  const usesDefaultPorts = (Object.keys(DEFAULT_PORTS) as (keyof StackPorts)[]).every(
    (name) => ports[name] === DEFAULT_PORTS[name],
  );
  const publicDir =
    usesDefaultPorts || !only.includes('hosting') ? 'web/dist' : servedCopyWithPorts(ports);
  const configFile = writeFirebaseConfig(ports, publicDir);
  let child: ChildProcess | undefined;
  let mailSweep: MailSweep | undefined;
  let pushSender: MailSweep | undefined;
  const release = async () => {
    await mailSweep?.stop();
    await pushSender?.stop();
    if (child) await stopChild(child);
    await push.stop();
    await mail.stop();
    await stripe.stop();
    await storage.stop();
    await database.stop();
    rmSync(configFile, { force: true });
    if (publicDir !== 'web/dist') {
      rmSync(path.dirname(path.join(ROOT, publicDir)), { recursive: true, force: true });
    }
    if (!persistent) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = await startFirebaseEmulators(
      configFile,
      only,
      persistent ? path.join(dataDir, 'firebase') : undefined,
      // A throw-away stack gets its own TMPDIR, so the CLI's hub locator file
      // (tmpdir/hub-<project>.json) never replaces or deletes the one of `npm start`.
      persistent ? env : { ...env, TMPDIR: dataDir },
      (line) => log(`[firebase] ${line}`),
    );
    for (const name of only) await waitForPort(ports[name], 30_000);
    if (options.mailJobs !== false) {
      mailSweep = await startMailSweep(env, (line) => log(`[mail] ${line}`));
      pushSender = await startPushSender(env, (line) => log(`[push] ${line}`));
    }
  } catch (error) {
    await release();
    throw error;
  }

  return {
    ports,
    projectId: PROJECT_ID,
    namespace: NAMESPACE,
    database,
    storage,
    stripe,
    mail,
    push,
    env,
    functionUrl: (name) => `http://${HOST}:${ports.functions}/${PROJECT_ID}/${REGION}/${name}`,
    stop: release,
  };
}
