import type { Reference } from 'firebase-admin/database';

/** A reference's path from the root, decoded: `Users/m1/Credits`. */
export function refPath(ref: Reference): string {
  return ref
    .toString()
    .slice(ref.root.toString().length)
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeURIComponent)
    .join('/');
}
