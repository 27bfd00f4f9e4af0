import { exercisesConfig } from '../../features/admin-catalog';
import { catalogRoute } from '../catalog-route';

/** Admin excersises: the class types. */
export default catalogRoute(exercisesConfig);
