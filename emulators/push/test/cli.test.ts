import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const BIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../bin/push-service.mjs');

it('prints its URL, serves the messages API and stops on SIGTERM', async () => {
  const child = spawn(process.execPath, [BIN, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  const response = await fetch(`${url}/api/messages`);
  expect(await response.json()).toEqual([]);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}, 30_000);
