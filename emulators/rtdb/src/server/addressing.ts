// Which namespace a request addresses and how a REST URL maps to a database path
//.

export const DEFAULT_NAMESPACE = 'demo-studio-default-rtdb';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Host header without the port (IPv6 literals keep their brackets). */
export function hostname(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * Namespace = the `ns` parameter when non-empty; else the first label of a Host with three or
 * more DNS labels (`foo.firebaseio.test` → `foo`, never an IP address); else the default.
 */
export function resolveNamespace(
  ns: string | null,
  hostHeader: string | undefined,
  fallback: string,
): string {
  if (ns !== null && ns.length > 0) return ns;
  const host = hostname(hostHeader);
  if (host.length > 0 && !host.startsWith('[') && !IPV4.test(host)) {
    const labels = host.split('.');
    const first = labels[0];
    if (labels.length >= 3 && first !== undefined && first.length > 0) return first;
  }
  return fallback;
}

export type RestTarget =
  | { kind: 'data'; path: string[] }
  | { kind: 'rules' }
  | { kind: 'settings'; name: string }
  | { kind: 'databases' }
  | { kind: 'emulator'; action: string }
  | { kind: 'not-found' };

export class BadPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadPathError';
  }
}

/**
 * Classifies a REST pathname. Data paths end in `.json` (a slash before it is allowed) and
 * every segment is percent-decoded; special locations start with `/.settings`, `/.inspect`
 * or `/.emulator`.
 */
export function parseRestPath(pathname: string): RestTarget {
  if (pathname === '/.settings/rules.json' || pathname === '/.settings/rules')
    return { kind: 'rules' };
  const settings = /^\/\.settings\/([^/]+)\.json$/.exec(pathname);
  if (settings?.[1] !== undefined) return { kind: 'settings', name: settings[1] };
  if (pathname === '/.inspect/databases.json') return { kind: 'databases' };
  const emulator = /^\/\.emulator\/([a-z-]+)(?:\.json)?$/.exec(pathname);
  if (emulator?.[1] !== undefined) return { kind: 'emulator', action: emulator[1] };
  if (!pathname.endsWith('.json')) return { kind: 'not-found' };
  const raw = pathname.slice(0, -'.json'.length);
  const segments: string[] = [];
  for (const part of raw.split('/')) {
    if (part.length === 0) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      throw new BadPathError(`Invalid path segment: ${part}`);
    }
    segments.push(decoded);
  }
  if (segments[0]?.startsWith('.')) return { kind: 'not-found' };
  return { kind: 'data', path: segments };
}
