import { branchSchema, paths } from '@studio/core';
import type { Branch } from '@studio/core';
import { parseEntries, watchPath } from './realtime';
import type { Unsubscribe } from './realtime';

/** `Branches`, live, each entry parsed (one the schema refuses is left out and logged). */
export function watchBranches(onChange: (branches: Record<string, Branch>) => void): Unsubscribe {
  return watchPath(paths.branches(), (value) =>
    onChange(parseEntries(value, (entry) => branchSchema.safeParse(entry), 'branch')),
  );
}
