import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One Auth emulator for the project; each test file starts its own database emulator.
    globalSetup: ['test/support/auth-emulator.ts'],
    setupFiles: ['test/support/env.ts'],
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
