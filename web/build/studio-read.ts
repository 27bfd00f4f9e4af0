// Where index.html reads `Studio` on a first visit (no branding kept on the device yet): the
// database's REST address of the node, so the start page can draw the studio's cover before the
// app's scripts have loaded (docs/architecture/web-app.md#studio-branding).
import type { Plugin } from 'vite';
import type { FirebaseEnv } from '../src/lib/firebase-config';
import {
  DEFAULT_EMULATOR_PORTS,
  isEmulatorBuild,
  productionSetup,
  resolveFirebaseSetup,
} from '../src/lib/firebase-config';
import { restUrl } from '../src/lib/rest-url';

/** The placeholder in index.html's start-page script: `null`, no early read, until built. */
export const STUDIO_READ_PLACEHOLDER = '/* studio-read */ null';

/**
 * The read index.html makes: a fixed address for a real project; for the emulators the parts
 * the page completes at run time, as lib/firebase-config.ts does (the page's host unless the
 * build names one; a stack's own port from `__STUDIO_EMULATOR_PORTS__`).
 */
export type StudioRead =
  { url: string } | { emulator: { host: string | null; port: number; ns: string } };

export function studioReadFor(env: FirebaseEnv, forEmulators: boolean): StudioRead {
  if (!forEmulators) return { url: restUrl(productionSetup(env), 'Studio') };
  // The app's own emulator setup (its defaults and port checks); the host is the page's.
  const { options, emulators } = resolveFirebaseSetup(
    { ...env, VITE_USE_EMULATORS: 'true' },
    'localhost',
  );
  return {
    emulator: {
      host: env.VITE_EMULATOR_HOST?.trim() || null,
      port: emulators?.database.port ?? DEFAULT_EMULATOR_PORTS.database,
      ns: new URL(options.databaseURL ?? '').hostname.split('.')[0] ?? '',
    },
  };
}

/**
 * The script expression index.html reads: the address itself for a real project; for the
 * emulators one the page completes, so only an emulator build carries the stack's port hook.
 * `<` escaped: nothing in the address can close the script.
 */
export function studioReadExpression(read: StudioRead): string {
  const expression =
    'url' in read
      ? JSON.stringify(read.url)
      : `'http://' + (${JSON.stringify(read.emulator.host)} || location.hostname) + ':' + ` +
        `((window.__STUDIO_EMULATOR_PORTS__ || {}).database || ${read.emulator.port}) + ` +
        `${JSON.stringify(`/Studio.json?ns=${encodeURIComponent(read.emulator.ns)}`)}`;
  return expression.replace(/</g, '\\u003c');
}

/** Writes the build's read of `Studio` into index.html's start-page script. */
export function studioReadInIndexHtml(): Plugin {
  let read: StudioRead | undefined;
  return {
    name: 'studio:studio-read',
    configResolved({ env, isProduction }) {
      const forEmulators = !isProduction || isEmulatorBuild(env);
      read = studioReadFor(env, forEmulators);
    },
    transformIndexHtml(html) {
      if (!html.includes(STUDIO_READ_PLACEHOLDER) || read === undefined)
        throw new Error('index.html: the start page script has no studio-read placeholder');
      return html.replace(STUDIO_READ_PLACEHOLDER, studioReadExpression(read));
    },
  };
}
