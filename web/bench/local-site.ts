/**
 * What the web benchmark serves: the database emulator (its CLI, in a child process, with the
 * project's rules) and the built app from `web/dist` on free ports. The Firebase CLI emulators
 * are not needed for a guest's pages, and starting them took over 120 s on the shared 2-core
 * machine, so the benchmark runs without them.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback } from 'node:zlib';
import { withInlineScript } from '../build/csp.ts';

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
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};
/** Text types; images are already compressed and go as they are (Hosting does the same). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest']);

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Firebase Hosting compresses text responses for the browser that asks: brotli when the request
 * accepts `br`, else gzip, else none, with `Vary: Accept-Encoding`. The benchmark server does
 * the same, so the bytes and Lighthouse's network timings are those of the deployed app rather
 * than of an uncompressed local server. zlib's default levels (brotli 11, gzip 6).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

interface Prepared {
  headers: Record<string, string>;
  bodies: Record<Encoding, Buffer | undefined>;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** A file's response, compressed ahead in both encodings when its type is text. */
async function prepare(name: string, body: Buffer, cacheControl: string): Promise<Prepared> {
  const extension = path.extname(name);
  const headers = {
    'content-type': TYPES[extension] ?? 'application/octet-stream',
    'cache-control': cacheControl,
  };
  if (!COMPRESSIBLE.has(extension)) {
    return { headers, bodies: { identity: body, br: undefined, gzip: undefined } };
  }
  const [br, gz] = await Promise.all([brotli(body), gzip(body)]);
  return {
    headers: { ...headers, vary: 'Accept-Encoding' },
    bodies: { identity: body, br, gzip: gz },
  };
}

export interface LocalSite {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `web/dist` like Hosting serves it (unknown paths answer index.html, `/assets/**` immutable,
 * text compressed as the request accepts), with the emulator ports written into index.html the
 * way scripts/lib/stack.ts does for a stack on free ports. Every file is read and compressed
 * before the server listens, as a CDN edge holds it: compressing on the first request would
 * show up as server latency, which Lighthouse's simulation carries into every request.
 */
export async function serveDist(
  databasePort: number,
  dist = DIST,
  /**
   * The Auth and Functions emulators, for pages a member signs in to, and Storage, whose
   * download URLs the app shows only from the bucket it is configured with (lighthouse-routes.ts).
   */
  emulators: { auth?: number; functions?: number; storage?: number } = {},
): Promise<LocalSite> {
  const ports = `window.__STUDIO_EMULATOR_PORTS__=${JSON.stringify({ database: databasePort, ...emulators })}`;
  const files = new Map<string, Prepared>();
  const names = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(
    names.map(async (file) => {
      const pathname = `/${path.relative(dist, file).split(path.sep).join('/')}`;
      let body = await readFile(file);
      if (pathname === '/index.html') {
        body = Buffer.from(withInlineScript(body.toString('utf8'), ports));
      }
      const immutable = pathname.startsWith('/assets/');
      files.set(
        pathname,
        await prepare(
          pathname,
          body,
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
      );
    }),
  );
  const index = files.get('/index.html');
  if (!index) throw new Error(`${dist} has no index.html: build the app first`);

  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const found = files.get(path.posix.normalize(pathname)) ?? index;
    const wanted = chooseEncoding(request.headers['accept-encoding']);
    const encoding = found.bodies[wanted] ? wanted : 'identity';
    const body = found.bodies[encoding] ?? found.bodies.identity ?? Buffer.alloc(0);
    response.writeHead(200, {
      ...found.headers,
      'content-length': String(body.length),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
