// Bundles the functions for the emulator and for `firebase deploy`. Deploy uploads functions/
// alone and installs only its package.json dependencies, so those stay external while the
// workspace package @studio/core (and whatever it imports) is inlined.
//
// Output (docs/decisions/140-functions-cold-start.md):
//   lib/all.js              every function (src/index.ts): deploy-time discovery, the emulator's
//                           discovery, and any process that names no function;
//   lib/functions/<name>.js one function and only what it imports (no stripe outside payments),
//                           its npm dependencies inlined too (RUNTIME_EXTERNAL below: the few
//                           left to node_modules), so an instance reads one file;
//   lib/index.js            `main`: loads lib/functions/$FUNCTION_TARGET.js when the runtime names
//                           one of ours (Cloud Run functions and the Functions emulator's workers
//                           set it to the entry point), lib/all.js otherwise.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
// `--outdir <dir>` builds elsewhere (the build test); deploy and the emulator use lib/.
const outdirFlag = process.argv.indexOf('--outdir');
const outDir = outdirFlag === -1 ? join(root, 'lib') : resolve(process.argv[outdirFlag + 1] ?? '');
/** The key esbuild's metafile gives an output file. */
const outKey = (...parts) => relative(root, join(outDir, ...parts));
const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const dependencies = Object.keys(manifest.dependencies ?? {});

if (dependencies.includes('@studio/core')) {
  // Listing it would make the deployed install fail: it is not published anywhere.
  throw new Error('@studio/core must not be a dependency of functions; it is bundled.');
}

const external = [
  ...dependencies.flatMap((name) => [name, `${name}/*`]),
  ...builtinModules.flatMap((name) => [name, `node:${name}`]),
];

// What a function's own bundle leaves to node_modules (docs/decisions/140-functions-cold-start.md).
// Everything else —
// firebase-functions, firebase-admin, stripe and their own dependencies — is inlined, so an
// instance reads one file instead of hundreds of small ones from node_modules. Left out:
// - firebase-admin's optional dependencies, which the deployed install provides (npm installs
//   optional dependencies): firebase-functions/v1's Firestore provider loads
//   @google-cloud/firestore (bootstrapUser; we use none of its APIs), 1.7 MB with google-gax
//   and its protos read from disk; @google-cloud/storage is never loaded;
// - packages required only on a path Node 22 never takes: node-fetch's optional `encoding`
//   (inside try/catch, not installed) and fetch-blob's web-streams-polyfill (only when
//   globalThis.ReadableStream is missing, Node < 18).
const RUNTIME_EXTERNAL = [
  '@google-cloud/firestore',
  '@google-cloud/storage',
  'encoding',
  'web-streams-polyfill',
];
const builtins = builtinModules.flatMap((name) => [name, `node:${name}`]);
const runtimeExternal = [...RUNTIME_EXTERNAL.flatMap((name) => [name, `${name}/*`]), ...builtins];

// zod's main entry re-exports every locale as `z.locales` (zod/v4/classic/external.js,
// zod/v4/core/index.js), so each bundle would carry some 50 of them, about 360 KB, for a namespace
// nothing here uses: zod's default error map is English (zod/v4/classic/schemas.js imports
// locales/en.js itself) and the app's messages come from core's catalogue. The build loads zod's
// locales index as `en` alone; `z.locales.de` and the like are then undefined.
// (The bundles import zod's ES build; checkOutput fails the build if another locale gets in.)
const ZOD_LOCALES_INDEX = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: ZOD_LOCALES_INDEX }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};
const otherZodLocale = (input) =>
  /node_modules\/zod\/.*locales\/(?!en\.|index\.)[^/]+$/.test(input);

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external,
  metafile: true,
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
};

/** Guards the deploy contract: a bundle may only require what the deployed install provides. */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
/**
 * `allowed`: the packages the file may require from node_modules (all.js: the dependencies; a
 * function's bundle: RUNTIME_EXTERNAL only).
 */
function checkOutput(file, output, inputs, allowed = dependencies) {
  const unexpected = (output.imports ?? [])
    .filter((entry) => entry.external)
    .map((entry) => entry.path)
    .filter((path) => !path.startsWith('node:') && !builtinModules.includes(path))
    .filter((path) => !allowed.includes(packageOf(path)));
  if (unexpected.length > 0) {
    throw new Error(
      `${file} requires packages it may not leave external: ${unexpected.join(', ')}`,
    );
  }
  const locales = inputs.filter(otherZodLocale);
  if (locales.length > 0) throw new Error(`${file} inlines zod locales: ${locales.join(', ')}`);
  if (!inputs.some((input) => input.includes('core/src/'))) {
    throw new Error(`Expected @studio/core to be inlined into ${file}.`);
  }
}

