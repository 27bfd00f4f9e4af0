// The functions' structured log lines (one per credit granted, booking made, mail enqueued…)
// would bury the console while the demo history writes two months through the handlers: while
// `withQuietFunctionLogs` runs, info and warning lines that are structured entries are dropped;
// errors still print. Imported before anything loads firebase-functions, whose logger keeps the
// console methods it finds at load.
let quiet = 0;

for (const method of ['info', 'warn', 'log'] as const) {
  const write = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    const first = args[0];
    if (quiet > 0 && typeof first === 'string' && first.startsWith('{"')) return;
    write(...args);
  };
}

export async function withQuietFunctionLogs<T>(run: () => Promise<T>): Promise<T> {
  quiet += 1;
  try {
    return await run();
  } finally {
    quiet -= 1;
  }
}
