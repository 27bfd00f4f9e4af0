import { spawnSync } from 'node:child_process';
import { startStack } from './lib/stack.ts';
const stack = await startStack({ only: ['auth'] });
try {
  const r = spawnSync('npx', ['tsx', 'scripts/job-monthly.ts'], { env: { ...process.env, ...stack.env }, encoding: 'utf8' });
  console.log(r.status, r.stdout, r.stderr.split('\n').filter((l) => !l.includes('npm warn')).join('\n').slice(0, 3000));
} finally {
  await stack.stop();
}
process.exit(0);
