// Where `npm run admin` reads and writes: the local emulators, or a real Firebase project through
// Google credentials. Everything here is checked before the first read or write, so a wrong setup
// ends with one line and nothing changed.
import { readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import type { AppOptions } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Auth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';
import { DEMO_PROJECT_ID } from '../../functions/src/admin.ts';
import { waitForPort } from './ports.ts';

/** A refusal the person running the command can act on; its message is the one line printed. */
export class CommandError extends Error {}

export interface TargetOptions {
  /** `--project`. */
  project?: string | undefined;
  /** `--database-url`. */
  databaseUrl?: string | undefined;
}

export interface Target {
  /** How the output names where it wrote: 'the emulators (demo-studio)' or 'project my-studio'. */
  label: string;
  projectId: string;
  databaseURL: string;
  /** Who ran the command, for the audit entry: the service account of the key file, or user@host. */
  operator: string;
  auth: Auth;
  db: Database;
  close(): Promise<void>;
}

const GCLOUD_LOGIN = 'gcloud auth application-default login';
const CREDENTIAL_TIMEOUT_MS = 30_000;
const EMULATOR_VARS = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_DATABASE_EMULATOR_HOST'] as const;

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function localOperator(): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry for the uid (some containers).
    user = process.env['USER'] ?? 'unknown';
  }
  return `${user}@${hostname()}`;
}

/** Both emulator variables, or neither: half on the emulators would write to production. */
function emulatorHosts(): { auth: string; database: string } | undefined {
  const [authVar, databaseVar] = EMULATOR_VARS;
  const auth = process.env[authVar];
  const database = process.env[databaseVar];
  if (auth && database) return { auth, database };
  if (auth || database) {
    const [set, unset] = auth ? [authVar, databaseVar] : [databaseVar, authVar];
    throw new CommandError(
      `Only ${set} is set: set ${unset} too to use the emulators, or unset ${set} to use a real project.`,
    );
  }
  return undefined;
}

async function checkEmulatorAnswers(name: string, host: string): Promise<void> {
  const match = /^(.+):(\d+)$/.exec(host);
  if (!match) throw new CommandError(`${name} must be host:port, not "${host}".`);
  try {
    await waitForPort(Number(match[2]), 2_000, match[1]);
  } catch {
    throw new CommandError(
      `Nothing answers on ${host} (${name}): start the local stack with "npm start" first, or unset the emulator variables to use a real project.`,
    );
  }
}

/**
 * The credential and who it belongs to, once it has produced an access token: a missing or
 * unreadable GOOGLE_APPLICATION_CREDENTIALS file, no `gcloud` login and no metadata server all
 * end here, before anything is read or written.
 */
async function checkCredentials(
  projectId: string,
): Promise<{ credential: AppOptions['credential']; operator: string }> {
  const keyFile = process.env['GOOGLE_APPLICATION_CREDENTIALS'];
  let keyEmail: string | undefined;
  if (keyFile) {
    let text: string;
    try {
      text = readFileSync(keyFile, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? reason(error);
      throw new CommandError(
        `GOOGLE_APPLICATION_CREDENTIALS points at ${keyFile}, which cannot be read (${code}): set it to a service-account key file of ${projectId}, or unset it and run "${GCLOUD_LOGIN}".`,
      );
    }
    try {
      const parsed: unknown = JSON.parse(text);
      const email = (parsed as { client_email?: unknown } | null)?.client_email;
      if (typeof email === 'string') keyEmail = email;
    } catch {
      // Not JSON: the access token below fails and says so.
    }
  }
  const credential = applicationDefault();
  try {
    await withTimeout(credential.getAccessToken(), CREDENTIAL_TIMEOUT_MS, 'Google sign-in');
  } catch (error) {
    throw new CommandError(
      `No usable Google credentials for project ${projectId} (${reason(error)}): run "${GCLOUD_LOGIN}" or set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file.`,
    );
  }
  return { credential, operator: keyEmail ?? localOperator() };
}

function databaseUrl(option: string | undefined, projectId: string): string {
  const url = option ?? `https://${projectId}-default-rtdb.firebaseio.com`;
  try {
    new URL(url);
  } catch {
    throw new CommandError(`--database-url must be a URL, not "${url}".`);
  }
  return url;
}

/**
 * The emulators when FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST are set
 * (project demo-studio unless given), else the project of `--project`, GOOGLE_CLOUD_PROJECT or
 * GCLOUD_PROJECT with Application Default Credentials.
 */
export async function openTarget(options: TargetOptions): Promise<Target> {
  const emulators = emulatorHosts();
  const projectId =
    options.project ??
    process.env['GOOGLE_CLOUD_PROJECT'] ??
    process.env['GCLOUD_PROJECT'] ??
    (emulators ? DEMO_PROJECT_ID : undefined);
  if (!projectId) {
    throw new CommandError(
      'No project: pass --project <id> or set GOOGLE_CLOUD_PROJECT (or set the emulator variables to use the local stack).',
    );
  }
  const databaseURL = databaseUrl(options.databaseUrl, projectId);
  const appOptions: AppOptions = { projectId, databaseURL };
  let operator: string;
  let label: string;
  if (emulators) {
    await checkEmulatorAnswers(EMULATOR_VARS[0], emulators.auth);
    await checkEmulatorAnswers(EMULATOR_VARS[1], emulators.database);
    // The admin SDK talks to both emulators as 'owner'; no credential is needed.
    operator = localOperator();
    label = `the emulators (${projectId})`;
  } else {
    const checked = await checkCredentials(projectId);
    appOptions.credential = checked.credential;
    operator = checked.operator;
    label = `project ${projectId}`;
  }
  const app = initializeApp(appOptions, `admin-cli-${process.pid}`);
  return {
    label,
    projectId,
    databaseURL,
    operator,
    auth: getAuth(app),
    db: getDatabase(app),
    close: () => deleteApp(app),
  };
}

/**
 * A database read that fails in time: with a wrong `--database-url` the SDK would otherwise keep
 * trying to connect forever.
 */
export async function readWithin<T>(target: Target, read: Promise<T>): Promise<T> {
  try {
    return await withTimeout(read, CREDENTIAL_TIMEOUT_MS, `The database at ${target.databaseURL}`);
  } catch (error) {
    throw new CommandError(
      `Cannot read the database at ${target.databaseURL} (${reason(error)}): check --database-url (the Firebase console shows it under Realtime Database).`,
    );
  }
}
