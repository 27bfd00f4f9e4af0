// The database emulator's CLI in a child process on a free port: what every functions benchmark
// measures against (a separate process, as the real database is a separate machine).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface BenchDatabase {
  port: number;
  child: ChildProcess;
}

/** `nodeArgs` go to the emulator's Node process (e.g. `--cpu-prof`). */
export async function startDatabaseEmulator(
  nodeArgs: readonly string[] = [],
): Promise<BenchDatabase> {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      path.join(ROOT, 'emulators/rtdb/bin/rtdb-emulator.mjs'),
      ...['--port', '0', '--quiet'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[\d.]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`database emulator exited: ${output}`)));
  });
  return { port, child };
}
