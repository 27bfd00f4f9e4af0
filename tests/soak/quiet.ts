// The functions' structured log lines would bury the soak's own report: info and warnings are
// dropped, and so are the errors an injected fault causes (they name the SimulatedCrash, or what
// a planted bug makes fail); any other error still prints. Imported before anything loads
// firebase-functions, whose logger keeps the console methods it finds.
const expected = ['SimulatedCrash'];

/** Errors naming `marker` are expected from now on (a planted bug's own failures). */
export function expectErrors(marker: string): void {
  if (!expected.includes(marker)) expected.push(marker);
}

for (const method of ['info', 'warn', 'log', 'error'] as const) {
  const write = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    const first = args[0];
    // Structured lines: `{"event":…}` from functions/src/logs.ts, `{"uid":…}` from the logger.
    if (typeof first === 'string' && first.startsWith('{"')) {
      if (method !== 'error' || expected.some((marker) => first.includes(marker))) return;
    }
    write(...args);
  };
}
