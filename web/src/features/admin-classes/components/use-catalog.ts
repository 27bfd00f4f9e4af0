import { useLive } from '../../../lib/use-live';
import type { AdminClassesApi, ClassCatalog } from '../api/admin-classes-api';

/** The branches, class types, coaches and layouts, live; null until all have loaded. */
export function useClassCatalog(api: AdminClassesApi): ClassCatalog | null {
  return useLive<ClassCatalog | null>((onChange) => api.watchCatalog(onChange), null, [api]);
}
