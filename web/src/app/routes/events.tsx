import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function EventsPage() {
  return <RoutePlaceholder route={paths.events} />;
}
