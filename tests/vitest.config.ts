import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tests',
    include: ['**/*.test.ts'],
    environment: 'node',
    // These suites drive real emulators; a cold Functions worker takes seconds to start.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
