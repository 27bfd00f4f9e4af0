import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminPreciosEventsPage() {
  return <RoutePlaceholder route={paths.adminPreciosEvents} />;
}
