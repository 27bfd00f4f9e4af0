import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'storage',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // No test here changes globals or mocks modules (docs/architecture/testing.md#test-time).
    isolate: false,
  },
});
