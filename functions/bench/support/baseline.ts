// `--baseline <dir>`: the booking handler and release rush of another checkout of this project
// (`git worktree add --detach /tmp/before <commit>`, then `ln -s "$PWD/node_modules"
// /tmp/before/node_modules`), loaded into this process beside this checkout's, so a bench
// measures both in one run on the same emulator: "before" and "after" a change, side by side.
// The baseline's functions/src runs with this checkout's packages (node_modules, @studio/core).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database } from 'firebase-admin/database';

export interface BaselineDeps {
  db: Database;
  now: () => number;
  rush?: unknown;
}

export interface Baseline {
  /** The checkout's commit (short hash), else its directory. */
  label: string;
  bookClass: (deps: BaselineDeps, command: { uid: string; classId: string }) => Promise<unknown>;
  /** Its release rush with pay turns of `payers` (its default without). */
  rushWith: (mirrors?: undefined, options?: { payers?: number }) => unknown;
}

/** The baseline named by `--baseline <dir>`, if any. */
export async function loadBaseline(): Promise<Baseline | undefined> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--baseline');
  const dir = at === -1 ? undefined : args[at + 1];
  if (dir === undefined) return undefined;
  const source = (file: string) => pathToFileURL(path.resolve(dir, 'functions/src', file)).href;
  const handler = (await import(source('handlers/booking/book-class.ts'))) as Pick<
    Baseline,
    'bookClass'
  >;
  const rush = (await import(source('engine/rush/index.ts'))) as Pick<Baseline, 'rushWith'>;
  let label = dir;
  try {
    label = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    // Not a git checkout: its directory names it.
  }
  return { label, bookClass: handler.bookClass, rushWith: rush.rushWith };
}
