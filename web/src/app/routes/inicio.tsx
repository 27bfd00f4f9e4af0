import { RoutePlaceholder } from '../../components/ui/route-placeholder';
import { paths } from '../../config/paths';

export default function InicioPage() {
  return <RoutePlaceholder route={paths.inicio} />;
}
