// vitest globalSetup: one Firebase Auth emulator (firebase-tools, runs offline) for the whole
// functions project, on free ports, configured through a temporary firebase.json so it never
// collides with `npm start` (9099/4400/4500) or with other test runs.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

const HOST = '127.0.0.1';
const PROJECT_ID = 'demo-studio';
// Its start-up is ~10 s of CPU (OpenAPI validators), much longer on a loaded machine.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function isReady(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`);
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
}

export default async function startAuthEmulator(
  project: TestProject,
): Promise<() => Promise<void>> {
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const dir = await mkdtemp(join(tmpdir(), 'functions-auth-emulator-'));
  const config = join(dir, 'firebase.json');
  await writeFile(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port: authPort },
        hub: { host: HOST, port: hubPort },
        logging: { host: HOST, port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );

  // cwd is the temp dir so firebase-debug.log lands there, not in the checkout; so is TMPDIR, so
  // the hub locator (tmpdir/hub-demo-studio.json) never replaces or deletes the one of `npm start`.
  const child = spawn(
    process.execPath,
    [
      firebaseCli(),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      config,
    ],
    {
      cwd: dir,
      env: { ...process.env, TMPDIR: dir },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async (): Promise<void> => {
    if (!hasExited && child.pid !== undefined) {
      // The whole process group: the CLI may have children of its own.
      process.kill(-child.pid, 'SIGINT');
      const timer = setTimeout(() => {
        if (!hasExited && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const authHost = `${HOST}:${authPort}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await isReady(authHost))) {
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new Error(`Auth emulator did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  project.provide('authEmulatorHost', authHost);
  return stop;
}
