/**
 * What the first screen downloads after `npm run build -w web`: the entry script, the chunks it
 * imports statically (they load before anything renders) and the home page's chunk with its own
 * static imports. Shared by `npm run size` and the web benchmark.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * The budget of docs/benchmarks.md: the first route's initial JavaScript, gzip -9. The web bench
 * prints it as the target; `npm run deploy:check` refuses a production build over it.
 */
export const FIRST_ROUTE_BUDGET_BYTES = 150 * 1024;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface FirstRouteBundle {
  /** Every chunk the first route (/tabs/inicio) loads before it renders, largest first. */
  chunks: ChunkSize[];
  total: { bytes: number; gzip: number };
  /**
   * What the shell fetches right after the first render (session, Auth SDK, dialogs, side menu:
   * the `shell-deferred` and `firebase-apis` chunks and their static imports), first route aside.
   */
  afterFirstRender: { bytes: number; gzip: number };
  /** Chunks loaded later, largest first. */
  lazy: ChunkSize[];
}

/** Static imports between chunks: `import{…}from"./x.js"` and bare `import"./x.js"`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function size(file: string, code: Buffer): ChunkSize {
  return { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

export function measureFirstRoute(dist = new URL('../dist/', import.meta.url)): FirstRouteBundle {
  const assets = new URL('assets/', dist);
  const read = (file: string) => readFileSync(new URL(file, assets));
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/index.html has no module script: run the build first');
  // The home page is part of the entry (docs/decisions/103-start-page-in-the-entry.md); a chunk of
  // its own is counted if it has one.
  const home = readdirSync(assets).find((file) => /^inicio-[\w-]+\.js$/.test(file));

  const closure = (roots: string[], skip: ReadonlySet<string> = new Set()) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const file = queue.shift();
      if (!file || seen.has(file) || skip.has(file)) continue;
      seen.add(file);
      queue.push(...staticImports(read(file).toString('utf8')));
    }
    return seen;
  };
  const sum = (rows: ChunkSize[]) =>
    rows.reduce((total, row) => ({ bytes: total.bytes + row.bytes, gzip: total.gzip + row.gzip }), {
      bytes: 0,
      gzip: 0,
    });

  const seen = closure(home ? [entry, home] : [entry]);
  const chunks = [...seen].map((file) => size(file, read(file))).sort((a, b) => b.gzip - a.gzip);
  const total = sum(chunks);
  const deferredRoots = readdirSync(assets).filter((file) =>
    /^(shell-deferred|firebase-apis)-[\w-]+\.js$/.test(file),
  );
  const afterFirstRender = sum(
    [...closure(deferredRoots, seen)].map((file) => size(file, read(file))),
  );
  const lazy = readdirSync(assets)
    .filter((file) => file.endsWith('.js') && !seen.has(file))
    .map((file) => size(file, read(file)))
    .sort((a, b) => b.gzip - a.gzip);
  return { chunks, total, afterFirstRender, lazy };
}

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
