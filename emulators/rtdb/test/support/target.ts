// Where the conformance suite sends its traffic: an emulator it starts itself on a free port, or,
// when FIREBASE_DATABASE_EMULATOR_HOST is set, an emulator somebody else runs (then the tests that
// need in-process hooks such as dropConnections or a restart are left out with `runIf(!external)`).
import { randomBytes } from 'node:crypto';
import { startRtdbEmulator } from '../../src/index';
import type { RtdbEmulator, RtdbEmulatorOptions } from '../../src/index';

const externalHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST ?? '';

/** True when the suite targets an emulator it did not start (FIREBASE_DATABASE_EMULATOR_HOST). */
export const external = externalHost !== '';

export interface Target {
  readonly host: string;
  readonly port: number;
  /** `host:port`, as used in URLs and by FIREBASE_DATABASE_EMULATOR_HOST. */
  readonly hostAndPort: string;
  /** The in-process emulator; null when targeting an external one. */
  readonly emulator: RtdbEmulator | null;
  stop(): Promise<void>;
}

function parseHostAndPort(value: string): { host: string; port: number } {
  const colon = value.lastIndexOf(':');
  const port = Number(value.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(port) || port <= 0) {
    throw new Error(`FIREBASE_DATABASE_EMULATOR_HOST must be host:port, got "${value}"`);
  }
  return { host: value.slice(0, colon), port };
}

/** Starts an emulator on port 0 (or attaches to the external one). Call `stop()` in afterAll. */
export async function startTarget(options: RtdbEmulatorOptions = {}): Promise<Target> {
  if (external) {
    const { host, port } = parseHostAndPort(externalHost);
    return {
      host,
      port,
      hostAndPort: `${host}:${port}`,
      emulator: null,
      stop: () => Promise.resolve(),
    };
  }
  const emulator = await startRtdbEmulator({ host: '127.0.0.1', port: 0, ...options });
  return {
    host: emulator.host,
    port: emulator.port,
    hostAndPort: `${emulator.host}:${emulator.port}`,
    emulator,
    stop: () => emulator.stop(),
  };
}

/** Returns the in-process emulator or fails loudly (only for tests guarded by `!external`). */
export function emulatorOf(target: Target): RtdbEmulator {
  if (!target.emulator) throw new Error('this test needs an in-process emulator');
  return target.emulator;
}

let namespaceCounter = 0;

/** A namespace name nobody else uses, so tests never see each other's data or rules. */
export function uniqueNamespace(label: string): string {
  namespaceCounter += 1;
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 24);
  return `t-${clean}-${namespaceCounter}-${randomBytes(3).toString('hex')}`;
}

/** A path segment nobody else uses. */
export function uniqueKey(label: string): string {
  namespaceCounter += 1;
  return `${label}-${namespaceCounter}-${randomBytes(3).toString('hex')}`;
}
