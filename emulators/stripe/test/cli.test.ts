import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/stripe-sandbox.mjs', import.meta.url));

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves with the first stdout line matching `pattern`. */
function firstLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const line = buffer.split('\n').find((candidate) => pattern.test(candidate));
      if (line !== undefined) resolve(line);
    });
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code ?? 'signal'} before printing: ${buffer}`)),
    );
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('stripe-sandbox CLI', () => {
  it('prints one start-up line with its URL, serves the API and exits cleanly on SIGTERM', async () => {
    const child = run(['--port', '0', '--webhook-secret', 'whsec_cli']);
    const done = exited(child);
    const line = await firstLine(child, /listening on/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    expect(url).toBeDefined();
    expect(line).toContain('whsec_cli');

    const response = await fetch(`${url}/v1/customers`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_cli' },
    });
    expect(response.status).toBe(200);

    child.kill('SIGTERM');
    const { code } = await done;
    expect(code).toBe(0);
  }, 30_000);

  it('exits 1 with a one-line error when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const { code, stderr } = await exited(run(['--port', String(port)]));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `stripe-sandbox: port ${port} on 127.0.0.1 is already in use`,
      ]);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  }, 30_000);

  it('exits 2 with usage on an unknown option', async () => {
    const { code, stderr } = await exited(run(['--bogus']));
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: stripe-sandbox');
  }, 30_000);
});
