// `npm run typefaces -w web`: writes web/src/styles/typefaces.css from web/src/lib/typefaces.ts.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { typefacesCss } from '../build/typefaces';

const file = fileURLToPath(new URL('../src/styles/typefaces.css', import.meta.url));
writeFileSync(file, await typefacesCss());
console.log(`wrote ${file}`);
