import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'push',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // No test here changes globals or mocks modules, so the files share one worker and its
    // loaded modules instead of re-importing them per file
    // (docs/architecture/testing.md#test-time).
    isolate: false,
  },
});
