import { defineConfig } from 'vitest/config';

// Each workspace owns its vitest config; the root only lists them so `vitest run` runs all.
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
    ],
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine. Most files
    // spend their time waiting on emulators, sockets and timers, so two keep both cores busy
    // (docs/architecture/testing.md#test-time).
    maxWorkers: 2,
    // The shared journey stack stops its Firebase CLI with SIGINT and waits up to 20 s for it.
    teardownTimeout: 60_000,
  },
});
