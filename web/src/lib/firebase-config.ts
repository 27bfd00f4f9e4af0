import type { FirebaseOptions } from 'firebase/app';

/**
 * The `VITE_*` variables this module reads. A build for the local emulators needs none of them
 * (the demo project is the default there); a build for a real project needs the five of
 * PRODUCTION_VARIABLES.
 */
export interface FirebaseEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_DATABASE_URL?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** The default Cloud Storage bucket (`<project>.firebasestorage.app`): the pictures. */
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_FUNCTIONS_REGION?: string;
  /**
   * 'true' marks a build for the local emulators (web/.env.emulators sets it) and uses them on
   * any host; 'false' keeps production services on localhost.
   */
  readonly VITE_USE_EMULATORS?: string;
  /** Host of the emulators when it differs from the page's host. */
  readonly VITE_EMULATOR_HOST?: string;
  readonly VITE_DATABASE_EMULATOR_PORT?: string;
  readonly VITE_AUTH_EMULATOR_PORT?: string;
  readonly VITE_FUNCTIONS_EMULATOR_PORT?: string;
  readonly VITE_STORAGE_EMULATOR_PORT?: string;
}

export interface EmulatorTargets {
  database: { host: string; port: number };
  /** The auth emulator is addressed by URL. */
  authUrl: string;
  functions: { host: string; port: number };
  storage: { host: string; port: number };
}

export interface FirebaseSetup {
  options: FirebaseOptions;
  region: string;
  /** Null in production: talk to the real services. */
  emulators: EmulatorTargets | null;
}

/** The local stack's project, namespace, region and ports. */
export const DEMO_PROJECT_ID = 'demo-studio';
export const DEMO_API_KEY = 'demo-api-key';
export const DEFAULT_REGION = 'us-central1';
export const DEFAULT_EMULATOR_PORTS = {
  database: 9000,
  auth: 9099,
  functions: 5001,
  storage: 9199,
} as const;

/** What a build for a real Firebase project must be given (Firebase console, web app config). */
export const PRODUCTION_VARIABLES = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_DATABASE_URL',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_STORAGE_BUCKET',
] as const satisfies readonly (keyof FirebaseEnv)[];

/** A `demo-*` project exists only in the emulators (Firebase's convention). */
export const isDemoProjectId = (projectId: string): boolean => projectId.startsWith('demo-');

export class FirebaseConfigError extends Error {
  override name = 'FirebaseConfigError';
}

/** True for a build made for the local emulators (`vite build --mode emulators`). */
export function isEmulatorBuild(env: FirebaseEnv): boolean {
  return nonEmpty(env.VITE_USE_EMULATORS)?.toLowerCase() === 'true';
}

/**
 * Why this configuration cannot serve a real project: each missing variable by name, a demo
 * project id. Empty when it can. The build (web/build/production-config.ts) and the app
 * (productionSetup) both refuse a configuration with problems, so nothing deployed falls back to
 * the demo project.
 */
export function productionConfigProblems(env: FirebaseEnv): string[] {
  const problems = PRODUCTION_VARIABLES.filter((name) => nonEmpty(env[name]) === undefined).map(
    (name) => `${name} is not set`,
  );
  const projectId = nonEmpty(env.VITE_FIREBASE_PROJECT_ID);
  if (projectId !== undefined && isDemoProjectId(projectId)) {
    problems.push(
      `VITE_FIREBASE_PROJECT_ID is "${projectId}": a demo- project exists only in the emulators`,
    );
  }
  return problems;
}

/** The real project's services; throws FirebaseConfigError naming every problem. */
export function productionSetup(env: FirebaseEnv): FirebaseSetup {
  const problems = productionConfigProblems(env);
  if (problems.length > 0) {
    throw new FirebaseConfigError(
      `The Firebase configuration of this build is incomplete: ${problems.join('; ')}.`,
    );
  }
  const required = (name: (typeof PRODUCTION_VARIABLES)[number]) => nonEmpty(env[name]) ?? '';
  return {
    options: {
      apiKey: required('VITE_FIREBASE_API_KEY'),
      authDomain: required('VITE_FIREBASE_AUTH_DOMAIN'),
      projectId: required('VITE_FIREBASE_PROJECT_ID'),
      databaseURL: required('VITE_FIREBASE_DATABASE_URL'),
      appId: required('VITE_FIREBASE_APP_ID'),
      storageBucket: required('VITE_FIREBASE_STORAGE_BUCKET'),
    },
    region: nonEmpty(env.VITE_FIREBASE_FUNCTIONS_REGION) ?? DEFAULT_REGION,
    emulators: null,
  };
}

