import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminCoachPage() {
  return <RoutePlaceholder route={paths.adminCoach} />;
}
