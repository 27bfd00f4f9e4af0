// setupFiles: runs in every test worker before the test file.
import { inject } from 'vitest';

// firebase-admin (initialised lazily by src/admin.ts) talks to the globalSetup's Auth emulator.
process.env['FIREBASE_AUTH_EMULATOR_HOST'] = inject('authEmulatorHost');

// The functions' structured info and warning lines (src/logs.ts) would drown the test report;
// errors still print. Patched before firebase-functions/logger captures the console methods.
for (const method of ['info', 'warn'] as const) {
  const write = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('{"event":')) return;
    write(...args);
  };
}

// The member passes' signing secret (functions/src/triggers/desk/config.ts), as the stack sets it.
process.env['MEMBER_PASS_SECRET'] = 'test-member-pass-secret';
