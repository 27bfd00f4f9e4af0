import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminListsClassPage() {
  return <RoutePlaceholder route={paths.adminListsClass} />;
}
