// Public API of the Realtime Database emulator (see README.md).
import { readFileSync, statSync } from 'node:fs';
import { DEFAULT_NAMESPACE } from './server/addressing';
import { RtdbServer } from './server/server';
import type { ConnectionInfo } from './server/server';

export { DEFAULT_NAMESPACE } from './server/addressing';
export type { ConnectionInfo } from './server/server';
/** The rules compiler alone: `npm run deploy:check` compiles database.rules.json with it. */
export { compileRules, RulesError } from './rules/index';

export interface RtdbEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Rules text or parsed object, applied to `namespace`. */
  rules?: string | object;
  /** Initial JSON (export format accepted) of `namespace`. */
  data?: unknown;
  /** Default `demo-studio-default-rtdb`. */
  namespace?: string;
  /** Folder where every namespace's data and rules are persisted and restored from. */
  dataDir?: string;
  /** Rules file applied to `namespace`; reloaded whenever it changes. */
  rulesFile?: string;
  /** Log sink; silent by default. */
  log?: (line: string) => void;
  /** How often an idle REST event stream gets a `keep-alive` event (default 30 s). */
  streamKeepAliveMs?: number;
}

export interface RtdbEmulator {
  port: number;
  host: string;
  /** `http://host:port` */
  url: string;
  /** The namespace that `rules`, `data` and `rulesFile` apply to. */
  namespace: string;
  stop(): Promise<void>;
  /**
   * Closes every WebSocket and REST event stream abruptly, like a network failure; onDisconnect
   * writes run.
   */
  dropConnections(namespace?: string): number;
  /** Shifts the server clock (hello `ts`, server timestamps, rules `now`). */
  setClockOffset(ms: number): void;
  /** Empties a namespace (data and rules; default: all namespaces). */
  reset(namespace?: string): void;
  /** Replaces a namespace's data (default: `namespace`). */
  setData(data: unknown, namespace?: string): void;
  /** Installs rules (text or object) in a namespace; throws when they do not compile. */
  setRules(rules: string | object | null, namespace?: string): void;
  /** Current data of a namespace in export format. */
  exportData(namespace?: string): unknown;
  connections(): ConnectionInfo[];
  /** Writes pending persistence snapshots now. */
  flush(): Promise<void>;
}

function rulesText(rules: string | object): string {
  return typeof rules === 'string' ? rules : JSON.stringify(rules, null, 2);
}

function fileState(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.mtimeMs}:${stats.size}`;
  } catch {
    return 'missing';
  }
}

export async function startRtdbEmulator(options: RtdbEmulatorOptions = {}): Promise<RtdbEmulator> {
  const host = options.host ?? '127.0.0.1';
  const defaultNamespace = options.namespace ?? DEFAULT_NAMESPACE;
  const log = options.log ?? (() => undefined);
  const server = new RtdbServer({
    defaultNamespace,
    dataDir: options.dataDir,
    log,
    streamKeepAliveMs: options.streamKeepAliveMs,
  });
  const restored = server.restore();
  const main = server.namespace(defaultNamespace);
  if (options.data !== undefined) {
    if (restored.has(defaultNamespace))
      log(`rtdb: ${defaultNamespace} restored from the data dir; initial data skipped`);
    else main.replaceData(options.data);
  }
  if (options.rules !== undefined) main.setRules(rulesText(options.rules));
  const rulesFile = options.rulesFile;
  // Polls the file against the state it had when its rules were read (not fs.watchFile, whose
  // first snapshot is taken later and misses a change made right after start).
  let rulesWatcher: NodeJS.Timeout | null = null;
  if (rulesFile !== undefined) {
    let seen = fileState(rulesFile);
    main.setRules(readFileSync(rulesFile, 'utf8'));
    rulesWatcher = setInterval(() => {
      const current = fileState(rulesFile);
      if (current === seen) return;
      seen = current;
      try {
        main.setRules(readFileSync(rulesFile, 'utf8'));
        log(`rtdb: reloaded rules from ${rulesFile}`);
      } catch (error) {
        log(
          `rtdb: rules in ${rulesFile} not applied, keeping the previous rules: ${(error as Error).message}`,
        );
      }
    }, 200);
    rulesWatcher.unref();
  }

  let port: number;
  try {
    port = await server.listen(host, options.port ?? 0);
  } catch (error) {
    if (rulesWatcher !== null) clearInterval(rulesWatcher);
    throw error;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    port,
    host,
    url: `http://${urlHost}:${port}`,
    namespace: defaultNamespace,
    async stop() {
      if (rulesWatcher !== null) clearInterval(rulesWatcher);
      await server.stop();
    },
    dropConnections: (namespace) =>
      server.dropConnections((info) => namespace === undefined || info.namespace === namespace),
    setClockOffset: (ms) => server.setClockOffset(ms),
    reset: (namespace) => server.reset(namespace),
    setData: (data, namespace = defaultNamespace) => server.namespace(namespace).replaceData(data),
    setRules: (rules, namespace = defaultNamespace) =>
      server.namespace(namespace).setRules(rules === null ? null : rulesText(rules)),
    exportData: (namespace = defaultNamespace) => server.exportData(namespace),
    connections: () => server.listConnections(),
    flush: () => server.flush(),
  };
}
