// What a page's first load fetches, read from the built bundle: the script index.html starts
// the current address's page with, and the check that keeps zod and date-fns off the first route
// (docs/architecture/performance.md#member-pages-painted-by-indexhtml).
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { DATA_PACKAGES, packageOf, repoPath } from './chunks';

type Chunk = Rolldown.OutputChunk;

/** The router's lazy pages: each file of this folder is named after its route (`paths.<x>.name`). */
const ROUTES_FOLDER = 'web/src/app/routes';
/** Lazy parts a page draws only for a signed-in member, as `<route>@member`: home's panels. */
const MEMBER_PARTS: Record<string, string> = { 'web/src/app/home-member-panels.tsx': 'inicio' };
/** Through this module pages read live: a lazy module that loads it reads a page's first data. */
const LIVE_READS = 'web/src/lib/realtime.ts';

/** A module a page imports on demand to read: a file of lib/ or of a feature's api/ folder. */
function isReader(id: string): boolean {
  const folder = path.posix.dirname(repoPath(id)).split('/');
  const [web, src, features, , api] = folder;
  const inFeatureApi = folder.length === 5 && features === 'features' && api === 'api';
  return web === 'web' && src === 'src' && (folder.join('/') === 'web/src/lib' || inFeatureApi);
}

/** The route a lazy chunk's module draws, if it is a page or a member part of one. */
function routeOf(id: string): string | null {
  const file = repoPath(id);
  if (MEMBER_PARTS[file]) return `${MEMBER_PARTS[file]}@member`;
  return path.posix.dirname(file) === ROUTES_FOLDER ? path.posix.basename(file, '.tsx') : null;
}

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Chunk> {
  const chunks = new Map<string, Chunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** The files `roots` load: themselves, their static imports and what `also` adds, less `skip`. */
function closure(
  chunks: ReadonlyMap<string, Chunk>,
  roots: readonly string[],
  skip: ReadonlySet<string> = new Set(),
  also: (chunk: Chunk) => readonly string[] = () => [],
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (chunk) queue.push(...chunk.imports, ...also(chunk));
  }
  return seen;
}

/** What the first route loads before its first render: the entry and its static imports. */
function entryClosure(chunks: ReadonlyMap<string, Chunk>): Set<string> {
  return closure(
    chunks,
    [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
}

const cssOf = (chunk: Chunk | undefined): Iterable<string> =>
  chunk?.viteMetadata?.importedCss ?? [];

/**
 * For each lazy page, by route name: its chunk, the chunks that imports statically or, for its
 * reading modules, dynamically, and their stylesheets, less what the entry already loads.
 */
export function routePreloads(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const chunks = chunksOf(bundle);
  const reads = (file: string) =>
    chunks.get(file)?.moduleIds.some((id) => repoPath(id) === LIVE_READS);
  const isData = (file: string) =>
    isReader(chunks.get(file)?.facadeModuleId ?? '') && [...closure(chunks, [file])].some(reads);
  const loaded = entryClosure(chunks);
  const loadedCss = new Set([...loaded].flatMap((file) => [...cssOf(chunks.get(file))]));
  const preloads: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const name = chunk.isDynamicEntry ? routeOf(chunk.facadeModuleId ?? '') : null;
    if (!name) continue;
    const files = [
      ...closure(chunks, [chunk.fileName], loaded, (c) => c.dynamicImports.filter(isData)),
    ];
    const css = new Set(files.flatMap((file) => [...cssOf(chunks.get(file))]));
    preloads[name] = [...files, ...[...css].filter((file) => !loadedCss.has(file))];
  }
  return preloads;
}

/**
 * The inline script that starts loading the current address's page while the entry loads.
 * Addresses are `/tabs/<name>/…` or `/<name>/…` (every pattern of config/paths.ts starts with its
 * route's name); a device whose `UID` names an account also gets the route's member parts.
 */
export function routePreloadScript(preloads: Record<string, string[]>): string {
  // Each file once, the routes by index into that list: the pages share most of their chunks.
  const files = [...new Set(Object.values(preloads).flat())];
  const routes = Object.fromEntries(
    Object.entries(preloads).map(([name, list]) => [name, list.map((f) => files.indexOf(f))]),
  );
  // In a block: a classic script's top-level names would become globals.
  return `{
const files = ${JSON.stringify(files)};
const routes = ${JSON.stringify(routes)};
const page = location.pathname.replace(/^\\/(tabs\\/)?/i, '').split('/')[0].toLowerCase();
let member = false;
try { const uid = localStorage.getItem('UID'); member = uid !== null && uid !== 'null'; } catch {}
const list = (key) => (Array.isArray(routes[key]) ? routes[key] : []);
const route = [...list(page), ...(member ? list(page + '@member') : [])];
for (const file of route.map((i) => files[i])) {
  const link = document.createElement('link');
  const css = file.endsWith('.css');
  link.rel = css ? 'preload' : 'modulepreload';
  if (css) link.as = 'style';
  link.crossOrigin = '';
  link.href = '/' + file;
  document.head.append(link);
}
}`;
}

/**
 * Writes `routePreloadScript` into index.html's head. Stylesheets are preloaded, not linked:
 * Vite's preload helper links them when the page is imported and waits for them, so a page never
 * renders unstyled; the preload only makes that fetch a cache hit.
 */
export function preloadRouteChunks(): Plugin {
  return {
    name: 'studio:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        bundle
          ? {
              html,
              tags: [
                {
                  tag: 'script',
                  children: routePreloadScript(routePreloads(bundle)),
                  injectTo: 'head',
                },
              ],
            }
          : html,
    },
  };
}

/** The modules the first route loads before its first render that `forbidden` picks. */
export function firstRouteLeaks(
  bundle: Rolldown.OutputBundle,
  forbidden: (id: string) => boolean,
): string[] {
  const chunks = chunksOf(bundle);
  return [...entryClosure(chunks)].flatMap((file) =>
    (chunks.get(file)?.moduleIds ?? []).filter(forbidden),
  );
}

/** A module of the data chunk's packages (zod, date-fns): never on the first route. */
export const isDataPackage = (id: string) => DATA_PACKAGES.includes(packageOf(id) ?? '');

/** Fails the build when a module of the entry or of the kit brings zod or date-fns with it. */
export function guardFirstRoute(): Plugin {
  return {
    name: 'studio:guard-first-route',
    apply: 'build',
    generateBundle(_options, bundle) {
      const leaks = firstRouteLeaks(bundle, isDataPackage);
      if (leaks.length > 0)
        this.error(
          `The first route would load ${leaks.length} modules of zod or date-fns, e.g. ${leaks[0]}: ` +
            'a module of the entry or of the kit (web/build/chunks.ts) imports them.',
        );
    },
  };
}
