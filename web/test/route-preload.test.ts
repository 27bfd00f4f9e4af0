import path from 'node:path';
import { runInNewContext } from 'node:vm';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkGroups, DATA_FILES, KIT_FILES, missingFiles, ROOT } from '../build/chunks';
import {
  firstRouteLeaks,
  isDataPackage,
  routePreloads,
  routePreloadScript,
} from '../build/route-preload';

/** A module id as the bundler gives it: `/w/` stands for the repository's root. */
const at = (id: string) => (id.startsWith('/w/') ? path.join(ROOT, id.slice(3)) : id);

interface FakeChunk {
  file: string;
  module?: string;
  entry?: boolean;
  lazy?: boolean;
  /** The modules bundled in it, when the test needs them (the facade module otherwise). */
  modules?: string[];
  imports?: string[];
  dynamic?: string[];
  css?: string[];
}

/** Only the fields routePreloads reads; the rest of a chunk does not matter to it. */
function bundleOf(chunks: FakeChunk[]): Rolldown.OutputBundle {
  const outputs = chunks.map((chunk) => ({
    type: 'chunk',
    fileName: chunk.file,
    facadeModuleId: chunk.module ? at(chunk.module) : null,
    moduleIds: (chunk.modules ?? (chunk.module ? [chunk.module] : [])).map(at),
    isEntry: chunk.entry ?? false,
    isDynamicEntry: chunk.lazy ?? false,
    imports: chunk.imports ?? [],
    dynamicImports: chunk.dynamic ?? [],
    viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
  }));
  const css = chunks.flatMap((chunk) => chunk.css ?? []);
  const entries: [string, unknown][] = [
    ...outputs.map((output): [string, unknown] => [output.fileName, output]),
    ...css.map((file): [string, unknown] => [file, { type: 'asset', fileName: file, source: '' }]),
  ];
  return Object.fromEntries(entries) as Rolldown.OutputBundle;
}

const BUNDLE = bundleOf([
  {
    file: 'assets/index-1.js',
    module: '/w/web/index.html',
    entry: true,
    imports: ['assets/i18n-1.js'],
    css: ['assets/index-1.css'],
  },
  { file: 'assets/i18n-1.js' },
  {
    file: 'assets/calendario-1.js',
    module: '/w/web/src/app/routes/calendario.tsx',
    lazy: true,
    imports: ['assets/time-1.js', 'assets/i18n-1.js'],
    css: ['assets/calendario-1.css', 'assets/index-1.css'],
  },
  { file: 'assets/time-1.js', imports: ['assets/zod-1.js'] },
  { file: 'assets/zod-1.js' },
  {
    file: 'assets/sobre-nosotros-1.js',
    module: '/w/web/src/app/routes/sobre-nosotros.tsx',
    lazy: true,
    imports: ['assets/i18n-1.js'],
  },
  // Lazy, but not a page: loaded by the shell after the first render.
  {
    file: 'assets/firebase-apis-1.js',
    module: '/w/web/src/app/shell/firebase-apis.ts',
    lazy: true,
    imports: ['assets/zod-1.js'],
  },
]);

