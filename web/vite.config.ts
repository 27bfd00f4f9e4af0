// By path: Vite loads this file with Node, which cannot import the workspace's TypeScript by
// package name; esbuild bundles a relative import into the loaded config.
import { isHexColour, primaryContrast, TEXT_CONTRAST } from '../core/src/colour';
import { FORCE_HASH_UPDATE } from '../core/src/settings';
import { isEmulatorBuild, productionConfigProblems } from './src/lib/firebase-config';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig, loadEnv } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadTypefaces } from './build/typefaces';

const CORE_SOURCE = /[\\/]core[\\/]src[\\/]/;

/**
 * The kit chunk: the UI primitives and small browser helpers that most member pages draw with,
 * in one file loaded beside the entry
 * (docs/architecture/performance.md#the-kit-chunk-and-the-data-chunk). Split
 * automatically they were some 20 files of 0.2–1 KB, each page waiting for its share of them
 * over HTTP/1.1's six connections. A module's dependencies join it, so only modules that need
 * neither zod nor date-fns belong here: the first route stays within its budget.
 */
export const KIT_MODULE = new RegExp(
  [
    String.raw`[\\/]src[\\/]components[\\/]ui[\\/](alert-dialog|avatar|badge|bottom-sheet|button|card|dialog|dialog-loader|empty-state|field|icon-button|loading-line|segmented-control|sign-in-messages|sign-in-prompt|skeleton)\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/](callable-errors|class-names|connection|save-file|use-live|use-online|weekday-name)\.ts$`,
    // Imported by the data chunk's modules as well as by the entry: named here, so the data
    // chunk does not take them and the entry with them.
    String.raw`[\\/]src[\\/]lib[\\/](after-paint|firebase|firebase-config|firebase-setup|first-reads|storage|unsubscribe)\.ts$`,
    String.raw`[\\/]src[\\/]hooks[\\/]use-route-params\.ts$`,
    String.raw`[\\/]src[\\/]app[\\/]app-messages\.ts$`,
    String.raw`[\\/]src[\\/]features[\\/]auth[\\/](return-path|hooks[\\/]use-sign-in-href)\.ts$`,
  ].join('|'),
);

/**
 * The data chunk: what a page needs to read and check its first data, in one file (zod and the
 * core schemas the pages read through, date-fns and the studio's time, the REST first answers
 * and the kept copies). Left out: lib/realtime.ts, a chunk of its own, by which `routePreloads`
 * knows a data module. Never part of the first route (`guardFirstRoute`).
 */
