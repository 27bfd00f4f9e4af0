import { defineConfig } from 'vitest/config';

// Each workspace owns its vitest config; the root only lists them so `vitest run` runs all.
export default defineConfig({
  test: {
    projects: ['core', 'emulators/rtdb', 'emulators/stripe', 'functions', 'web', 'tests'],
  },
});
