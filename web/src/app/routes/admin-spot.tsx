import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function AdminSpotPage() {
  return <RoutePlaceholder route={paths.adminSpot} />;
}
