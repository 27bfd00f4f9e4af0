import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function CalendarioPage() {
  return <RoutePlaceholder route={paths.calendario} />;
}