export const DATA_MODULE_OF_CHUNK = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](zod|date-fns|date-fns-tz)[\\/]`,
    String.raw`[\\/]core[\\/]src[\\/](keys|paths|plan-state|roles|settings|time|user-directory)\.ts$`,
    String.raw`[\\/]core[\\/]src[\\/]schemas[\\/](catalog|classes|common|ledger|mail-preferences|payments|user)\.ts$`,
    String.raw`[\\/]core[\\/]src[\\/]booking[\\/](spots|window)\.ts$`,
    String.raw`[\\/]src[\\/]lib[\\/](indexed-query|kept-token|offline-copy|profile-update|rest-read|rest-url)\.ts$`,
  ].join('|'),
);

/** Modules that must never load with the first route: they are all in the data chunk's share. */
const NOT_FIRST_ROUTE = /[\\/]node_modules[\\/](zod|date-fns|date-fns-tz)[\\/]/;

/** The bundle's chunks by file name. */
function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/**
 * The files `roots` load: themselves and, transitively, the chunks they import statically, plus
 * those `alsoLoads` names for a file (a page's data modules); `skip` and its imports left out.
 */
function chunkClosure(
  chunks: ReadonlyMap<string, Rolldown.OutputChunk>,
  roots: readonly string[],
  skip: ReadonlySet<string> = new Set(),
  alsoLoads: (chunk: Rolldown.OutputChunk) => readonly string[] = () => [],
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    const chunk = chunks.get(file);
    if (chunk) queue.push(...chunk.imports, ...alsoLoads(chunk));
  }
  return seen;
}

/** What the first route loads before its first render: the entry and its static imports. */
function entryClosure(chunks: ReadonlyMap<string, Rolldown.OutputChunk>): Set<string> {
  const entry = [...chunks.values()].filter((chunk) => chunk.isEntry).map((c) => c.fileName);
  return chunkClosure(chunks, entry);
}

/** The modules the first route loads before its first render that match `forbidden`. */
export function firstRouteLeaks(bundle: Rolldown.OutputBundle, forbidden: RegExp): string[] {
  const chunks = chunksOf(bundle);
  return [...entryClosure(chunks)].flatMap((file) =>
    (chunks.get(file)?.moduleIds ?? []).filter((id) => forbidden.test(id)),
  );
}

/**
 * Fails the build when zod or date-fns would load with the first route: a module of the kit
 * that imports one of them brings the data chunk's 40 KB into every page's first load.
 */
export function guardFirstRoute(): Plugin {
  return {
    name: 'studio:guard-first-route',
    apply: 'build',
    generateBundle(_options, bundle) {
      const leaks = firstRouteLeaks(bundle, NOT_FIRST_ROUTE);
      if (leaks.length > 0)
        this.error(
          `The first route would load ${leaks.length} modules of zod or date-fns, e.g. ${leaks[0]}: ` +
            'a module of the entry or of the kit chunk (KIT_MODULE) imports them.',
        );
    },
  };
}

/**
 * The studio a build is for, from `VITE_STUDIO_NAME` and `VITE_STUDIO_COLOR`: what the manifest
 * and index.html carry before the app has read `Studio` from the database. A static PWA's
 * manifest is fixed at build time (docs/architecture/web-app.md#studio-branding).
 */
export interface BuildBranding {
  name: string;
  themeColour: string;
}

export const BUILT_IN_BRANDING: BuildBranding = { name: 'Studio', themeColour: '#0f5e59' };

export function buildBranding(env: Record<string, string | undefined>): BuildBranding {
  const name = env['VITE_STUDIO_NAME']?.trim() || BUILT_IN_BRANDING.name;
  const themeColour =
    env['VITE_STUDIO_COLOR']?.trim().toLowerCase() || BUILT_IN_BRANDING.themeColour;
  if (name.length > 60) throw new Error('VITE_STUDIO_NAME: at most 60 characters');
  if (!isHexColour(themeColour) || primaryContrast(themeColour) < TEXT_CONTRAST)
    throw new Error(
      `VITE_STUDIO_COLOR: expected #rrggbb reaching ${TEXT_CONTRAST}:1 on white, got "${themeColour}"`,
    );
  return { name, themeColour };
}

/** index.html's title, theme colour and painted header name for the build's studio. */
export function brandIndexHtml({ name, themeColour }: BuildBranding): Plugin {
  const text = name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    name: 'studio:brand-index-html',
    transformIndexHtml: (html) =>
      html
        .replace('<title>Studio</title>', `<title>${text}</title>`)
        .replace(
          `name="theme-color" content="${BUILT_IN_BRANDING.themeColour}"`,
          `name="theme-color" content="${themeColour}"`,
        )
        .replace(
          '<span class="app-title-text">Studio</span>',
          `<span class="app-title-text">${text}</span>`,
        ),
  };
}

