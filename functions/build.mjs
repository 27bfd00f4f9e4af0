// Bundles the functions for the emulator and for `firebase deploy`. Deploy uploads functions/
// alone and installs only its package.json dependencies, so those stay external while the
// workspace package @studio/core (and whatever it imports) is inlined into lib/index.js.
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
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

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external,
  metafile: true,
  logLevel: 'warning',
});

// Guard the deploy contract: the bundle may only require what the deployed install provides.
const output = result.metafile.outputs['lib/index.js'];
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const unexpected = (output?.imports ?? [])
  .filter((entry) => entry.external)
  .map((entry) => entry.path)
  .filter((path) => !path.startsWith('node:') && !builtinModules.includes(path))
  .filter((path) => !dependencies.includes(packageOf(path)));
if (unexpected.length > 0) {
  throw new Error(
    `lib/index.js requires packages deploy will not install: ${unexpected.join(', ')}`,
  );
}
const inputs = Object.keys(result.metafile.inputs);
if (!inputs.some((file) => file.includes('core/src/'))) {
  throw new Error('Expected @studio/core to be inlined into lib/index.js.');
}
const bytes = output?.bytes ?? 0;
console.log(`functions: lib/index.js ${(bytes / 1024).toFixed(1)} KiB, ${inputs.length} inputs`);
