import { useLocation, useSearch } from 'wouter';
import { paths } from '../../../config/paths';
import { withReturnTo } from '../return-path';

/**
 * The sign-in link of a screen that needs a member: it comes back here afterwards, with this
 * screen's query (a chosen package, docs/architecture/web-app.md#reading-live-data). `promocode`:
 * the coupon the link carries on.
 */
export function useSignInHref({
  promocode,
}: { promocode?: string | null | undefined } = {}): string {
  const [location] = useLocation();
  const search = useSearch();
  const login = paths.login.getHref(promocode ? { promocode } : {});
  return withReturnTo(login, search ? `${location}?${search}` : location);
}