export function pwaOptionsFor({ name, themeColour }: BuildBranding): Partial<VitePWAOptions> {
  return {
    // The app asks before it swaps to a new version (spec: a prompt, not a silent reload), and
    // registers the worker itself 30 s after start (features/pwa), so nothing is injected.
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['pwa-64x64.png', 'apple-touch-icon-180x180.png'],
    manifest: {
      name: `${name} — fitness classes`,
      short_name: name,
      description: 'Reserve classes, buy credits and manage your fitness studio.',
      lang: 'en',
      start_url: '/tabs/inicio',
      scope: '/',
      display: 'standalone',
      theme_color: themeColour,
      background_color: '#ffffff',
      icons: [
        { src: 'pwa-64x64.png', sizes: '64x64', type: 'image/png' },
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        {
          src: 'maskable-icon-512x512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      navigateFallback: '/index.html',
      // Firebase Hosting reserves /__/ (auth handler, init.json): never answer it from the cache.
      // /calendar/ is the member's feed (the calendarFeed function), not a page of the app.
      navigateFallbackDenylist: [/^\/__\//, /^\/calendar\//],
      // The spec's forceHashUpdate (§9) names the caches: raising it gives every installed app
      // fresh caches, the old ones dropped by cleanupOutdatedCaches, even when no file changed
      // (docs/architecture/web-app.md#spec-details-settled-here).
      cacheId: `studio-${FORCE_HASH_UPDATE}`,
      cleanupOutdatedCaches: true,
      // Showing pushes and opening their screen on a tap (public/push-sw.js).
      importScripts: ['/push-sw.js'],
    },
  };
}

export const pwaOptions = pwaOptionsFor(BUILT_IN_BRANDING);

/**
 * Writes the entry stylesheet into index.html as a `<style>`, so the first paint waits for no
 * request after the page itself (docs/architecture/web-app.md#first-route-and-the-deferred-shell).
 * The `<link>` stays, `disabled` so the browser
 * does not fetch it: Vite's preload helper reads the document's stylesheet links to know what is
 * loaded, and lazy chunks list the entry stylesheet among their dependencies.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'studio:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link: string, fileName: string) => {
            const asset = bundle?.[fileName];
            if (asset?.type !== 'asset' || typeof asset.source !== 'string') return link;
            return `<style>${asset.source}</style>\n  ${link.replace(/>$/, ' disabled>')}`;
          },
        );
      },
    },
  };
}

/** Where the router's lazy pages live; each file is named after its route (`paths.<x>.name`). */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z0-9-]+)\.tsx$/;

/**
 * The lazy parts a page draws only for a signed-in member, by route name: home's member panels
 * (app/routes/inicio.tsx), which main.tsx waits for on a device whose `UID` names an account.
 * Listed as `<route>@member`, preloaded only on such a device.
 */
const MEMBER_PARTS: Record<string, RegExp> = {
  inicio: /[\\/]src[\\/]app[\\/]home-member-panels\.tsx$/,
};

/**
 * Modules a page loads on demand to read (a feature's `api/`, `lib/`, reading through
 * `lib/realtime`): imported dynamically so the page's own chunk stays small, but needed for its
 * first data, so they are preloaded with it
 * (docs/architecture/performance.md#the-load-chain-of-a-data-page). Those that only write (a
 * form's submit) are left to load when used.
 */
const DATA_MODULE = /[\\/]src[\\/](features[\\/][a-z0-9-]+[\\/]api|lib)[\\/][^\\/]+\.tsx?$/;
const LIVE_READS = /[\\/]src[\\/]lib[\\/]realtime\.ts$/;

/**
 * For each lazy page of the router, by route name: the files it needs beyond what the entry
 * already loads — its chunk, the chunks that chunk imports statically or, for its data modules,
 * dynamically, and their stylesheets.
 */
export function routePreloads(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const chunks = chunksOf(bundle);
  const reads = (file: string) => chunks.get(file)?.moduleIds.some((id) => LIVE_READS.test(id));
  const isData = (file: string) =>
    DATA_MODULE.test(chunks.get(file)?.facadeModuleId ?? '') &&
    [...chunkClosure(chunks, [file])].some(reads);
  const dataModules = (chunk: Rolldown.OutputChunk) => chunk.dynamicImports.filter(isData);
  const loaded = entryClosure(chunks);
  const loadedCss = new Set([...loaded].flatMap((file) => [...cssOf(chunks.get(file))]));

  const preloads: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const facade = chunk.facadeModuleId ?? '';
    const memberPart = Object.entries(MEMBER_PARTS).find(([, module]) => module.test(facade));
    const name = !chunk.isDynamicEntry
      ? null
      : memberPart
        ? `${memberPart[0]}@member`
        : ROUTE_MODULE.exec(facade)?.[1];
    if (!name) continue;
    const files = [...chunkClosure(chunks, [chunk.fileName], loaded, dataModules)];
    const css = new Set(files.flatMap((file) => [...cssOf(chunks.get(file))]));
    preloads[name] = [...files, ...[...css].filter((file) => !loadedCss.has(file))];
  }
  return preloads;
}

function cssOf(chunk: Rolldown.OutputChunk | undefined): Iterable<string> {
  return chunk?.viteMetadata?.importedCss ?? [];
}

/**
 * The inline script that starts loading the current address's page while the entry loads, so
 * entry, page chunk and its imports download side by side instead of one after another
 * (docs/architecture/performance.md#route-preload). Addresses are `/tabs/<name>/…` or `/<name>/…`
 * (config/paths.ts: every pattern starts with its route's name).
 */
