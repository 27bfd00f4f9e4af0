import { execFileSync } from 'node:child_process';
import { startStack } from './lib/stack.ts';
const stack = await startStack({ only: ['auth'] });
try {
  const out = execFileSync('npx', ['tsx', 'scripts/job-monthly.ts'], { env: { ...process.env, ...stack.env, STRIPE_API_URL: stack.stripe.url }, encoding: 'utf8' });
  console.log(out);
} finally {
  await stack.stop();
}
process.exit(0);
