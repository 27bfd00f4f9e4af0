/**
 * Where a hosted checkout may send the member back to: pages of this app only. A Stripe page in
 * the studio's name that redirects anywhere would be a phishing tool, so `successUrl` and
 * `cancelUrl` must be on one of the app's configured origins (scheme, host and port).
 */

/** The local stack's Hosting and Vite dev server, by IP and by name. */
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

/** The environment the functions read their app origins from. */
export interface AppOriginsEnv {
  readonly [name: string]: string | undefined;
}

/**
 * True only inside the local emulators: the Functions emulator sets `FUNCTIONS_EMULATOR`, and
 * the local stack and the in-process tests point the Admin SDK at emulators. A deployed
 * function has none of these.
 */
export function runsOnEmulators(env: AppOriginsEnv): boolean {
  return (
    env['FUNCTIONS_EMULATOR'] === 'true' ||
    Boolean(env['FIREBASE_AUTH_EMULATOR_HOST']?.trim()) ||
    Boolean(env['FIREBASE_DATABASE_EMULATOR_HOST']?.trim())
  );
}

/** Whether an origin names this machine (never a production app's address). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/**
 * The app's origins: checkout and portal return pages must be on one, and the first is the
 * address mail and calendar links point at. `APP_ORIGINS` when set (comma-separated; required
 * for a deploy, `npm run deploy:check -- --project <id>`); unset, the project's Hosting domains,
 * and the local stack's origins only on the emulators, so a deployed function never sends a
 * member back to `localhost`.
 */
export function appOriginsFromEnv(env: AppOriginsEnv): string[] {
  const configured = parseOrigins(env['APP_ORIGINS'] ?? '');
  if (configured.length > 0) return configured;
  const project = env['GCLOUD_PROJECT'] ?? env['GOOGLE_CLOUD_PROJECT'];
  return [
    ...(project ? hostingOrigins(project) : []),
    ...(runsOnEmulators(env) ? LOCAL_APP_ORIGINS : []),
  ];
}

/**
 * Why `APP_ORIGINS` cannot serve a deployed project: unset, an entry that is not an origin, a
 * plain-http or loopback origin. Empty when it can.
 */
export function appOriginsProblems(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return ['APP_ORIGINS is not set'];
  return entries.flatMap((entry) => {
    const [origin] = parseOrigins(entry);
    if (origin === undefined) return [`"${entry}" is not an origin`];
    if (isLoopbackOrigin(origin)) return [`${origin} is this machine, not the app's address`];
    if (!origin.startsWith('https://')) return [`${origin} is not https`];
    return [];
  });
}
