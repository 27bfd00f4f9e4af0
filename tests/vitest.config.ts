import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tests',
    include: ['**/*.test.ts'],
    environment: 'node',
    // One local stack for all the journey files of a run, started when the first one asks.
    globalSetup: ['support/journey-stack.ts'],
    // These suites drive real emulators; a cold Functions worker takes seconds to start.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
