import { parseArgs } from 'node:util';
import { DEFAULT_PUSH_PORT, startPushService } from './index';

const USAGE = `Usage: push-service [options]
  --host <host>   interface to bind (default 127.0.0.1)
  --port <port>   port, 0 picks a free one (default ${DEFAULT_PUSH_PORT})
  --quiet         log only start-up and errors
  --help`;

function fail(message: string, code: number): never {
  console.error(`push-service: ${message}`);
  process.exit(code);
}

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
if (values.help === true) {
  console.log(USAGE);
  process.exit(0);
}
const host = values.host ?? '127.0.0.1';
const portText = values.port ?? String(DEFAULT_PUSH_PORT);
if (!/^\d+$/.test(portText) || Number(portText) > 65_535)
  fail('--port must be an integer from 0 to 65535', 2);
const quiet = values.quiet === true;
let service;
try {
  service = await startPushService({
    host,
    port: Number(portText),
    log: (line) => {
      if (!quiet || line.startsWith('internal error')) console.log(line);
    },
  });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    fail(`port ${portText} on ${host} is already in use`, 1);
  fail(`cannot start: ${error instanceof Error ? error.message : String(error)}`, 1);
}
console.log(
  `Push service stand-in listening on ${service.url} (messages: ${service.url}/api/messages)`,
);
const shutdown = (): void => {
  service.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
