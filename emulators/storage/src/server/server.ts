// The HTTP server: CORS, the Firebase API under /v0, Cloud Storage's JSON API beside it, and the
// emulator's own endpoints under /internal (reset and rules, as the Firebase CLI's emulator
// has them).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compileStorageRules, RulesError } from '../rules/index';
import { StorageBackend } from './backend';
import { handleFirebase } from './firebase-api';
import { handleGcs } from './gcs-api';
import { cors, firebaseError, gcsError, preflight, readBody, sendJson, TooLarge } from './http';

export class StorageServer {
  readonly backend: StorageBackend;
  private server: Server | null = null;
  private rulesText: string | null = null;

  constructor(options: { dataDir?: string; log: (line: string) => void }) {
    this.backend = new StorageBackend(options.dataDir, options.log);
  }

  /** Installs rules; throws RulesError (and keeps the rules in force) when they do not compile. */
  setRules(text: string | null): void {
    if (text === null) {
      this.backend.rules = null;
      this.rulesText = null;
      return;
    }
    this.backend.rules = compileStorageRules(text);
    this.rulesText = text;
  }

  rules(): string | null {
    return this.rulesText;
  }

  async listen(host: string, port: number): Promise<number> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.backend.log(`storage: ${request.method} ${request.url} failed: ${String(error)}`);
        if (!response.headersSent) firebaseError(response, 500, 'Internal error.');
        else response.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const bound = (server.address() as AddressInfo).port;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    this.backend.origin = `http://${urlHost}:${bound}`;
    return bound;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'OPTIONS') return preflight(request, response);
    cors(request, response);
    const raw = request.url ?? '/';
    const url = new URL(raw, 'http://emulator');
    // The object name is one percent-encoded segment: routing reads the path before decoding.
    const rawPath = raw.split('?')[0] ?? '/';
    try {
      if (rawPath.startsWith('/internal/')) return await this.internal(request, response, rawPath);
      if (rawPath === '/v0' || rawPath.startsWith('/v0/'))
        return await handleFirebase(this.backend, request, response, url, rawPath);
      if (await handleGcs(this.backend, request, response, url, rawPath)) return;
      gcsError(response, 501, `${request.method} ${rawPath} is not implemented by this emulator`);
    } catch (error) {
      if (error instanceof TooLarge) {
        request.resume();
        return firebaseError(response, 413, error.message);
      }
      throw error;
    }
  }

  private async internal(
    request: IncomingMessage,
    response: ServerResponse,
    rawPath: string,
  ): Promise<void> {
    if (rawPath === '/internal/reset' && request.method === 'POST') {
      this.backend.store.reset();
      this.backend.uploads.reset();
      response.writeHead(200).end();
      return;
    }
    if (rawPath === '/internal/setRules' && request.method === 'PUT') {
      // The Firebase CLI's shape: {"rules": {"files": [{"name": "storage.rules", "content": …}]}}.
      const body = JSON.parse((await readBody(request, 1024 * 1024)).toString('utf8')) as {
        rules?: { files?: { content?: unknown }[] };
      };
      const content = body.rules?.files?.[0]?.content;
      if (typeof content !== 'string')
        return firebaseError(response, 400, 'rules.files[0].content is required');
      try {
        this.setRules(content);
      } catch (error) {
        if (error instanceof RulesError) return firebaseError(response, 400, error.message);
        throw error;
      }
      response.writeHead(200).end();
      return;
    }
    if (rawPath === '/internal/rules' && request.method === 'GET') {
      return sendJson(response, 200, { rules: this.rulesText });
    }
    firebaseError(response, 404, 'Not Found.');
  }
}
