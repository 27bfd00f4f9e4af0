// Per-file set-up: one emulator (or the external one) for the file, an app pool, and cleanup that
// deletes every app and raw socket so vitest can exit.
import { afterAll, beforeAll, vi } from 'vitest';
import type { RtdbEmulatorOptions } from '../../src/index';
import { AppPool } from './apps';
import { RawClient } from './raw-client';
import { setRules } from './rest';
import { startTarget, uniqueNamespace } from './target';
import type { Target } from './target';

export interface Conformance {
  readonly target: Target;
  readonly apps: AppPool;
  /** A fresh namespace, with `rules` uploaded through REST when given (works on any target). */
  namespace(label: string, rules?: string | object): Promise<string>;
}

/** Registers beforeAll/afterAll hooks for the calling test file and returns its context. */
export function useConformance(options: RtdbEmulatorOptions = {}): Conformance {
  // Waits inside the tests are bounded (support/wait.ts); this only has to exceed them, including
  // the SDK's reconnect back-off of up to a few seconds after a dropped socket.
  vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
  let target: Target | undefined;
  let apps: AppPool | undefined;
  beforeAll(async () => {
    target = await startTarget(options);
    apps = new AppPool(target);
  });
  afterAll(async () => {
    RawClient.closeAll();
    await apps?.deleteAll();
    await target?.stop();
  });
  const context: Conformance = {
    get target(): Target {
      if (!target) throw new Error('target used before beforeAll ran');
      return target;
    },
    get apps(): AppPool {
      if (!apps) throw new Error('apps used before beforeAll ran');
      return apps;
    },
    async namespace(label: string, rules?: string | object): Promise<string> {
      const ns = uniqueNamespace(label);
      if (rules !== undefined) await setRules(context.target, ns, rules);
      return ns;
    },
  };
  return context;
}
