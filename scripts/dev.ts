// `npm run dev`: the Vite dev server with hot reload on 5173, against the emulators that
// `npm start` runs (the app connects to them because it is served from 127.0.0.1/localhost).
import { spawn } from 'node:child_process';
import { isPortFree } from './lib/ports.ts';
import { DEFAULT_PORTS, ROOT } from './lib/stack.ts';

if (await isPortFree(DEFAULT_PORTS.database)) {
  console.warn(
    `! Nothing listens on port ${DEFAULT_PORTS.database}: start the emulators with "npm start" in another terminal.`,
  );
}
const child = spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
