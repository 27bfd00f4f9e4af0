// Runs the `rtdb-emulator` command in a child process, as `npm start` and CI do, and reads the
// port it picked from its start-up line.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Target } from './target';
import { waitUntil, withTimeout } from './wait';

export const CLI_PATH = fileURLToPath(new URL('../../bin/rtdb-emulator.mjs', import.meta.url));

/** Start-up takes a TypeScript transpile through tsx; generous on a busy 2-core machine. */
const START_TIMEOUT_MS = 20_000;

export interface CliEmulator {
  readonly child: ChildProcess;
  readonly port: number;
  readonly hostAndPort: string;
  /** The first stdout line that named the listening URL. */
  readonly startupLine: string;
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const LISTENING_URL = /https?:\/\/([^\s/:]+|\[[^\]]+\]):(\d+)/;

export async function startCli(args: string[]): Promise<CliEmulator> {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let exitCode: number | null | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  const output = (): string => `stdout:\n${stdout}\nstderr:\n${stderr}`;
  let startupLine: string;
  try {
    startupLine = await waitUntil(
      'the CLI start-up line with its URL',
      () => {
        if (exitCode !== undefined) throw new Error(`CLI exited early (${exitCode}): ${output()}`);
        return stdout.split('\n').find((line) => LISTENING_URL.test(line));
      },
      START_TIMEOUT_MS,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output()}`);
  }
  const match = LISTENING_URL.exec(startupLine);
  const port = Number(match?.[2]);
  return {
    child,
    port,
    hostAndPort: `127.0.0.1:${port}`,
    startupLine,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (exitCode !== undefined) return exitCode;
      child.kill(signal);
      try {
        return await withTimeout('CLI exit after a signal', exited, 10_000);
      } catch (error) {
        child.kill('SIGKILL');
        throw error;
      }
    },
  };
}

/** The CLI emulator as a REST/SDK target (no in-process hooks). */
export function targetOf(cli: CliEmulator): Target {
  return {
    host: '127.0.0.1',
    port: cli.port,
    hostAndPort: cli.hostAndPort,
    emulator: null,
    stop: async () => {
      await cli.stop();
    },
  };
}
