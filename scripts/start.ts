// `npm start`: build, bring up the whole local stack on the default ports (`scripts/lib/stack.ts`),
// load the
// demo data when the database is empty, print the URL and the demo accounts. Ctrl-C stops
// every process and keeps the data in .data/ for the next start.
import './lib/quiet-logs.ts';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORTS, PortInUseError, ROOT, startStack, type Stack } from './lib/stack.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './lib/seed.ts';
import { describeInstances } from './lib/seed-chain.ts';

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function checkEnvironment(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(`Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`);
  }
  if (!existsSync(path.join(ROOT, 'node_modules/firebase-tools'))) {
    fail('Dependencies are missing: run "npm install" first.');
  }
}

function build(): void {
  console.log('• Building the functions and the web app…');
  try {
    execFileSync('npm', ['run', 'build', '--silent'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch {
    fail('The build failed (see the errors above).');
  }
}

async function main(): Promise<void> {
  checkEnvironment();
  build();
  console.log(
    '• Starting the database, Storage, Auth, Functions and Hosting emulators, the mail inbox and the push service…',
  );
  let stack: Stack;
  try {
    stack = await startStack({
      ports: DEFAULT_PORTS,
      dataDir: path.join(ROOT, '.data'),
      log: process.env.STUDIO_VERBOSE ? (line) => console.log(line) : undefined,
    });
  } catch (error) {
    if (error instanceof PortInUseError) fail(error.message);
    fail(`The local stack did not start: ${(error as Error).message}`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n• Stopping; the data is kept in .data/ for the next start.');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  Object.assign(process.env, stack.env);
  try {
    if (await isDatabaseEmpty()) {
      console.log(
        '• Loading the demo data and writing its last eight weeks through the functions…',
      );
      // About a minute, once: the past is paid through the stack's Stripe sandbox.
      await seedDemoData(Date.now(), {
        history: { sandboxUrl: stack.stripe.url },
        chain: true,
      });
    }
  } catch (error) {
    await stack.stop();
    fail(`Loading the demo data failed: ${(error as Error).message}`);
  }

  const { hosting, database, storage, auth, functions, stripe, smtp, mailInbox, push } =
    stack.ports;
  let instances: string;
  try {
    instances = await describeInstances(`http://127.0.0.1:${database}`, stack.namespace);
  } catch (error) {
    instances = `  (branches not read: ${(error as Error).message})`;
  }
  console.log(`
✔ The studio app is running: http://127.0.0.1:${hosting}

  Database emulator  http://127.0.0.1:${database}   Auth emulator  http://127.0.0.1:${auth}
  Storage emulator   http://127.0.0.1:${storage}   (pictures; storage.rules enforced)
  Functions          http://127.0.0.1:${functions}   Dev server with hot reload: npm run dev
  Stripe sandbox     http://127.0.0.1:${stripe}  (hosted checkout at /checkout/{id})
  Mail inbox         http://127.0.0.1:${mailInbox}   (MailDev; the functions send by SMTP to port ${smtp})
  Push service       http://127.0.0.1:${push}   (stand-in; what it received: /api/messages)

  Database instances (emulator namespaces, ?ns=…):
${instances}

  Demo accounts (password "${DEMO_PASSWORD}"):
${DEMO_ACCOUNTS.filter((account) => account.description)
  .map((account) => `    ${account.email.padEnd(24)} ${account.description}`)
  .join('\n')}

  Press Ctrl-C to stop.`);
}

void main();
