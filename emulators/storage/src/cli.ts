// Command line: `storage-emulator --host --port --rules --data-dir --quiet`.
import { parseArgs } from 'node:util';
import { startStorageEmulator, type StorageEmulator } from './index';

const USAGE = `Usage: storage-emulator [options]
  --host <host>       interface to listen on (default 127.0.0.1)
  --port <port>       port, 0 picks a free one (default 9199)
  --rules <file>      storage.rules to enforce; reloaded when the file changes
  --data-dir <dir>    keep the objects there and restore them on start
  --quiet             do not log refused requests
  --help              show this help`;

function fail(message: string): never {
  process.stderr.write(`storage-emulator: ${message}\n`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '9199' },
        rules: { type: 'string' },
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

async function main(): Promise<void> {
  const args = parse();
  if (args.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${args.port}`);
  const log = args.quiet ? () => undefined : (line: string) => process.stderr.write(line + '\n');
  let emulator: StorageEmulator;
  try {
    emulator = await startStorageEmulator({
      host: args.host,
      port,
      ...(args.rules !== undefined ? { rulesFile: args.rules } : {}),
      ...(args['data-dir'] !== undefined ? { dataDir: args['data-dir'] } : {}),
      log,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${port} on ${args.host} is already in use`);
    if (code === 'ENOENT') fail(`file not found: ${(error as NodeJS.ErrnoException).path ?? ''}`);
    fail((error as Error).message.split('\n')[0] ?? 'start-up failed');
  }
  process.stdout.write(`Storage emulator listening on ${emulator.url}\n`);
  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.stop().then(
      () => process.exit(0),
      (error: Error) => fail(`shutdown failed: ${error.message}`),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main();
