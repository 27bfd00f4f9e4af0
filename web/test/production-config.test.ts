import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { requireProductionConfig } from '../build/production-config';
import { PRODUCTION_VARIABLES } from '../src/lib/firebase-config';

/** The plugin's check on a resolved configuration (only env, mode and isProduction are read). */
function resolve(env: Record<string, string>, isProduction = true): void {
  const hook = requireProductionConfig().configResolved;
  if (typeof hook !== 'function') throw new Error('expected a configResolved hook');
  const config = { env, mode: 'production', isProduction } as unknown as ResolvedConfig;
  void hook.call(undefined as never, config);
}

const REAL: Record<string, string> = Object.fromEntries(
  PRODUCTION_VARIABLES.map((name) => [
    name,
    name === 'VITE_FIREBASE_PROJECT_ID' ? 'studio-prod' : 'x',
  ]),
);

describe('the production build check', () => {
  it('lets a build for the local emulators through', () => {
    expect(() => resolve({ VITE_USE_EMULATORS: 'true' }, false)).not.toThrow();
  });

  it('lets a real project with its whole configuration through', () => {
    expect(() => resolve(REAL)).not.toThrow();
  });

  it('refuses a missing variable, a demo project and a non-production Node, naming each', () => {
    const { VITE_FIREBASE_APP_ID: _missing, ...rest } = REAL;
    expect(() => resolve(rest)).toThrow(/VITE_FIREBASE_APP_ID is not set/);
    expect(() => resolve({ ...REAL, VITE_FIREBASE_PROJECT_ID: 'demo-studio' })).toThrow(
      /demo- project/,
    );
    expect(() => resolve(REAL, false)).toThrow(/not production/);
  });
});
