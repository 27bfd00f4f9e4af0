import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminPreciosPage() {
  return <RoutePlaceholder route={paths.adminPrecios} />;
}