// 1. Every function in one bundle; its exports are the deployed names.
const all = await build({ ...common, entryPoints: ['src/index.ts'], outfile: outKey('all.js') });
const allOutput = all.metafile.outputs[outKey('all.js')];
if (allOutput === undefined) throw new Error('esbuild wrote no all.js');
checkOutput('lib/all.js', allOutput, Object.keys(all.metafile.inputs));
// Its exported names, from an ESM view of the same entry (esbuild records exports for ESM only).
const exportsView = await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  outfile: outKey('exports.mjs'),
  format: 'esm',
  metafile: true,
  write: false,
  logLevel: 'warning',
});
const names = [...(Object.values(exportsView.metafile.outputs)[0]?.exports ?? [])].sort();
if (names.length === 0 || names.some((name) => !/^[A-Za-z][A-Za-z0-9]*$/.test(name))) {
  throw new Error(`Unexpected exports of src/index.ts: ${names.join(', ')}`);
}

// 2. One bundle per function: `export { name } from './src/index'`, with our own modules other
// than src/index.ts marked free of side effects, so esbuild keeps only the trigger module that
// defines `name` and what it imports (a trigger's side effect is defining its export; no module
// in src/ does anything on import that another relies on).
const srcDir = join(root, 'src');
const srcIndex = join(srcDir, 'index.ts');
const ENTRY_NAMESPACE = 'function-entry';
const oneFunctionPerEntry = {
  name: 'one-function-per-entry',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^function-entry:/ }, (args) => ({
      path: args.path.slice(`${ENTRY_NAMESPACE}:`.length),
      namespace: ENTRY_NAMESPACE,
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, (args) => ({
      contents: `export { ${args.path} } from './src/index';`,
      resolveDir: root,
      loader: 'ts',
    }));
    pluginBuild.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === 'resolved') return undefined;
      const result = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolved',
      });
      if (result.errors.length > 0) return { errors: result.errors };
      // src/index.ts keeps its own statements (a setGlobalOptions() there applies to every bundle).
      const ours = !relative(srcDir, result.path).startsWith('..') && result.path !== srcIndex;
      return { ...result, sideEffects: ours ? false : result.sideEffects };
    });
  },
};
const perFunction = await build({
  ...common,
  entryPoints: names.map((name) => ({ in: `${ENTRY_NAMESPACE}:${name}`, out: name })),
  outdir: outKey('functions'),
  external: runtimeExternal,
  // The maps point at the sources without a copy of them: 19 copies of zod's would weigh 30 MB.
  sourcesContent: false,
  plugins: [zodEnglishOnly, oneFunctionPerEntry],
});
// The modules src/index.ts re-exports from: each bundle must hold exactly one of them.
const triggerModules = new Set(all.metafile.inputs['src/index.ts']?.imports.map((i) => i.path));
for (const name of names) {
  const file = `lib/functions/${name}.js`;
  const output = perFunction.metafile.outputs[outKey('functions', `${name}.js`)];
  if (output === undefined) throw new Error(`esbuild wrote no ${file}`);
  const inputs = Object.keys(output.inputs);
  const triggers = inputs.filter((input) => triggerModules.has(input));
  if (triggers.length !== 1) {
    throw new Error(`${file} holds ${triggers.length} trigger modules: ${triggers.join(', ')}`);
  }
  checkOutput(file, output, inputs, RUNTIME_EXTERNAL);
}
// A function removed from src/index.ts leaves no stale bundle behind.
const wanted = new Set(names.flatMap((name) => [`${name}.js`, `${name}.js.map`]));
for (const file of await readdir(join(outDir, 'functions'))) {
  if (!wanted.has(file)) await rm(join(outDir, 'functions', file));
}

// 3. The entry point: one function's bundle when the runtime names it, every function otherwise.
const index = `"use strict";
// Written by functions/build.mjs (docs/decisions/140-functions-cold-start.md). Cloud Run functions
// and the Functions
// emulator's workers set FUNCTION_TARGET to the entry point they serve: such an instance loads
// that function's bundle only. Deploy-time discovery sets none and loads every function.
const FUNCTIONS = new Set(${JSON.stringify(names)});
const target = process.env.FUNCTION_TARGET;
module.exports =
  target !== undefined && FUNCTIONS.has(target)
    ? require("./functions/" + target + ".js")
    : require("./all.js");
`;
await writeFile(join(outDir, 'index.js'), index);
// The single bundle of before docs/decisions/140-functions-cold-start.md left its map here.
await rm(join(outDir, 'index.js.map'), { force: true });

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const sizes = names
  .map((name) => perFunction.metafile.outputs[outKey('functions', `${name}.js`)]?.bytes ?? 0)
  .sort((a, b) => a - b);
console.log(
  `functions: lib/all.js ${kib(allOutput.bytes)} (${Object.keys(all.metafile.inputs).length} inputs); ` +
    `${names.length} functions in lib/functions/, ${kib(sizes[0] ?? 0)}–${kib(sizes.at(-1) ?? 0)} each`,
);
