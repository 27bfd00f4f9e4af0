// Where every functions benchmark writes its figures: one `## ` section of docs/benchmarks.md,
// replaced in place on each run. A `###` subsection written by hand under it (an analysis, a
// profile's findings) is kept after the generated part.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { flag, log } from './support/harness';

export const BENCHMARKS_FILE = path.resolve(__dirname, '../../docs/benchmarks.md');

/** Where a section that is not in the file yet goes: before one heading, or after one section. */
export type SectionPlace = { before: string } | { after: string } | undefined;

/**
 * A run's section: printed with `--no-write`, else written into docs/benchmarks.md (in place, or
 * at `place` the first time).
 */
export function publishBenchmarkSection(
  heading: string,
  markdown: string,
  place?: SectionPlace,
): void {
  if (flag('--no-write')) {
    log(markdown);
    return;
  }
  writeBenchmarkSection(heading, markdown, place);
  log('Written to docs/benchmarks.md');
}

/** `existing` with `heading`'s generated part replaced by `markdown` (pure, for the writers). */
export function spliceSection(
  existing: string,
  heading: string,
  markdown: string,
  place?: SectionPlace,
): string {
  const start = existing.indexOf(`${heading}\n`);
  if (start !== -1) {
    const ends = ['\n## ', '\n### ']
      .map((mark) => existing.indexOf(mark, start + heading.length))
      .filter((index) => index !== -1);
    const next = ends.length === 0 ? -1 : Math.min(...ends);
    const tail = next === -1 ? '' : existing.slice(next + 1);
    return `${existing.slice(0, start)}${markdown}\n${tail === '' ? '' : `\n${tail}`}`;
  }
  let at = -1;
  if (place && 'before' in place) {
    const before = existing.indexOf(`\n${place.before}\n`);
    at = before === -1 ? -1 : before + 1;
  } else if (place && 'after' in place) {
    const after = existing.indexOf(`\n${place.after}\n`);
    const next = after === -1 ? -1 : existing.indexOf('\n## ', after + 1);
    at = next === -1 ? -1 : next + 1;
  }
  return at === -1
    ? `${existing.trimEnd()}\n\n${markdown}\n`
    : `${existing.slice(0, at)}${markdown}\n\n${existing.slice(at)}`;
}

/** Writes `markdown` as the section `heading` of docs/benchmarks.md. */
export function writeBenchmarkSection(
  heading: string,
  markdown: string,
  place?: SectionPlace,
): void {
  let existing = '# Benchmarks\n';
  try {
    existing = readFileSync(BENCHMARKS_FILE, 'utf8');
  } catch {
    // First run: the file starts with its title.
  }
  writeFileSync(BENCHMARKS_FILE, spliceSection(existing, heading, markdown, place));
}
