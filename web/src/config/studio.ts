import { VERSION_LABEL } from '@studio/core';

/**
 * The branch (sucursal) the subscription offer is sold at: spec §2 has the buy-credits route
 * carry a branch. One deployment sells for one branch; 'centro' is the demo studio's branch
 * (`Branches/centro`, scripts/lib/seed.ts). Set VITE_STUDIO_BRANCH per site.
 */
export const STUDIO_BRANCH = import.meta.env.VITE_STUDIO_BRANCH?.trim() || 'centro';

export { VERSION_LABEL };
