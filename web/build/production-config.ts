import type { Plugin } from 'vite';
import { isEmulatorBuild, productionConfigProblems } from '../src/lib/firebase-config';

/**
 * Refuses a build for a real project that lacks its Firebase configuration or names a demo
 * project, naming each problem, so a deploy never ships an app that falls back to the demo
 * project. Builds for the local emulators (`--mode emulators`: web/.env.emulators) pass.
 */
export function requireProductionConfig(): Plugin {
  return {
    name: 'studio:require-production-config',
    apply: 'build',
    configResolved({ env, mode, isProduction }) {
      if (isEmulatorBuild(env)) return;
      const problems = productionConfigProblems(env);
      // Vite takes NODE_ENV over the mode; without `production` the app keeps its emulator code.
      if (!isProduction) problems.push(`NODE_ENV is "${process.env.NODE_ENV}", not production`);
      if (problems.length === 0) return;
      throw new Error(
        [
          `A "${mode}" build is for a real Firebase project and its configuration is not usable:`,
          ...problems.map((problem) => `  - ${problem}`),
          'Set the VITE_FIREBASE_* variables (environment or web/.env.production.local), or build',
          'for the local emulators with "npm run build -w web" (vite build --mode emulators).',
        ].join('\n'),
      );
    },
  };
}
