import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AllUsersPage() {
  return <RoutePlaceholder route={paths.allUsers} />;
}
