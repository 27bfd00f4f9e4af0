import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { withReturnTo } from '../return-path';

/** The sign-in link of a screen that needs a member: it comes back here afterwards. */
export function useSignInHref(): string {
  const [location] = useLocation();
  return withReturnTo(paths.login.getHref({}), location);
}
