import { parseArgs } from 'node:util';
import { API_VERSION, DEFAULT_RETRY, DEFAULT_WEBHOOK_SECRET, startStripeSandbox } from './index';

const USAGE = `Usage: stripe-sandbox [options]
  --host <host>              interface to bind (default 127.0.0.1)
  --port <port>              port, 0 picks a free one (default 12111)
  --webhook-url <url>        where to POST signed events (default: record only)
  --webhook-secret <secret>  signing secret (default ${DEFAULT_WEBHOOK_SECRET})
  --api-key <key>            accept only this key (default: any sk_test_ key)
  --max-attempts <n>         webhook attempts per event (default ${DEFAULT_RETRY.maxAttempts})
  --retry-base-ms <ms>       first retry delay, doubling (default ${DEFAULT_RETRY.baseDelayMs})
  --quiet                    log only start-up and errors
  --help`;

function fail(message: string, code: number): never {
  console.error(`stripe-sandbox: ${message}`);
  process.exit(code);
}

function integer(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max)
    fail(`--${name} must be an integer from 0 to ${max}`, 2);
  return Number(value);
}

async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'webhook-url': { type: 'string' },
        'webhook-secret': { type: 'string' },
        'api-key': { type: 'string' },
        'max-attempts': { type: 'string' },
        'retry-base-ms': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
  }
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const host = values.host ?? '127.0.0.1';
  const port = integer(values.port, 'port', 12111, 65_535);
  const webhookUrl = values['webhook-url'];
  if (webhookUrl !== undefined && !URL.canParse(webhookUrl))
    fail('--webhook-url must be an absolute URL', 2);
  const webhookSecret = values['webhook-secret'] ?? DEFAULT_WEBHOOK_SECRET;
  const quiet = values.quiet === true;

  let sandbox;
  try {
    sandbox = await startStripeSandbox({
      host,
      port,
      webhookUrl,
      webhookSecret,
      apiKey: values['api-key'],
      retry: {
        maxAttempts: Math.max(
          1,
          integer(values['max-attempts'], 'max-attempts', DEFAULT_RETRY.maxAttempts, 100),
        ),
        baseDelayMs: integer(
          values['retry-base-ms'],
          'retry-base-ms',
          DEFAULT_RETRY.baseDelayMs,
          3_600_000,
        ),
      },
      log: (line) => {
        if (!quiet || line.startsWith('internal error')) console.log(line);
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use`, 1);
    fail(`cannot start: ${error instanceof Error ? error.message : String(error)}`, 1);
  }

  console.log(
    `Stripe sandbox listening on ${sandbox.url} (API ${API_VERSION}; webhooks ${webhookUrl === undefined ? 'not sent' : `to ${webhookUrl}`}, secret ${webhookSecret})`,
  );
  const shutdown = (): void => {
    sandbox.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main(process.argv.slice(2));