export function routePreloadScript(preloads: Record<string, string[]>): string {
  // Each file once, the routes by index into that list: the pages share most of their chunks.
  const files = [...new Set(Object.values(preloads).flat())];
  const routes = Object.fromEntries(
    Object.entries(preloads).map(([name, list]) => [name, list.map((f) => files.indexOf(f))]),
  );
  return [
    // In a block: a classic script's top-level names would become globals.
    `{`,
    `const files = ${JSON.stringify(files)};`,
    `const routes = ${JSON.stringify(routes)};`,
    `const page = location.pathname.replace(/^\\/(tabs\\/)?/i, '').split('/')[0].toLowerCase();`,
    // A device whose UID (spec §3) names an account: its member parts too (MEMBER_PARTS).
    `let member = false;`,
    `try { const uid = localStorage.getItem('UID'); member = uid !== null && uid !== 'null'; } catch {}`,
    `const list = (key) => (Array.isArray(routes[key]) ? routes[key] : []);`,
    `const route = [...list(page), ...(member ? list(page + '@member') : [])];`,
    `for (const file of route.map((i) => files[i])) {`,
    `  const link = document.createElement('link');`,
    `  const css = file.endsWith('.css');`,
    `  link.rel = css ? 'preload' : 'modulepreload';`,
    `  if (css) link.as = 'style';`,
    `  link.crossOrigin = '';`,
    `  link.href = '/' + file;`,
    `  document.head.append(link);`,
    `}`,
    `}`,
  ].join('\n');
}

/**
 * Writes `routePreloadScript` into index.html's head. Stylesheets are preloaded, not linked: Vite's
 * preload helper adds the `<link rel="stylesheet">` when the page is imported and waits for it,
 * so the page never renders unstyled; the preload only makes that fetch a cache hit.
 */
export function preloadRouteChunks(): Plugin {
  return {
    name: 'studio:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return {
          html,
          tags: [
            {
              tag: 'script',
              children: routePreloadScript(routePreloads(bundle)),
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

/**
 * Refuses a build for a real project that lacks its Firebase configuration or names a demo
 * project, naming each problem, so a deploy never ships an app that falls back to the demo
 * project. Builds for the local emulators (`--mode emulators`: web/.env.emulators) pass.
 */
export function requireProductionConfig(): Plugin {
  return {
    name: 'studio:require-production-config',
    apply: 'build',
    configResolved({ env, mode, isProduction }) {
      if (isEmulatorBuild(env)) return;
      const problems = productionConfigProblems(env);
      // Vite takes NODE_ENV over the mode; without `production` the app keeps its emulator code.
      if (!isProduction) problems.push(`NODE_ENV is "${process.env.NODE_ENV}", not production`);
      if (problems.length === 0) return;
      throw new Error(
        [
          `A "${mode}" build is for a real Firebase project and its configuration is not usable:`,
          ...problems.map((problem) => `  - ${problem}`),
          'Set the VITE_FIREBASE_* variables (environment or web/.env.production.local), or build',
          'for the local emulators with "npm run build -w web" (vite build --mode emulators).',
        ].join('\n'),
      );
    },
  };
}

export default defineConfig(({ mode }) => {
  const branding = buildBranding(loadEnv(mode, process.cwd(), 'VITE_STUDIO_'));
  return {
    plugins: [
      requireProductionConfig(),
      react(),
      VitePWA(pwaOptionsFor(branding)),
      brandIndexHtml(branding),
      inlineEntryCss(),
      preloadTypefaces(),
      preloadRouteChunks(),
      guardFirstRoute(),
    ],
    server: { port: 5173, strictPort: true },
    preview: { port: 4173 },
    build: {
      target: 'es2022',
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'kit', test: KIT_MODULE, priority: 2 },
              { name: 'data', test: DATA_MODULE_OF_CHUNK, priority: 1 },
            ],
          },
        },
        treeshake: {
          // @studio/core is pure definitions (design §1): the parts of it the app does not use can
          // be dropped even though its package.json does not say so.
          moduleSideEffects: (id: string) => (CORE_SOURCE.test(id) ? false : undefined),
        },
      },
    },
  };
});
