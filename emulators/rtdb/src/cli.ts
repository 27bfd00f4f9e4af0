// Command line: `rtdb-emulator --host --port --rules --namespace --import --export-on-exit --data-dir`.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_NAMESPACE, startRtdbEmulator } from './index';
import type { RtdbEmulator } from './index';

const USAGE = `Usage: rtdb-emulator [options]
  --host <host>             interface to listen on (default 127.0.0.1)
  --port <port>             port, 0 picks a free one (default 9000)
  --rules <file>            security rules for the namespace; reloaded when the file changes
  --namespace <ns>          default namespace (default ${DEFAULT_NAMESPACE})
  --import <file.json>      initial data of the namespace
  --export-on-exit <file>   write the namespace's data there on SIGINT/SIGTERM
  --data-dir <dir>          persist every namespace there and restore it on start
  --quiet                   do not log requests that were rejected
  --help                    show this help`;

function fail(message: string): never {
  process.stderr.write(`rtdb-emulator: ${message}\n`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '9000' },
        rules: { type: 'string' },
        namespace: { type: 'string', default: DEFAULT_NAMESPACE },
        import: { type: 'string' },
        'export-on-exit': { type: 'string' },
        'data-dir': { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}

function readImport(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return fail(`cannot read --import file: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return fail(`--import file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const args = parse();
  if (args.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${args.port}`);
  const log = args.quiet ? () => undefined : (line: string) => process.stderr.write(line + '\n');
  let emulator: RtdbEmulator;
  try {
    emulator = await startRtdbEmulator({
      host: args.host,
      port,
      namespace: args.namespace,
      rulesFile: args.rules,
      data: args.import === undefined ? undefined : readImport(args.import),
      dataDir: args['data-dir'],
      log,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${port} on ${args.host} is already in use`);
    if (code === 'EADDRNOTAVAIL') fail(`cannot listen on ${args.host}: address not available`);
    if (code === 'ENOENT') fail(`file not found: ${(error as NodeJS.ErrnoException).path ?? ''}`);
    fail((error as Error).message.split('\n')[0] ?? 'start-up failed');
  }
  process.stdout.write(
    `RTDB emulator listening on ${emulator.url} (namespace ${emulator.namespace})\n`,
  );

  // Stop first: closing the sockets runs their onDisconnect writes, which the export must include.
  const exportOnExit = (): void => {
    const exportFile = args['export-on-exit'];
    if (exportFile === undefined) return;
    const temp = `${exportFile}.tmp`;
    writeFileSync(temp, JSON.stringify(emulator.exportData(), null, 2));
    renameSync(temp, exportFile);
  };
  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    emulator
      .stop()
      .then(exportOnExit)
      .then(
        () => process.exit(0),
        (error: Error) => {
          process.stderr.write(`rtdb-emulator: shutdown failed: ${error.message}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main();
