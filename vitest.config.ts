import { defineConfig } from 'vitest/config';

// Each workspace owns its vitest config; the root only lists them so `vitest run` runs all.

/** The booking suites that run on both layouts (one database instance, and two). */
const BOOKING_SUITES = [
  'test/booking/*.test.ts',
  'test/classes/update-class.test.ts',
  // Jobs and feeds that read classes and members' class views from every instance.
  'test/mail/scheduled-mails.test.ts',
  'test/calendar/calendar-feed.test.ts',
  // The Functions-emulator round trip and the rush's own unit tests do not depend on the layout.
  '!test/booking/stack.test.ts',
  '!test/booking/live.test.ts',
  '!test/booking/read-turns.test.ts',
  '!test/booking/pay-turns.test.ts',
];

/** Functions suites run again in another set-up (as functions/vitest.config.mts runs them). */
function functionsAgain(name: string, include: string[], env: Record<string, string>) {
  return {
    root: './functions',
    test: {
      name,
      include,
      env,
      environment: 'node',
      globalSetup: ['test/support/auth-emulator.ts'],
      setupFiles: ['test/support/env.ts'],
      hookTimeout: 60_000,
      testTimeout: 20_000,
    },
  };
}

/** The crash proof suite run again in another set-up (as tests/vitest.config.ts runs it). */
function proofAgain(name: string, env: Record<string, string>) {
  return {
    root: './tests',
    test: {
      name,
      include: ['proof/crash-booking.test.ts'],
      env,
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 180_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      'core',
      'emulators/rtdb',
      'emulators/storage',
      'emulators/stripe',
      'emulators/push',
      'functions',
      'web',
      'tests',
      // The booking, cancel, waiting-list and crash suites again with the branch's classes in a
      // database instance of their own (functions/test/support/layouts.ts) …
      functionsAgain('functions-instances', BOOKING_SUITES, { STUDIO_LAYOUT: 'two-instances' }),
      proofAgain('tests-instances', { STUDIO_LAYOUT: 'two-instances' }),
      // … and the concurrency, no-false-full and crash suites without the release-rush
      // machinery (functions/src/engine/rush.ts): correct, slower.
      functionsAgain(
        'functions-plain',
        ['test/booking/concurrency.test.ts', 'test/booking/no-false-full.test.ts'],
        { STUDIO_RUSH: 'off' },
      ),
      proofAgain('tests-plain', { STUDIO_RUSH: 'off' }),
    ],
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine. Most files
    // spend their time waiting on emulators, sockets and timers, so two keep both cores busy
    // (docs/architecture/testing.md#test-time).
    maxWorkers: 2,
    // The shared journey stack stops its Firebase CLI with SIGINT and waits up to 20 s for it.
    teardownTimeout: 60_000,
  },
});
