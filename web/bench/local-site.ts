/**
 * What the web benchmark serves: the database emulator (its CLI, in a child process, with the
 * project's rules) and the built app from `web/dist` on free ports. The Firebase CLI emulators
 * are not needed for a guest's pages, and starting them took over 120 s on the shared 2-core
 * machine, so the benchmark runs without them.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'web/dist');
export const NAMESPACE = 'demo-studio-default-rtdb';

export interface LocalDatabase {
  port: number;
  /** For the admin SDK: `http://127.0.0.1:<port>?ns=<namespace>`. */
  adminUrl: string;
  stop: () => Promise<void>;
}

export async function startDatabase(): Promise<LocalDatabase> {
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'emulators/rtdb/bin/rtdb-emulator.mjs'),
      '--port',
      '0',
      '--rules',
      path.join(ROOT, 'database.rules.json'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[\d.]+:(\d+)/.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`database emulator exited (code ${code})`)));
  });
  return {
    port,
    adminUrl: `http://127.0.0.1:${port}?ns=${NAMESPACE}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

export interface LocalSite {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `web/dist` like Hosting serves it (unknown paths answer index.html), with the emulator ports
 * written into index.html the way scripts/lib/stack.ts does for a stack on free ports.
 */
export async function serveDist(databasePort: number): Promise<LocalSite> {
  const ports = `<script>window.__STUDIO_EMULATOR_PORTS__=${JSON.stringify({ database: databasePort })}</script>`;
  const index = (await readFile(path.join(DIST, 'index.html'), 'utf8')).replace(
    '</head>',
    `${ports}</head>`,
  );
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(DIST, path.normalize(pathname));
    const sendIndex = () => {
      response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
      response.end(index);
    };
    if (!file.startsWith(DIST) || pathname === '/' || pathname.endsWith('/index.html')) {
      sendIndex();
      return;
    }
    readFile(file).then(
      (body) => {
        const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
        const immutable = pathname.startsWith('/assets/');
        response.writeHead(200, {
          'content-type': type,
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        response.end(body);
      },
      () => sendIndex(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