/**
 * Emulator ports of a local stack started on other ports than the defaults (the test suites
 * run one beside `npm start`): `scripts/lib/stack.ts` writes them into the index.html it serves
 * as `window.__STUDIO_EMULATOR_PORTS__`. They win over the build-time variables.
 */
export type RuntimeEmulatorPorts = Partial<
  Record<'database' | 'auth' | 'functions' | 'storage', number>
>;

export function runtimeEmulatorPorts(value: unknown): RuntimeEmulatorPorts {
  if (value === null || typeof value !== 'object') return {};
  const ports: RuntimeEmulatorPorts = {};
  for (const name of ['database', 'auth', 'functions', 'storage'] as const) {
    const candidate = (value as Record<string, unknown>)[name];
    if (Number.isInteger(candidate) && (candidate as number) > 0 && (candidate as number) < 65536) {
      ports[name] = candidate as number;
    }
  }
  return ports;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function port(value: string | undefined, fallback: number): number {
  const parsed = Number(nonEmpty(value));
  return Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : fallback;
}

export function usesEmulators(env: FirebaseEnv, hostname: string): boolean {
  const flag = nonEmpty(env.VITE_USE_EMULATORS)?.toLowerCase();
  if (flag === 'true') return true;
  if (flag === 'false') return false;
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname);
}

/**
 * Which Firebase project to use and whether to reach it through the local emulators. Only the
 * emulators default to the demo project; anything else needs the real project's variables.
 * Pure, so the choice is tested without the SDK; `lib/firebase.ts` applies it.
 */
export function resolveFirebaseSetup(
  env: FirebaseEnv,
  hostname: string,
  runtimePorts: RuntimeEmulatorPorts = {},
): FirebaseSetup {
  if (!usesEmulators(env, hostname)) return productionSetup(env);

  const projectId = nonEmpty(env.VITE_FIREBASE_PROJECT_ID) ?? DEMO_PROJECT_ID;
  const appId = nonEmpty(env.VITE_FIREBASE_APP_ID);
  const options: FirebaseOptions = {
    apiKey: nonEmpty(env.VITE_FIREBASE_API_KEY) ?? DEMO_API_KEY,
    authDomain: nonEmpty(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
    projectId,
    databaseURL:
      nonEmpty(env.VITE_FIREBASE_DATABASE_URL) ??
      `https://${projectId}-default-rtdb.firebaseio.com`,
    storageBucket: nonEmpty(env.VITE_FIREBASE_STORAGE_BUCKET) ?? `${projectId}.firebasestorage.app`,
    ...(appId ? { appId } : {}),
  };
  const region = nonEmpty(env.VITE_FIREBASE_FUNCTIONS_REGION) ?? DEFAULT_REGION;
  const host = nonEmpty(env.VITE_EMULATOR_HOST) ?? hostname;
  return {
    options,
    region,
    emulators: {
      database: {
        host,
        port:
          runtimePorts.database ??
          port(env.VITE_DATABASE_EMULATOR_PORT, DEFAULT_EMULATOR_PORTS.database),
      },
      authUrl: `http://${host}:${runtimePorts.auth ?? port(env.VITE_AUTH_EMULATOR_PORT, DEFAULT_EMULATOR_PORTS.auth)}`,
      functions: {
        host,
        port:
          runtimePorts.functions ??
          port(env.VITE_FUNCTIONS_EMULATOR_PORT, DEFAULT_EMULATOR_PORTS.functions),
      },
      storage: {
        host,
        port:
          runtimePorts.storage ??
          port(env.VITE_STORAGE_EMULATOR_PORT, DEFAULT_EMULATOR_PORTS.storage),
      },
    },
  };
}