describe('the route preloads written into index.html', () => {
  it('lists each page with its static imports and stylesheets, less what the entry loads', () => {
    expect(routePreloads(BUNDLE)).toEqual({
      calendario: [
        'assets/calendario-1.js',
        'assets/time-1.js',
        'assets/zod-1.js',
        'assets/calendario-1.css',
      ],
      'sobre-nosotros': ['assets/sobre-nosotros-1.js'],
    });
  });

  function linksFor(
    pathname: string,
    bundle = BUNDLE,
    uid: string | null = null,
  ): { rel: string; as: string; href: string }[] {
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    runInNewContext(routePreloadScript(routePreloads(bundle)), {
      document,
      location: { pathname },
      localStorage: { getItem: (key: string) => (key === 'UID' ? uid : null) },
    });
    return [...document.head.querySelectorAll('link')].map((link) => ({
      rel: link.rel,
      as: link.getAttribute('as') ?? '',
      href: link.getAttribute('href') ?? '',
    }));
  }

  it('adds the data modules a page imports on demand to read, not its other lazy parts', () => {
    const bundle = bundleOf([
      { file: 'assets/index-1.js', module: '/w/web/index.html', entry: true },
      {
        file: 'assets/waitlist-1.js',
        module: '/w/web/src/app/routes/waitlist.tsx',
        lazy: true,
        imports: ['assets/schedule-1.js'],
      },
      {
        file: 'assets/schedule-1.js',
        dynamic: ['assets/watch-member-1.js', 'assets/cancel-dialog-1.js', 'assets/book-1.js'],
      },
      // Writes only (a button's call): loaded when used.
      {
        file: 'assets/book-1.js',
        module: '/w/web/src/features/schedule/api/book.ts',
        lazy: true,
        imports: ['assets/functions-sdk-1.js'],
      },
      { file: 'assets/functions-sdk-1.js' },
      {
        file: 'assets/watch-member-1.js',
        module: '/w/web/src/features/schedule/api/watch-member.ts',
        lazy: true,
        imports: ['assets/realtime-1.js'],
      },
      {
        file: 'assets/realtime-1.js',
        module: '/w/web/src/lib/realtime.ts',
        imports: ['assets/database-sdk-1.js'],
      },
      { file: 'assets/database-sdk-1.js' },
      // A dialog opened on a tap: loaded then, not with the page.
      {
        file: 'assets/cancel-dialog-1.js',
        module: '/w/web/src/features/schedule/components/cancel-dialog.tsx',
        lazy: true,
      },
    ]);
    expect(routePreloads(bundle)).toEqual({
      waitlist: [
        'assets/waitlist-1.js',
        'assets/schedule-1.js',
        'assets/watch-member-1.js',
        'assets/realtime-1.js',
        'assets/database-sdk-1.js',
      ],
    });
  });

  it('preloads the current address’s page, under /tabs and at the root, any case', () => {
    const calendario = [
      { rel: 'modulepreload', as: '', href: '/assets/calendario-1.js' },
      { rel: 'modulepreload', as: '', href: '/assets/time-1.js' },
      { rel: 'modulepreload', as: '', href: '/assets/zod-1.js' },
      { rel: 'preload', as: 'style', href: '/assets/calendario-1.css' },
    ];
    expect(linksFor('/tabs/calendario/choose/user')).toEqual(calendario);
    expect(linksFor('/calendario/choose/user')).toEqual(calendario);
    expect(linksFor('/TABS/Calendario/choose/user')).toEqual(calendario);
    expect(linksFor('/tabs/sobre-nosotros')).toEqual([
      { rel: 'modulepreload', as: '', href: '/assets/sobre-nosotros-1.js' },
    ]);
  });

  it('preloads home’s member panels only on a device whose UID names an account', () => {
    const bundle = bundleOf([
      { file: 'assets/index-1.js', module: '/w/web/index.html', entry: true },
      {
        file: 'assets/home-member-panels-1.js',
        module: '/w/web/src/app/home-member-panels.tsx',
        lazy: true,
        imports: ['assets/schedule-1.js'],
        css: ['assets/schedule-1.css'],
      },
      { file: 'assets/schedule-1.js' },
    ]);
    expect(routePreloads(bundle)).toEqual({
      'inicio@member': [
        'assets/home-member-panels-1.js',
        'assets/schedule-1.js',
        'assets/schedule-1.css',
      ],
    });
    const panels = [
      { rel: 'modulepreload', as: '', href: '/assets/home-member-panels-1.js' },
      { rel: 'modulepreload', as: '', href: '/assets/schedule-1.js' },
      { rel: 'preload', as: 'style', href: '/assets/schedule-1.css' },
    ];
    expect(linksFor('/tabs/inicio', bundle, 'demo-member')).toEqual(panels);
    expect(linksFor('/tabs/inicio', bundle, 'null')).toEqual([]);
    expect(linksFor('/tabs/inicio', bundle, null)).toEqual([]);
    expect(linksFor('/tabs/calendario', bundle, 'demo-member')).toEqual([]);
  });

  it('preloads nothing for the start page, unknown addresses or inherited names', () => {
    expect(linksFor('/tabs/inicio')).toEqual([]);
    expect(linksFor('/')).toEqual([]);
    expect(linksFor('/tabs/no-such-page')).toEqual([]);
    expect(linksFor('/tabs/constructor')).toEqual([]);
  });
});

