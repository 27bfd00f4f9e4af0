import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminExercisePage() {
  return <RoutePlaceholder route={paths.adminExercise} />;
}
