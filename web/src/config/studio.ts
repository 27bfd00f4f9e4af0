import { VERSION_LABEL } from '@studio/core';

/**
 * The branch (sucursal) the subscription offer is sold at: the product's buy-credits route has
 * carry a branch. One deployment sells for one branch; 'centro' is the demo studio's branch
 * (`Branches/centro`, scripts/lib/seed.ts). Set VITE_STUDIO_BRANCH per site.
 */
export const STUDIO_BRANCH = import.meta.env.VITE_STUDIO_BRANCH?.trim() || 'centro';

export { VERSION_LABEL };

/**
 * The studio's name this build was made for (`VITE_STUDIO_NAME`, also in the manifest and
 * index.html), shown until the database's `Studio` is known; else the app's own name.
 */
export const BUILT_IN_STUDIO_NAME: string | undefined =
  import.meta.env.VITE_STUDIO_NAME?.trim() || undefined;
