import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function UserListClassPage() {
  return <RoutePlaceholder route={paths.userListClass} />;
}
