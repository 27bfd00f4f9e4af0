import { coachesConfig } from '../../features/admin-catalog';
import { catalogRoute } from '../catalog-route';

/** Add coachs: coaches, optionally linked to a member account by uid. */
export default catalogRoute(coachesConfig);
