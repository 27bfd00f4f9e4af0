/**
 * The layer rules of eslint.config.js can fail: each deliberate violation
 * below, linted at a real path with the repository's own config, must be reported by its rule,
 * and a clean import must not. Without a working resolver every import rule passes in silence,
 * which is how this guard once died; these cases catch that.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint/fixtures');

// Only the import rules (and index.ts's syntax rule): the type-aware ones would make each
// snippet cost a TypeScript program and say nothing about layers.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/') || ruleId === 'no-restricted-syntax',
});

/**
 * A module the feature really has (its index when it keeps one), so the import resolves and only
 * the layer rule can refuse it.
 */
function moduleOf(feature: string): string {
  const folder = path.join(root, 'web/src/features', feature);
  const modules = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort((a, b) => Number(b.startsWith('index.')) - Number(a.startsWith('index.')));
  const module = modules[0];
  if (module === undefined) throw new Error(`web/src/features/${feature} has no module`);
  return module.replace(/\.tsx?$/, '');
}

/** The rule ids ESLint reports for `code` placed at `file` (relative to the repository). */
async function ruleIds(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(results[0]?.filePath).toBe(path.join(root, file)); // linted, not ignored
  return results.flatMap((result) =>
    result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`),
  );
}

describe('the layer rules', () => {
  it('accept clean imports: @studio/core, a lib module, a relative .ts import', async () => {
    expect(
      await ruleIds(
        'web/src/features/schedule/layers-probe.ts',
        `import { t } from '@studio/core';\nimport { useT } from '../../lib/i18n';\nexport const probe = [t, useT];\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'tests/stack/layers-probe.ts',
        `import { ROOT } from '../../scripts/lib/stack.ts';\nexport const probe = ROOT;\n`,
      ),
    ).toEqual([]);
  });

  it('resolve every import: a missing module is an error', async () => {
    expect(
      await ruleIds('web/src/lib/layers-probe.ts', `export { gone } from './no-such-module';\n`),
    ).toEqual(['import-x/no-unresolved']);
  });

  it('refuse a web feature importing another feature, for every feature folder', async () => {
    const features = readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(1);
    for (const [index, feature] of features.entries()) {
      const other = features[(index + 1) % features.length] ?? feature;
      const ids = await ruleIds(
        `web/src/features/${feature}/layers-probe.ts`,
        `export * from '../${other}/${moduleOf(other)}';\n`,
      );
      expect(ids, `${feature} importing ${other}`).toEqual(['import-x/no-restricted-paths']);
    }
  });

  it('refuse lib importing a feature and a feature importing the app', async () => {
    expect(
      await ruleIds('web/src/lib/layers-probe.ts', `export * from '../features/session';\n`),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'web/src/features/session/layers-probe.ts',
        `export * from '../../app/shell/shell';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuse core importing web, and an emulator importing core', async () => {
    expect(
      await ruleIds('core/src/layers-probe.ts', `export * from '../../web/src/lib/storage';\n`),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds('emulators/stripe/src/layers-probe.ts', `export * from '@studio/core';\n`),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuse a handler importing a trigger, and index.ts importing a handler or holding code', async () => {
    expect(
      await ruleIds(
        'functions/src/handlers/booking/layers-probe.ts',
        `export * from '../../triggers/callable';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/index.ts',
        `export { setUserRole } from './handlers/users/set-user-role';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('functions/src/index.ts', `export const inline = 1;\n`)).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('let a domain use the engine through its index, and refuse a deep import into it', async () => {
    expect(
      await ruleIds(
        'functions/src/handlers/credits/layers-probe.ts',
        `export { changeWallet } from '../../engine';\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'functions/src/handlers/credits/layers-probe.ts',
        `export { changeWallet } from '../../engine/wallets';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/triggers/layers-probe.ts',
        `export * from '../engine/transact';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuse the engine importing a domain handler or a trigger', async () => {
    expect(
      await ruleIds(
        'functions/src/engine/layers-probe.ts',
        `export * from '../handlers/booking/promote';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/engine/layers-probe.ts',
        `export * from '../triggers/callable';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuse a domain importing another outside the named steps, and a trigger of another domain', async () => {
    expect(
      await ruleIds(
        'functions/src/handlers/classes/layers-probe.ts',
        `export * from '../booking/promote';\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'functions/src/handlers/credits/layers-probe.ts',
        `export * from '../booking/promote';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/handlers/booking/layers-probe.ts',
        `export * from '../classes/cancel-class';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/handlers/payments/layers-probe.ts',
        `export * from '../credits/adjust-credits';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/triggers/credits/layers-probe.ts',
        `export * from '../../handlers/booking/book-class';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('keep the payments rooms in their order: shared files below, each room only what it names', async () => {
    expect(
      await ruleIds(
        'functions/src/handlers/payments/webhook/layers-probe.ts',
        `export * from '../checkout/fulfil-checkout';\nexport * from '../credit-grants';\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'functions/src/handlers/payments/subscriptions/layers-probe.ts',
        `export * from '../checkout/create-checkout-session';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/handlers/payments/coupons/layers-probe.ts',
        `export * from '../webhook/webhook';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/handlers/payments/layers-probe.ts',
        `export * from './refunds-and-disputes/refunds';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('let a domain use the mail library, and refuse the library reaching into a domain or the engine', async () => {
    expect(
      await ruleIds(
        'functions/src/handlers/booking/layers-probe.ts',
        `export { enqueueMail } from '../../mail';\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'functions/src/mail/layers-probe.ts',
        `export * from '../handlers/mail/deps';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds('functions/src/mail/layers-probe.ts', `export * from '../engine';\n`),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'functions/src/handlers/booking/layers-probe.ts',
        `export * from '../mail/resend-mail';\n`,
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuse a two-file cycle', async () => {
    // fixtures/cycle/b.ts imports a.ts on disk; this text of a.ts imports b.ts back.
    expect(
      await ruleIds(
        'tests/lint/fixtures/cycle/a.ts',
        `import { b } from './b';\nexport const a = 1;\nexport const c = b;\n`,
      ),
    ).toEqual(['import-x/no-cycle']);
  });
});

// import-x/no-cycle skips type-only imports (hard-coded, no option), so a circle made of
// `import type` passes the lint; this check walks every import, types and import() included,
// with the lint's own resolver.

interface Resolver {
  resolve: (modulePath: string, sourceFile: string) => { found: boolean; path?: string | null };
}

function isResolver(value: unknown): value is Resolver {
  return typeof value === 'object' && value !== null && 'resolve' in value;
}

async function lintResolvers(): Promise<Resolver[]> {
  const config: unknown = await eslint.calculateConfigForFile(path.join(root, 'core/src/index.ts'));
  const settings = (config as { settings?: Record<string, unknown> }).settings ?? {};
  const resolvers = settings['import-x/resolver-next'];
  if (!Array.isArray(resolvers) || resolvers.length === 0 || !resolvers.every(isResolver)) {
    throw new Error('eslint.config.js names no import-x resolver');
  }
  return resolvers;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Not sources of ours: dependencies, build output, local data (hidden folders), fixtures. */
const SKIPPED = new Set(['node_modules', 'functions/lib', 'web/dist', 'web/dev-dist', 'coverage']);

function sourceFiles(dir: string, skip: ReadonlySet<string>): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const relative = path.relative(root, full);
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || skip.has(relative)) {
      return [];
    }
    if (entry.isDirectory()) return sourceFiles(full, skip);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every group of files that import each other in a loop (Tarjan's strongly connected parts). */
function circles(files: readonly string[], resolvers: readonly Resolver[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const imported = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
    const targets = imported
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.') || name.startsWith('@studio/'))
      .map((name) => resolvers.map((r) => r.resolve(name, file)).find((r) => r.found)?.path)
      .filter((target): target is string => !!target && !target.includes('/node_modules/'));
    edges.set(file, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(path.relative(root, member));
      } while (member !== file);
      const selfImport = edges.get(file)?.includes(file) ?? false;
      if (part.length > 1 || selfImport) found.push(part.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('the import circles', () => {
  let resolvers: Resolver[];
  beforeAll(async () => {
    resolvers = await lintResolvers();
  });

  it('finds a circle of type-only imports', () => {
    const files = sourceFiles(path.join(fixtures, 'type-circle'), new Set());
    expect(circles(files, resolvers)).toEqual([
      ['tests/lint/fixtures/type-circle/a.ts', 'tests/lint/fixtures/type-circle/b.ts'],
    ]);
  });

  it('the house has none, type-only imports and import() included', () => {
    const files = sourceFiles(root, new Set([...SKIPPED, 'tests/lint/fixtures']));
    expect(files.length).toBeGreaterThan(100);
    expect(circles(files, resolvers)).toEqual([]);
  });
});
