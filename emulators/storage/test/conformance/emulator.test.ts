// The emulator as a program: the command line, the data folder across restarts, the rules file
// reloaded, CORS for browsers, the /internal endpoints, and bad requests refused cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getBytes, getDownloadURL, ref, uploadBytes } from 'firebase/storage';
import { RulesError, startStorageEmulator } from '../../src/index';
import { BUCKET, bytes, closeWeb, TEST_RULES, webClient } from '../support/sdk';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'storage-emulator-'));
  folders.push(made);
  return made;
}

const CLI = fileURLToPath(new URL('../../bin/storage-emulator.mjs', import.meta.url));

describe('the storage emulator as a program', () => {
  it('keeps objects, metadata and download tokens in its data folder across a restart', async () => {
    const dataDir = folder();
    const first = await startStorageEmulator({ rules: TEST_RULES, dataDir });
    const client = webClient(first, { uid: 'ana', claims: { role: 'admin' } });
    await uploadBytes(ref(client.storage, 'studio/kept.webp'), bytes(1234), {
      contentType: 'image/webp',
    });
    const url = await getDownloadURL(ref(client.storage, 'studio/kept.webp'));
    await closeWeb(client);
    await first.stop();

    const second = await startStorageEmulator({ rules: TEST_RULES, dataDir, port: first.port });
    try {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes(1234)))).toBe(true);
      expect(second.objects(BUCKET).map((object) => object.contentType)).toEqual(['image/webp']);
    } finally {
      await second.stop();
    }
  });

  it('reloads a rules file when it changes, and keeps the old rules when the new ones do not compile', async () => {
    const file = path.join(folder(), 'storage.rules');
    writeFileSync(file, TEST_RULES);
    const emulator = await startStorageEmulator({ rulesFile: file });
    const guest = webClient(emulator);
    try {
      const target = ref(guest.storage, 'later/a.txt');
      await expect(uploadBytes(target, bytes(3))).rejects.toMatchObject({
        code: 'storage/unauthorized',
      });
      writeFileSync(file, TEST_RULES.replace('match /open/{path=**}', 'match /{path=**}'));
      await expect
        .poll(
          () =>
            uploadBytes(target, bytes(3)).then(
              () => 'ok',
              () => 'refused',
            ),
          { timeout: 5000 },
        )
        .toBe('ok');
      writeFileSync(file, 'service firebase.storage { match /b/{bucket}/o { allow rea; } }');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(Buffer.from(await getBytes(target)).length).toBe(3);
    } finally {
      await closeWeb(guest);
      await emulator.stop();
    }
  });

  it('refuses to start with rules it cannot evaluate', async () => {
    await expect(
      startStorageEmulator({
        rules: 'service firebase.storage { match /a { allow read: if get(1); } }',
      }),
    ).rejects.toBeInstanceOf(RulesError);
  });

  it('runs from its command line, prints its URL and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [CLI, '--port', '0', '--rules', path.join(folder(), 'missing.rules')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);

    const rules = path.join(folder(), 'storage.rules');
    writeFileSync(rules, TEST_RULES);
    const running = spawn(process.execPath, [CLI, '--port', '0', '--rules', rules], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      running.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      running.once('exit', (exit) => reject(new Error(`exited ${exit}`)));
    });
    expect(line).toMatch(/^Storage emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.replace('Storage emulator listening on ', '');
    expect((await fetch(`${url}/v0/b/${BUCKET}/o/open%2Fnone`)).status).toBe(404);
    running.kill('SIGTERM');
    expect(await new Promise((resolve) => running.once('exit', resolve))).toBe(0);
  }, 30_000);

  it('answers a browser preflight and exposes the upload headers', async () => {
    const emulator = await startStorageEmulator({ rules: TEST_RULES });
    try {
      const preflight = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=a`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:5000',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers':
            'authorization,x-goog-upload-protocol,x-goog-upload-command',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5000');
      expect(preflight.headers.get('access-control-allow-headers')).toContain(
        'x-goog-upload-command',
      );
      const start = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=open%2Fa.txt`, {
        method: 'POST',
        headers: {
          Origin: 'http://127.0.0.1:5000',
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Length': '3',
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(start.headers.get('access-control-expose-headers')).toContain('x-goog-upload-url');
      expect(start.headers.get('x-goog-upload-url')).toContain('upload_id=');
    } finally {
      await emulator.stop();
    }
  });

  it('refuses bad requests with 400 and stays up; /internal/reset empties it', async () => {
    const emulator = await startStorageEmulator({ rules: TEST_RULES });
    const post = (query: string, headers: Record<string, string>, body: string) =>
      fetch(`${emulator.url}/v0/b/${BUCKET}/o?${query}`, { method: 'POST', headers, body });
    try {
      expect((await post('name=', {}, 'x')).status).toBe(400);
      expect(
        (
          await post(
            'name=open%2Fa',
            { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related' },
            'x',
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await post(
            'name=open%2Fa',
            { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
            '{not json',
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await post(
            'name=open%2Fa',
            { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'upload' },
            'x',
          )
        ).status,
      ).toBe(400);
      expect(
        (await post('name=open%2Fa&upload_id=nope', { 'X-Goog-Upload-Command': 'upload' }, 'x'))
          .status,
      ).toBe(404);
      const list = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?prefix=open`);
      expect(list.status).toBe(400);
      expect((await post('name=open%2Fok', { 'Content-Type': 'text/plain' }, 'fine')).status).toBe(
        200,
      );
      expect(emulator.objects(BUCKET)).toHaveLength(1);
      expect((await fetch(`${emulator.url}/internal/reset`, { method: 'POST' })).status).toBe(200);
      expect(emulator.objects(BUCKET)).toHaveLength(0);
    } finally {
      await emulator.stop();
    }
  });
});
