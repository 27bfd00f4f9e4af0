import type { FormHash } from '../http/form';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';

/** One API request, decoded: form or query parameters, path ids, and the events it produces. */
export interface ApiCall {
  store: Store;
  form: FormHash;
  ids: Record<string, string>;
  batch: EventBatch;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/customers/:id` */
  path: string;
  /** Returns the response body (already rendered). */
  handle: (call: ApiCall) => unknown;
}

/** Finds the route for a request, or `null`. */
export function matchRoute<R extends { method: string; path: string }>(
  routes: readonly R[],
  method: string,
  path: string,
): { route: R; ids: Record<string, string> } | null {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const ids: Record<string, string> = {};
    const matches = pattern.every((segment, index) => {
      const part = parts[index] ?? '';
      if (segment.startsWith(':')) {
        if (part === '') return false;
        try {
          ids[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          return false;
        }
        return true;
      }
      return segment === part;
    });
    if (matches) return { route, ids };
  }
  return null;
}
