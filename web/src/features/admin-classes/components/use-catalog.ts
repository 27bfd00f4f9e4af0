import { useLive } from '../../../lib/use-live';
import type { AdminClassesApi, ClassCatalog } from '../api/admin-classes-api';

/**
 * The branches, class types, coaches and layouts, live; null until all have loaded. A branch
 * manager's (`branchScope`) holds their branch alone: the forms offer no other, as the class
 * callables accept no other (`outsideBranch`).
 */
export function useClassCatalog(
  api: AdminClassesApi,
  branchScope: string | null = null,
): ClassCatalog | null {
  const catalog = useLive<ClassCatalog | null>((onChange) => api.watchCatalog(onChange), null, [
    api,
  ]);
  if (catalog === null || branchScope === null) return catalog;
  const own = Object.hasOwn(catalog.branches, branchScope)
    ? catalog.branches[branchScope]
    : undefined;
  return { ...catalog, branches: own === undefined ? {} : { [branchScope]: own } };
}
