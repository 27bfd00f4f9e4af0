import { execFileSync } from 'node:child_process';
import { startStack } from './lib/stack.ts';
console.log('starting');
const stack = await startStack({ only: ['auth'] });
console.log('started', stack.stripe.url, JSON.stringify(stack.env));
try {
  const out = execFileSync('npx', ['tsx', 'scripts/job-monthly.ts'], { env: { ...process.env, ...stack.env }, encoding: 'utf8' });
  console.log(out);
} catch (e) { console.log('ERR', String(e)); } finally {
  await stack.stop();
}
process.exit(0);
