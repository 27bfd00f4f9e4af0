/**
 * Where a sign-in link brings the member back to once they are in
 * (docs/architecture/web-app.md#reading-live-data): the screen
 * that asked them to sign in (the cart, a class, My Classes), not the home screen.
 */
const NEXT_PARAM = 'next';

/** `href` (a sign-in or registration link) carrying `returnTo`, a path of this app, if any. */
export function withReturnTo(href: string, returnTo: string | null): string {
  return returnTo ? `${href}?${NEXT_PARAM}=${encodeURIComponent(returnTo)}` : href;
}

/**
 * The path to return to from a location's search string, or null. Only a path of this app is
 * taken: `//host`, `/\host` and full addresses would lead to another site.
 */
export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
