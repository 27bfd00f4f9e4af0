// The checks `npm test` runs before vitest: the commands of the `lint`, `typecheck` and `build`
// scripts of package.json (split at `&&`, so package.json stays the one list), run side by side
// on every core instead of one after another (docs/architecture/testing.md#test-time). They are
// independent: none reads
// what another writes (eslint and prettier skip the build folders). Each command's output is
// printed whole when it ends; the exit code is 1 when any of them failed. Then the `deploy:check`
// script, which reads what the build wrote (the functions bundle), runs on its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SCRIPTS = ['lint', 'typecheck', 'build'];
/** Run one after another once the side-by-side commands are done: they read the build. */
const AFTER = ['deploy:check'];
// The longest first, so the short ones fill the other cores meanwhile: eslint type-checks
// every workspace (with every project's types in memory: more than Node's default heap), the web
// build bundles and precaches the PWA.
const FIRST = ['eslint', 'npm run build -w web', 'tsc -p web'];

interface Result {
  command: string;
  code: number;
  seconds: number;
  output: string;
}

function scriptCommands(names: string[]): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return names.flatMap((name) => {
    const script = manifest.scripts[name];
    if (script === undefined) throw new Error(`package.json has no "${name}" script`);
    return script.split('&&').map((command) => command.trim());
  });
}

function commands(): string[] {
  const all = scriptCommands(SCRIPTS);
  const rank = (command: string) => {
    // `NAME=value command …`: ranked by the command.
    const bare = command.replace(/^(\w+=\S+\s+)+/, '');
    const index = FIRST.findIndex((start) => bare.startsWith(start));
    return index === -1 ? FIRST.length : index;
  };
  return all.sort((a, b) => rank(a) - rank(b));
}

function run(command: string): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: ROOT,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // As `npm run` would: the workspace's own eslint, tsc and prettier.
        PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finish = (code: number) =>
      resolve({ command, code, seconds: (Date.now() - started) / 1000, output });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

async function main(): Promise<void> {
  const queue = commands();
  const lanes = Math.max(1, Math.min(availableParallelism(), queue.length));
  const started = Date.now();
  const results: Result[] = [];
  const runAndPrint = async (command: string) => {
    const result = await run(command);
    results.push(result);
    const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    console.log(`\n── ${command}: ${verdict} in ${result.seconds.toFixed(1)} s`);
    if (result.output.trim() !== '') console.log(result.output.trimEnd());
  };
  console.log(`checks: ${queue.length} commands, ${lanes} at a time, then ${AFTER.join(', ')}`);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
        await runAndPrint(command);
      }
    }),
  );
  for (const command of scriptCommands(AFTER)) await runAndPrint(command);
  const failed = results.filter((result) => result.code !== 0);
  console.log(
    failed.length === 0
      ? `\nchecks: all ${results.length} commands succeeded`
      : `\nchecks: ${failed.length} of ${results.length} commands FAILED`,
  );
  for (const result of [...results].sort((a, b) => b.seconds - a.seconds)) {
    console.log(`  ${result.seconds.toFixed(1).padStart(6)} s  ${result.command}`);
  }
  console.log(`checks took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failed.length > 0) process.exitCode = 1;
}

await main();
