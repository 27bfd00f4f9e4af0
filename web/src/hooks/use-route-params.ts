import { useParams } from 'wouter';
import type { RouteDef } from '../config/paths';

export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The `:name` segments a pattern declares, in order (`?` stripped). */
export function paramNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1).replace(/\?$/, ''));
}

/**
 * The current route's named parameters, decoded. The router decodes with `decodeURI`, which
 * leaves `%2F`, `%3A` and friends encoded; links are built with `encodeURIComponent`.
 */
export function useRouteParams(route: RouteDef): Readonly<Record<string, string | undefined>> {
  const params = useParams();
  return Object.fromEntries(
    paramNames(route.pattern).map((name) => {
      const raw = params[name];
      return [name, raw === undefined ? undefined : decodeParam(raw)];
    }),
  );
}
