/**
 * Prints what the first screen downloads after `npm run build -w web`: the entry script, the
 * chunks it imports statically (they load before anything renders) and the home page's chunk.
 * Figures only; the budget (150 KB gzip) is read by people, not asserted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const assets = new URL('assets/', dist);

function read(file: string): string {
  return readFileSync(new URL(file, assets), 'utf8');
}

/** Static imports between chunks: `import{…}from"./x.js"` and bare `import"./x.js"`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function closure(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(read(file)));
  }
  return [...seen];
}

const html = readFileSync(new URL('index.html', dist), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('dist/index.html has no module script: run the build first');
const home = readdirSync(assets).find((file) => /^inicio-[\w-]+\.js$/.test(file));
if (!home) throw new Error('no chunk for the inicio page in dist/assets');

const files = closure([entry, home]);
const rows = files.map((file) => {
  const code = Buffer.from(read(file));
  return { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);

console.log('First route (/tabs/inicio) JavaScript:');
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${kb(row.bytes)} ${kb(row.gzip)} gzip  ${row.file}`);
}
const total = rows.reduce(
  (sum, row) => ({ bytes: sum.bytes + row.bytes, gzip: sum.gzip + row.gzip }),
  {
    bytes: 0,
    gzip: 0,
  },
);
console.log(`${kb(total.bytes)} ${kb(total.gzip)} gzip  total (budget 150 KB gzip)`);

const lazy = readdirSync(assets)
  .filter((file) => file.endsWith('.js') && !files.includes(file))
  .map((file) => ({ file, gzip: gzipSync(readFileSync(new URL(file, assets))).length }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 5);
console.log('\nLargest chunks loaded later:');
for (const row of lazy) console.log(`${kb(row.gzip)} gzip  ${row.file}`);
