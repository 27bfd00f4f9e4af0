// Public API of the Cloud Storage for Firebase emulator (see README.md).
import { readFileSync, statSync } from 'node:fs';
import { StorageServer } from './server/server';
import type { ObjectMetadata } from './server/objects';

/** The rules compiler alone: `npm run deploy:check` proves storage.rules with it. */
export { compileStorageRules, RulesError } from './rules/index';
export type { RulesDecision, RulesRequest, StorageRuleset, Value, ValueMap } from './rules/index';
export type { ObjectMetadata } from './server/objects';

export interface StorageEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Rules text; without rules (and without `rulesFile`) every Firebase API request is refused. */
  rules?: string;
  /** Rules file, reloaded whenever it changes (a version that does not compile is not applied). */
  rulesFile?: string;
  /** Folder the objects are kept in and restored from. */
  dataDir?: string;
  /** Log sink; silent by default. */
  log?: (line: string) => void;
}

export interface StorageEmulator {
  port: number;
  host: string;
  /** `http://host:port` */
  url: string;
  stop(): Promise<void>;
  /** Deletes every object and upload session. */
  reset(): void;
  /** Installs rules; throws RulesError when they do not compile (the old rules stay). */
  setRules(rules: string | null): void;
  /** The metadata of every object of a bucket, by name. */
  objects(bucket: string): ObjectMetadata[];
}

function fileState(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.mtimeMs}:${stats.size}`;
  } catch {
    return 'missing';
  }
}

export async function startStorageEmulator(
  options: StorageEmulatorOptions = {},
): Promise<StorageEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const server = new StorageServer({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    log,
  });
  const restored = server.backend.store.restore();
  if (restored > 0) log(`storage: ${restored} objects restored from ${options.dataDir}`);
  if (options.rules !== undefined) server.setRules(options.rules);
  const rulesFile = options.rulesFile;
  let watcher: NodeJS.Timeout | null = null;
  if (rulesFile !== undefined) {
    let seen = fileState(rulesFile);
    server.setRules(readFileSync(rulesFile, 'utf8'));
    watcher = setInterval(() => {
      const current = fileState(rulesFile);
      if (current === seen) return;
      seen = current;
      try {
        server.setRules(readFileSync(rulesFile, 'utf8'));
        log(`storage: reloaded rules from ${rulesFile}`);
      } catch (error) {
        log(
          `storage: rules in ${rulesFile} not applied, keeping the previous rules: ${(error as Error).message}`,
        );
      }
    }, 200);
    watcher.unref();
  }
  let port: number;
  try {
    port = await server.listen(host, options.port ?? 0);
  } catch (error) {
    if (watcher !== null) clearInterval(watcher);
    throw error;
  }
  return {
    port,
    host,
    url: server.backend.origin,
    async stop() {
      if (watcher !== null) clearInterval(watcher);
      await server.stop();
    },
    reset() {
      server.backend.store.reset();
      server.backend.uploads.reset();
    },
    setRules: (rules) => server.setRules(rules),
    objects: (bucket) =>
      server.backend.store
        .names(bucket)
        .map((name) => server.backend.store.get(bucket, name)!.metadata),
  };
}
