/**
 * Where a hosted checkout may send the member back to: pages of this app only. A Stripe page in
 * the studio's name that redirects anywhere would be a phishing tool, so `successUrl` and
 * `cancelUrl` must be on one of the app's configured origins (scheme, host and port).
 */

/** The local stack's Hosting and Vite dev server (design §8), by IP and by name. */
export const LOCAL_APP_ORIGINS: readonly string[] = [
  'http://127.0.0.1:5000',
  'http://localhost:5000',
  'http://127.0.0.1:5173',
  'http://localhost:5173',
];

/** Firebase Hosting's own domains for a project. */
export function hostingOrigins(projectId: string): string[] {
  return [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
}

/** The origin of an absolute http(s) URL, or undefined. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // Credentials in a return URL only serve to disguise where it goes.
    if (url.username !== '' || url.password !== '') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** Parses a comma-separated origin list (`APP_ORIGINS`); entries that are not origins are dropped. */
export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .map((entry) => originOf(entry))
    .filter((origin): origin is string => origin !== undefined);
}

/** Whether `url` is a page on one of `origins`. */
export function isAppUrl(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== undefined && origins.includes(origin);
}