describe('the first route and the shared chunks', () => {
  it('names the modules of zod or date-fns that the entry or its static imports would load', () => {
    const zod = '/w/node_modules/zod/v4/core/schemas.js';
    const bundle = bundleOf([
      {
        file: 'assets/index-1.js',
        module: '/w/web/index.html',
        entry: true,
        imports: ['assets/kit-1.js'],
      },
      { file: 'assets/kit-1.js', modules: ['/w/web/src/components/ui/card.tsx'] },
      { file: 'assets/data-1.js', modules: [zod, '/w/core/src/time.ts'] },
      {
        file: 'assets/paquetes-1.js',
        lazy: true,
        imports: ['assets/kit-1.js', 'assets/data-1.js'],
      },
    ]);
    expect(firstRouteLeaks(bundle, isDataPackage)).toEqual([]);
    const leaking = bundleOf([
      { file: 'assets/index-1.js', entry: true, imports: ['assets/kit-1.js'] },
      { file: 'assets/kit-1.js', imports: ['assets/data-1.js'] },
      { file: 'assets/data-1.js', modules: [zod, '/w/web/node_modules/date-fns/format.js'] },
    ]);
    expect(firstRouteLeaks(leaking, isDataPackage)).toEqual([
      at(zod),
      at('/w/web/node_modules/date-fns/format.js'),
    ]);
  });

  it('names only files that exist, so a renamed file fails the build', () => {
    expect(missingFiles([...KIT_FILES, ...DATA_FILES])).toEqual([]);
    expect(missingFiles(['web/src/lib/storage.ts', 'web/src/lib/no-such-file.ts'])).toEqual([
      'web/src/lib/no-such-file.ts',
    ]);
  });

  it('puts each listed file in its chunk, the kit first, and leaves the rest to the bundler', () => {
    const [kit, data] = chunkGroups();
    const chunkOf = (id: string) =>
      kit?.test(at(id)) ? 'kit' : data?.test(at(id)) ? 'data' : null;
    for (const id of [
      '/w/web/src/components/ui/card.tsx',
      '/w/web/src/components/ui/dialog-loader.ts',
      '/w/web/src/lib/use-live.ts',
      '/w/web/src/lib/first-reads.ts',
    ])
      expect(chunkOf(id), id).toBe('kit');
    for (const id of [
      '/w/node_modules/zod/v4/core/schemas.js',
      '/w/node_modules/date-fns-tz/dist/esm/toDate/index.js',
      '/w/web/node_modules/date-fns/format.js',
      '/w/core/src/schemas/classes.ts',
      '/w/web/src/lib/rest-read.ts',
    ])
      expect(chunkOf(id), id).toBe('data');
    // Radix's dialog loads on first opening, the admin's table with its screens; realtime.ts
    // stays a chunk of its own (routePreloads finds a page's reading modules by it); a file
    // of the same name elsewhere is not the listed one.
    for (const id of [
      '/w/web/src/components/ui/dialog-radix.tsx',
      '/w/web/src/components/ui/data-table/data-table.tsx',
      '/w/web/src/lib/realtime.ts',
      '/w/web/src/features/admin/card.tsx',
      '/w/functions/src/lib/storage.ts',
    ])
      expect(chunkOf(id), id).toBeNull();
  });
});
