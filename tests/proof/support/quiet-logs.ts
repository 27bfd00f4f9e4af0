// The functions' structured info and warning lines (functions/src/logs.ts: one per refused call,
// one per processed event) would bury the suites' own figures; errors still print. Imported
// before anything loads firebase-functions, whose logger keeps the console methods it finds.
for (const method of ['info', 'warn', 'log'] as const) {
  const write = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('{"event":')) return;
    write(...args);
  };
}
