/**
 * A chain of studios: each branch may keep its classes in a database instance of its own
 * (docs/scaling.md). Members, credits, plans, payments, mail, the directory, the catalogue and the
 * settings stay in the project's default instance; what a branch's classes make (the classes,
 * their rosters, the members' class views, attendance and the notifications about classes) lives
 * in the branch's instance. A studio whose branches name no instance keeps everything in one.
 */
import { z } from 'zod';
import { ROOTS } from './paths';

/**
 * A Realtime Database instance name as Firebase accepts it (the first label of its host name):
 * lowercase letters, digits and hyphens, starting with a letter, not ending with a hyphen.
 */
export const instanceNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/, 'not a database instance name');

/** The top-level nodes a branch instance holds for its classes. */
export const BRANCH_ROOTS = [
  ROOTS.classes,
  ROOTS.classRoster,
  ROOTS.userClasses,
  ROOTS.userWaitlist,
  ROOTS.attendance,
  ROOTS.notifications,
] as const;

/**
 * Whether `path` lives with a branch's classes. `Notifications` are in both: a class's notices
 * go to its instance, the member's own (credits, plans, payments) to the default one.
 */
export function isBranchPath(path: string): boolean {
  const root = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return (BRANCH_ROOTS as readonly string[]).includes(root);
}

export class InstanceUrlError extends Error {
  override name = 'InstanceUrlError';
}

/**
 * The URL of instance `instance` in the project whose default instance is at `defaultUrl`, in
 * the same region: `https://<name>.firebaseio.com` (us-central1),
 * `https://<name>.<region>.firebasedatabase.app`, or on the emulator the same host with
 * `?ns=<name>` (the emulator's namespaces stand for instances).
 */
export function instanceUrl(defaultUrl: string, instance: string): string {
  const name = instanceNameSchema.parse(instance);
  let url: URL;
  try {
    url = new URL(defaultUrl);
  } catch {
    throw new InstanceUrlError(`not a database URL: ${defaultUrl}`);
  }
  if (url.searchParams.has('ns')) {
    url.searchParams.set('ns', name);
    return url.toString();
  }
  const labels = url.hostname.split('.');
  const domain = labels.slice(1).join('.');
  if (domain === 'firebaseio.com' || /^[a-z0-9-]+\.firebasedatabase\.app$/.test(domain))
    return `${url.protocol}//${name}.${domain}`;
  throw new InstanceUrlError(`not a Realtime Database URL: ${defaultUrl}`);
}

/** The instance name a database URL addresses (its `ns` parameter, else its first host label). */
export function instanceOfUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return url.searchParams.get('ns') ?? url.hostname.split('.')[0] ?? '';
}

/** The instances a studio's branches name, each once, in the order first named. */
export function branchInstances(
  branches: Readonly<Record<string, { databaseInstance?: string | undefined }>>,
): string[] {
  const names = Object.values(branches)
    .map((branch) => branch.databaseInstance)
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)];
}
