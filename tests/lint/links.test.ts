/**
 * The repository explains itself: every relative link in the docs (Markdown links, `href`/`src`)
 * and every path to a Markdown file named in code, rules and configuration resolves to a file here,
 * and its `#anchor` to a heading of that file (GitHub's slugs). No file cites a document a reader
 * cannot open: the product's reasons live in docs/ (product-contract.md, glossary.md).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SELF = path.relative(root, import.meta.filename);

/** Not ours to check: dependencies, build output, local data, generated pictures, fixtures. */
const SKIPPED = new Set([
  'node_modules',
  'functions/lib',
  'web/dist',
  'web/dev-dist',
  'coverage',
  'tests/lint/fixtures',
]);
const TEXT = /\.(md|ts|tsx|mts|cts|js|mjs|cjs|json|html|css|ya?ml|sh)$/;

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const relative = path.relative(root, full);
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || SKIPPED.has(relative)) {
      return [];
    }
    if (entry.isDirectory()) return textFiles(full);
    return TEXT.test(entry.name) && entry.name !== 'package-lock.json' ? [relative] : [];
  });
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) slugs.add(match[1]!);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

const slugCache = new Map<string, Set<string>>();
function slugsOf(file: string): Set<string> {
  let slugs = slugCache.get(file);
  if (!slugs) {
    slugs = headingSlugs(readFileSync(path.join(root, file), 'utf8'));
    slugCache.set(file, slugs);
  }
  return slugs;
}

/** Markdown outside fenced code blocks and inline code spans. */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line.replace(/`[^`]*`/g, '``');
    })
    .join('\n');
}

/** The relative targets a Markdown file links to: `[text](target)`, `href="…"`, `src="…"`. */
function markdownTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && target !== '#');
}

/** Paths to Markdown files (with or without an anchor) that code, rules or config name. */
function namedDocuments(text: string): string[] {
  return [
    ...text.matchAll(/(?<![\w/.@-])((?:\.{1,2}\/)*[\w.-]+(?:\/[\w.-]+)*\.md)(?![\w.])(#[\w-]+)?/g),
  ]
    .filter((m) => !m[1]!.includes('://'))
    .map((m) => `${m[1]}${m[2] ?? ''}`);
}

/** The folder of the nearest package.json above `file` (a workspace names its own files). */
function workspaceOf(file: string): string {
  let dir = path.dirname(file);
  while (dir !== '.' && !existsSync(path.join(root, dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** Where a link or a named path from `file` leads, or why it leads nowhere. */
function broken(file: string, target: string, loose: boolean): string | undefined {
  const [rawPath = '', anchor] = target.split('#');
  const linkPath = decodeURI(rawPath.split('?')[0]!);
  const candidates =
    linkPath === ''
      ? [file]
      : linkPath.startsWith('/')
        ? [linkPath.slice(1)]
        : loose && !linkPath.startsWith('.')
          ? [path.dirname(file), '.', workspaceOf(file)].map((base) => path.join(base, linkPath))
          : [path.join(path.dirname(file), linkPath)];
  const found = candidates.find((candidate) => existsSync(path.join(root, candidate)));
  if (found === undefined) return `${file}: ${target} (no such file)`;
  if (anchor === undefined || anchor === '' || statSync(path.join(root, found)).isDirectory()) {
    return undefined;
  }
  if (!found.endsWith('.md')) return undefined;
  return slugsOf(found).has(anchor) ? undefined : `${file}: ${target} (no heading #${anchor})`;
}

/**
 * Citations of what is not in the repository: the product's outside specification, design notes
 * and market study by section, issue numbers of this project's tracker, the shared folders. A
 * public project's issue (`firebase-js-sdk issues 7843`) names where to read it, so it passes.
 */
const OUTSIDE = [
  /\b(?:spec|design)(?:\.md)? ?§/i,
  /\b(?:market|style|design|payments-notes)\.md\b/,
  /rtdb-emulator-spec/,
  /\/work\/shared|shared\/(?:docs|seed)\//,
  /(?<!(?:firebase-js-sdk|firebase-php|firebase-tools|flutterfire) )\b[Ii]ssues? #?\d+/,
];

describe('the repository explains itself', () => {
  const files = textFiles(root).filter((file) => file !== SELF);

  it('finds GitHub heading slugs', () => {
    expect([
      ...headingSlugs('# A\n## Paging (today)\n## Member pages painted by index.html\n## A'),
    ]).toEqual(['a', 'paging-today', 'member-pages-painted-by-indexhtml', 'a-1']);
  });

  it('resolves every relative link and anchor of the docs', () => {
    const markdown = files.filter((file) => file.endsWith('.md'));
    expect(markdown.length).toBeGreaterThan(50);
    const failures = markdown.flatMap((file) =>
      markdownTargets(readFileSync(path.join(root, file), 'utf8')).flatMap(
        (target) => broken(file, target, false) ?? [],
      ),
    );
    expect(failures).toEqual([]);
  });

  it('resolves every document code, rules and configuration name, anchor included', () => {
    const failures = files
      .filter((file) => !file.endsWith('.md'))
      .flatMap((file) =>
        namedDocuments(readFileSync(path.join(root, file), 'utf8')).flatMap(
          (target) => broken(file, target, true) ?? [],
        ),
      );
    expect(failures).toEqual([]);
  });

  it('cites nothing outside the repository', () => {
    const failures = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.some((pattern) => pattern.test(line))
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(failures).toEqual([]);
  });
});
