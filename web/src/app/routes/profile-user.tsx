import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function ProfileUserPage() {
  return <RoutePlaceholder route={paths.profileUser} />;
}
