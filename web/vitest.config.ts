import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // test/setup.ts resets storage, stores and mocks around every test, so the files share one
    // worker and its loaded modules (React, the SDKs) instead of re-importing them per file
    // (docs/architecture/testing.md#test-time).
    isolate: false,
  },
});
