import { singleClassConfig } from '../../features/admin-catalog';
import { catalogRoute } from '../catalog-route';

/** The single-class price: a one-credit package. */
export default catalogRoute(singleClassConfig);
