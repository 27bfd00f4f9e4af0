/**
 * The Realtime Database's REST address of a path (`<databaseURL>/<path>.json`, with the query
 * parameters JSON-encoded as the API wants them), for `lib/rest-read.ts`. Pure: no SDK, no
 * browser, so the tests build the same addresses the app does.
 */
import type { FirebaseSetup } from './firebase-config';

/** REST query parameters; each value is sent JSON-encoded, as the API wants (`orderBy="uid"`). */
export type RestParams = Record<string, string | number | boolean>;

/**
 * The REST address of `path` in `setup`'s database (the emulator's, with its `ns`), or in the
 * instance at `databaseURL` (a branch's, lib/instances.ts).
 */
export function restUrl(
  setup: FirebaseSetup,
  path: string,
  params: RestParams = {},
  token?: string,
  databaseURL: string = setup.options.databaseURL ?? '',
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, JSON.stringify(value));
  let base = databaseURL.replace(/\/+$/, '');
  if (setup.emulators) {
    const { host, port } = setup.emulators.database;
    base = `http://${host}:${port}`;
    search.set('ns', new URL(databaseURL).hostname.split('.')[0] ?? '');
  }
  if (token !== undefined) search.set('auth', token);
  // Keys may hold characters a URL gives a meaning to (`%`, `?`, `&`, spaces): each segment is
  // encoded, the separators kept.
  const segments = path.split('/').filter((segment) => segment !== '');
  return `${base}/${segments.map(encodeURIComponent).join('/')}.json?${search.toString()}`;
}
