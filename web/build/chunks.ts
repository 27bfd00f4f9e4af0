// The app's two shared chunks, named file by file in this one place
// (docs/architecture/performance.md#the-kit-chunk-and-the-data-chunk). A file named here that no
// longer exists fails the build, so a rename never moves a module to another chunk unseen.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository's root: module ids are named relative to it. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A module id as a path from the repository's root with `/`, e.g. `web/src/lib/storage.ts`. */
export function repoPath(id: string): string {
  return path
    .relative(ROOT, id.split('?')[0] ?? id)
    .split(path.sep)
    .join('/');
}

/** The npm package a module id belongs to, if any (`zod`, `@radix-ui/react-dialog`). */
export function packageOf(id: string): string | null {
  const parts = repoPath(id).split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return null;
  const name = parts[at + 1] ?? '';
  return name.startsWith('@') ? `${name}/${parts[at + 2] ?? ''}` : name;
}

const files = (folder: string, names: string) => names.split(' ').map((n) => `${folder}/${n}`);

/**
 * The kit: the UI primitives and small browser helpers most member pages draw with, loaded
 * beside the entry (split automatically they were some 20 files of 0.2–1 KB). A module's
 * imports join its chunk, so nothing here may import zod or date-fns (`guardFirstRoute`).
 */
export const KIT_FILES: readonly string[] = [
  ...files(
    'web/src/components/ui',
    'alert-dialog.tsx avatar.tsx badge.tsx bottom-sheet.tsx button.tsx card.tsx dialog.tsx ' +
      'dialog-loader.ts empty-state.tsx field.tsx icon-button.tsx loading-line.tsx ' +
      'segmented-control.tsx sign-in-messages.ts sign-in-prompt.tsx skeleton.tsx',
  ),
  ...files(
    'web/src/lib',
    'callable-errors.ts class-names.ts connection.ts save-file.ts use-live.ts use-online.ts ' +
      'weekday-name.ts',
  ),
  // Imported by the data chunk's modules as well as by the entry: named here, so the data
  // chunk does not take them and the entry with them.
  ...files(
    'web/src/lib',
    'after-paint.ts firebase.ts firebase-config.ts firebase-setup.ts first-reads.ts storage.ts ' +
      'unsubscribe.ts',
  ),
  'web/src/hooks/use-route-params.ts',
  'web/src/app/app-messages.ts',
  'web/src/features/auth/return-path.ts',
  'web/src/features/auth/hooks/use-sign-in-href.ts',
];

/**
 * The data chunk: what a page needs to read and check its first data (zod, date-fns and the
 * studio's time, the core schemas pages read through, the REST first answers and kept copies).
 * Never on the first route. lib/realtime.ts stays a chunk of its own: `routePreloads` knows a
 * page's data modules by it.
 */
export const DATA_PACKAGES: readonly string[] = ['zod', 'date-fns', 'date-fns-tz'];
export const DATA_FILES: readonly string[] = [
  ...files(
    'core/src',
    'keys.ts paths.ts plan-state.ts roles.ts settings.ts time.ts user-directory.ts',
  ),
  ...files(
    'core/src/schemas',
    'catalog.ts classes.ts common.ts ledger.ts mail-preferences.ts payments.ts user.ts',
  ),
  ...files('core/src/booking', 'spots.ts window.ts'),
  ...files(
    'web/src/lib',
    'indexed-query.ts kept-token.ts offline-copy.ts profile-update.ts rest-read.ts rest-url.ts',
  ),
];

/** The files of a list that do not exist: a build with any of them is refused. */
export function missingFiles(list: readonly string[]): string[] {
  return list.filter((file) => !existsSync(path.join(ROOT, file)));
}

/** The `codeSplitting.groups` of the build: the kit first, then the data chunk. */
export function chunkGroups() {
  const missing = missingFiles([...KIT_FILES, ...DATA_FILES]);
  if (missing.length > 0)
    throw new Error(`web/build/chunks.ts names files that do not exist: ${missing.join(', ')}`);
  const kit = new Set(KIT_FILES);
  const data = new Set(DATA_FILES);
  return [
    { name: 'kit', priority: 2, test: (id: string) => kit.has(repoPath(id)) },
    {
      name: 'data',
      priority: 1,
      test: (id: string) => data.has(repoPath(id)) || DATA_PACKAGES.includes(packageOf(id) ?? ''),
    },
  ];
}

/** @studio/core is pure definitions: what the app does not use of it can be dropped. */
export function isCoreSource(id: string): boolean {
  return repoPath(id).startsWith('core/src/');
}
