import { trainPackagesConfig } from '../../features/admin-catalog';
import { catalogRoute } from '../catalog-route';

/**
 * Training-credit packages (docs/architecture/admin-and-audit.md#catalogue): what buy-train-credits
 * sells.
 */
export default catalogRoute(trainPackagesConfig);
